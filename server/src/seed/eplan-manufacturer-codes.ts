/**
 * EPLAN writes the manufacturer of a part as the short code of its parts database ("PXC.3209510", column
 * "Hersteller" = "PXC"); a BOM exported from EPLAN therefore names manufacturers by these codes. The codes of
 * the manufacturers a control-cabinet builder meets most, as name variants of the manufacturer (SPEC §3
 * Manufacturer nameVariants), so the BOM matching resolves them. The same table is the operator's file
 * `eplan-manufacturer-codes.csv` (README "EPLAN-Herstellerkürzel"); a test keeps both equal.
 */
export const EPLAN_MANUFACTURER_CODES: readonly (readonly [code: string, manufacturer: string])[] = [
  ['ABB', 'ABB'],
  ['ETN', 'Eaton'],
  ['MOE', 'Eaton'],
  ['FIN', 'Finder'],
  ['HAG', 'Hager'],
  ['ICO', 'Icotek'],
  ['LAP', 'Lapp'],
  ['LAPP', 'Lapp'],
  ['MUR', 'Murrelektronik'],
  ['PHO', 'Phoenix Contact'],
  ['PXC', 'Phoenix Contact'],
  ['PIZ', 'Pilz'],
  ['RIT', 'Rittal'],
  ['SE', 'Schneider Electric'],
  ['SEG', 'Schneider Electric'],
  ['TEL', 'Schneider Electric'],
  ['SIE', 'Siemens'],
  ['WAG', 'WAGO'],
  ['WAGO', 'WAGO'],
  ['WEI', 'Weidmüller'],
  ['BECK', 'Beckhoff'],
  ['HELU', 'Helukabel'],
  ['FES', 'Festo'],
  ['SICK', 'Sick'],
  ['HAR', 'Harting'],
];

/**
 * A manufacturer's variants with its EPLAN codes added: a code that already is one of its names (display
 * name, abbreviation, a variant; compared case-insensitively) is not added twice.
 */
export function withEplanCodes(manufacturer: {
  displayName: string;
  abbreviation: string;
  nameVariants: string[];
}): string[] {
  const names = new Set(
    [manufacturer.displayName, manufacturer.abbreviation, ...manufacturer.nameVariants].map((name) =>
      name.toLowerCase(),
    ),
  );
  const codes = EPLAN_MANUFACTURER_CODES.filter(
    ([code, name]) => name === manufacturer.displayName && !names.has(code.toLowerCase()),
  ).map(([code]) => code);
  return [...manufacturer.nameVariants, ...codes];
}
