import type { CatalogClass, CatalogReference } from './catalog-record';

/**
 * Pure rules of reading a BMEcat catalog (BMEcat 1.2 and 2005): numbers as XML writes them, the
 * classification systems of the trade (ECLASS, ETIM) with their version, the features that give an
 * article's dimensions and weight, and the kinds of product references. The streaming reader
 * (server/src/files/catalogs/bmecat.ts) calls these for each product.
 */

/** An XML decimal ("98.00", "1e2" is not one); null when empty or not a number. */
export function parseXmlNumber(text: string | undefined | null): number | null {
  if (text === undefined || text === null) return null;
  const trimmed = text.trim();
  if (trimmed === '' || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/**
 * `REFERENCE_FEATURE_SYSTEM_NAME` as manufacturers write it: "ECLASS-14.0", "ECLASS_5.1", "eCl@ss 7.0",
 * "ETIM-9.0", "ETIM 8". Other systems (UNSPSC, the manufacturer's own) are not kept: null.
 */
export function parseClassSystem(
  name: string,
): { system: CatalogClass['system']; version: string | null } | null {
  const text = name.trim();
  const system = /^e?cl[@a]ss/i.test(text) ? 'ECLASS' : /^etim/i.test(text) ? 'ETIM' : null;
  if (!system) return null;
  const version = /(\d+(?:\.\d+)*)\s*$/.exec(text)?.[1] ?? null;
  return { system, version };
}

/** An ECLASS IRDI of a class, e.g. "0173-1#01-ADO458#005". */
const ECLASS_IRDI = /^\d{4}-\d#01-[A-Z]{3}\d{3}#\d{3}$/;

/**
 * The class a product names in `system` by one or two group ids: ECLASS writes its 8-digit code
 * ("27141137", also "27-14-11-37") and/or its IRDI, ETIM its class ("EC000897"). Null when none fits.
 */
export function catalogClassOf(systemName: string, groupIds: readonly string[]): CatalogClass | null {
  const parsed = parseClassSystem(systemName);
  if (!parsed) return null;
  let code: string | null = null;
  let irdi: string | null = null;
  for (const raw of groupIds) {
    const id = raw.trim();
    if (parsed.system === 'ETIM') {
      if (/^EC\d{6}$/i.test(id)) code ??= id.toUpperCase();
    } else if (ECLASS_IRDI.test(id)) {
      irdi ??= id;
    } else {
      const digits = id.replace(/[-\s.]/g, '');
      if (/^\d{8}$/.test(digits)) code ??= digits;
    }
  }
  if (code === null && irdi === null) return null;
  // An IRDI alone still names the class; the 8-digit code then is unknown and the IRDI stands for it.
  return { system: parsed.system, version: parsed.version, code: code ?? (irdi as string), irdi };
}

export type Dimension = 'width' | 'height' | 'depth' | 'weight';

/**
 * The dimension a feature gives, by its name: ETIM's feature ids, and the German and English names
 * manufacturers use in their own features. ETIM: EF000008 width, EF000040 height, EF000049 depth,
 * EF000167 weight (the names ETIM publishes with these ids, e.g. "EC_EF000167_Weight" in IFC exports of
 * ETIM data).
 */
const DIMENSION_NAMES: Record<string, Dimension> = {
  EF000008: 'width',
  EF000040: 'height',
  EF000049: 'depth',
  EF000167: 'weight',
  breite: 'width',
  width: 'width',
  höhe: 'height',
  hoehe: 'height',
  height: 'height',
  tiefe: 'depth',
  depth: 'depth',
  gewicht: 'weight',
  nettogewicht: 'weight',
  'gewicht netto': 'weight',
  weight: 'weight',
  'net weight': 'weight',
};

/**
 * ECLASS properties by the code inside their IRDI (0173-1#02-<code>#<version>), as the ECLASS dictionary
 * names them: BAF016 "Breite", BAA020 "Höhe", BAB577 "Tiefe", AAB713 "Gewicht" (net weight of the product).
 * Checked against public uses of the IRDIs with their preferred names (the AAS package explorer's sample
 * nameplate: Width 0173-1#02-BAF016#005, Height 0173-1#02-BAA020#008, Depth 0173-1#02-BAB577#007; AAS
 * article information: Weight 0173-1#02-AAB713#006). Not mapped on purpose: BAA018 "Länge" (whether a
 * length is the depth depends on the product), the packaging's dimensions and weights (AAS627 and others).
 */
const ECLASS_PROPERTIES: Record<string, Dimension> = {
  BAF016: 'width',
  BAA020: 'height',
  BAB577: 'depth',
  AAB713: 'weight',
};

/**
 * An ECLASS property as BMEcat files write it in FNAME: the IRDI with or without version
 * ("0173-1#02-BAA020#008", "0173-1#02-BAA020"), its URI spelling with dashes ("0173-1-02-BAA020-008"), or
 * the bare code ("BAA020").
 */
const ECLASS_PROPERTY = /^(?:0173-1[#-]02-)?([A-Z]{3}\d{3})(?:[#-]\d{3})?$/i;

export function dimensionOfFeature(name: string): Dimension | null {
  const trimmed = name.trim();
  const named = DIMENSION_NAMES[trimmed] ?? DIMENSION_NAMES[trimmed.toLowerCase()];
  if (named) return named;
  const code = ECLASS_PROPERTY.exec(trimmed)?.[1]?.toUpperCase();
  return code === undefined ? null : (ECLASS_PROPERTIES[code] ?? null);
}

/**
 * Millimetres per unit: UN/CEFACT codes (MMT, CMT, DMT, MTR), their written forms, ETIM's unit ids
 * (EU570448 mm, EU570399 cm, EU570036 m) and the codes of ECLASS unit IRDIs (AAA480 mm, AAA008 cm, AAA551 m,
 * as in 0173-1#05-AAA480#003; taken from the ECLASS unit lists used by AAS tooling).
 */
const MILLIMETRES: Record<string, number> = {
  mmt: 1,
  mm: 1,
  cmt: 10,
  cm: 10,
  dmt: 100,
  dm: 100,
  mtr: 1000,
  m: 1000,
  eu570448: 1,
  eu570399: 10,
  eu570036: 1000,
  aaa480: 1,
  aaa008: 10,
  aaa551: 1000,
};
/**
 * Kilograms per unit: KGM, GRM, MGM, TNE and their written forms. ETIM and ECLASS ids of mass units are not
 * listed: no public source at hand confirmed them, and an unknown unit leaves the weight empty rather than
 * wrong by a factor of 1000.
 */
const KILOGRAMS: Record<string, number> = {
  kgm: 1,
  kg: 1,
  grm: 0.001,
  g: 0.001,
  mgm: 1e-6,
  mg: 1e-6,
  tne: 1000,
  t: 1000,
};

/** An ECLASS unit IRDI ("0173-1#05-AAA480#003", with or without version, or with dashes) gives its code. */
const ECLASS_UNIT = /^0173-1[#-]05-([a-z]{3}\d{3})(?:[#-]\d{3})?$/;

/**
 * A feature's value in millimetres (lengths) or kilograms (weight), converted from its unit. A value
 * without a unit is taken as the feature systems define them (mm, kg); an unknown unit gives null
 * rather than a wrong figure.
 */
export function dimensionValue(dimension: Dimension, value: number, unit: string | null): number | null {
  const table = dimension === 'weight' ? KILOGRAMS : MILLIMETRES;
  const written = (unit ?? '').trim().toLowerCase();
  const key = ECLASS_UNIT.exec(written)?.[1] ?? written;
  const factor = key === '' ? 1 : table[key];
  if (factor === undefined) return null;
  return Math.round(value * factor * 1e6) / 1e6;
}

/** BMEcat's PRODUCT_REFERENCE types; the others ("consists_of", "sparepart" …) are kept as "other". */
export function referenceType(type: string | undefined): CatalogReference['type'] {
  switch ((type ?? '').trim().toLowerCase()) {
    case 'similar':
      return 'similar';
    case 'followup':
      return 'followup';
    case 'accessories':
      return 'accessories';
    default:
      return 'other';
  }
}

/** Description languages in order of preference (SPEC: German texts); ISO 639-2 and the short forms. */
export function languageRank(lang: string | undefined): number {
  const code = (lang ?? '').trim().toLowerCase();
  if (code === 'deu' || code === 'ger' || code === 'de') return 0;
  if (code === '') return 1;
  return 2;
}
