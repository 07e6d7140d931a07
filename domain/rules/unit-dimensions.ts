import { parseDecimal } from './import-mapping';
import { nameKey } from './name-variants';
import { roundTo } from './unit-conversion';

/**
 * SPEC §3 BOM line matching info: units compared by what they measure. A BOM writes "Stk", "St.", "pcs" or the
 * UN/CEFACT code C62 for pieces, "m", "lfm" or MTR for metres; catalogs sell terminals in "100 Stück" and
 * cables in "Meter". A unit is read as its dimension (pieces, length, weight, area, volume), the factor of
 * its counted unit to the dimension's base (piece, metre, kilogram, square metre, litre) and how many of the
 * counted unit one of it holds (its pack: "100 Stück" is a pack of 100 pieces, "VE 50" of 50, "Meter" of 1).
 *
 * A line's quantity in the article's unit (quantityInArticleUnit) is counted in the article's counted unit:
 * pieces for an article sold in "100 Stück", because its prices are per price unit of pieces (SPEC §9,
 * priceUnitSize) and a BOM counts pieces. The packages needed follow from it, rounded up (packagesNeeded):
 * 40 Stk against "100 Stück" are 40 pieces in 1 package. Units of different dimensions never convert.
 *
 * Metre goods: a line counted in pieces or without unit, matched to an article sold in a unit of length,
 * counts metres when its numbers or texts say so (metresEach). Numbers are the order and manufacturer
 * number, where EPLAN writes the cut length into the type ("ÖLFLEX CLASSIC 110 3G1,5 - 10.0 M": 10 m
 * each; such a number is looked up as written, then without the length). Texts are the line's other cells
 * as read from the file (description, part type …): a length at the end of one, or "Meterware" anywhere in
 * one (the count is the length). A line written in another unit keeps that unit.
 */

export const UNIT_DIMENSIONS = ['PIECES', 'LENGTH', 'WEIGHT', 'AREA', 'VOLUME'] as const;
export type UnitDimension = (typeof UNIT_DIMENSIONS)[number];

export interface UnitMeasure {
  dimension: UnitDimension;
  /** The counted unit in the dimension's base: piece, metre, kilogram, square metre, litre. */
  factor: number;
  /** How many counted units one of this unit holds (1 unless a pack: "100 Stück", "VE 50"). */
  pack: number;
}

type Spellings = readonly [UnitDimension, number, readonly string[]];

/**
 * The spellings of each unit (compared trimmed, case-insensitively, a trailing dot ignored): German and English
 * names and abbreviations and the UN/CEFACT Recommendation 20 codes (BMEcat ORDER_UNIT, ETIM, EPLAN).
 */
const SPELLINGS: readonly Spellings[] = [
  [
    'PIECES',
    1,
    [
      'stück',
      'stueck',
      'stk',
      'st',
      'stck',
      'pcs',
      'pc',
      'piece',
      'pieces',
      'ea',
      'each',
      'c62',
      'h87',
      'pce',
    ],
  ],
  ['LENGTH', 0.001, ['mm', 'mmt', 'millimeter', 'millimetre']],
  ['LENGTH', 0.01, ['cm', 'cmt', 'zentimeter', 'centimeter', 'centimetre']],
  ['LENGTH', 0.1, ['dm', 'dmt', 'dezimeter']],
  [
    'LENGTH',
    1,
    [
      'm',
      'mtr',
      'lm',
      'meter',
      'metre',
      'lfm',
      'lfdm',
      'lfd m',
      'lfd. m',
      'laufmeter',
      'laufender meter',
      'meterware',
    ],
  ],
  ['LENGTH', 1000, ['km', 'kmt', 'kilometer', 'kilometre']],
  ['WEIGHT', 0.000001, ['mg', 'mgm', 'milligramm']],
  ['WEIGHT', 0.001, ['g', 'grm', 'gr', 'gramm', 'gram']],
  ['WEIGHT', 1, ['kg', 'kgm', 'kilo', 'kilogramm', 'kilogram']],
  ['WEIGHT', 1000, ['t', 'tne', 'tonne', 'tonnen']],
  ['AREA', 0.000001, ['mm²', 'mm2', 'mmk', 'quadratmillimeter']],
  ['AREA', 0.0001, ['cm²', 'cm2', 'cmk', 'quadratzentimeter']],
  ['AREA', 1, ['m²', 'm2', 'qm', 'mtk', 'quadratmeter', 'square metre']],
  ['VOLUME', 0.001, ['ml', 'mlt', 'milliliter', 'cm³', 'cm3', 'ccm', 'cmq']],
  ['VOLUME', 1, ['l', 'ltr', 'liter', 'litre', 'dm³', 'dm3', 'dmq']],
  ['VOLUME', 1000, ['m³', 'm3', 'cbm', 'mtq', 'kubikmeter']],
];

const BY_SPELLING: ReadonlyMap<string, UnitMeasure> = new Map(
  SPELLINGS.flatMap(([dimension, factor, names]) =>
    names.map((name) => [name, { dimension, factor, pack: 1 }] as const),
  ),
);

/** "100 Stück", "100 St", "50 m", "2,5 kg": a count before a unit. */
const COUNT_THEN_UNIT = /^(\d+(?:[.,]\d+)?)\s*(\p{L}.*)$/u;
/** "VE 50", "VPE 100", "Pack 10", "Pkg. 25": a pack of that many pieces. */
const PACK_OF_PIECES = /^(?:ve|vpe|pack|pkg|packung|pck|pak|btl|beutel)\.?\s*(?:à|a|zu|je)?\s*(\d+)$/u;

function spelling(name: string): string {
  return nameKey(name).replace(/\.$/, '');
}

/** The measure of one unit name (see the module comment), or null when it is not known. */
export function unitMeasure(name: string | null | undefined): UnitMeasure | null {
  if (!name) return null;
  const key = spelling(name);
  const known = BY_SPELLING.get(key);
  if (known) return known;
  const pack = PACK_OF_PIECES.exec(key);
  if (pack) return packOf({ dimension: 'PIECES', factor: 1, pack: 1 }, Number(pack[1]));
  const counted = COUNT_THEN_UNIT.exec(key);
  const inner = counted ? BY_SPELLING.get(spelling(counted[2] ?? '')) : undefined;
  return counted && inner ? packOf(inner, parseDecimal(counted[1] ?? '')) : null;
}

function packOf(unit: UnitMeasure, count: number | null): UnitMeasure | null {
  if (count === null || !Number.isFinite(count) || count <= 0) return null;
  return { ...unit, pack: unit.pack * count };
}

/**
 * The name of what a unit counts, as written in it: "Stück" for "100 Stück", "St" for "100 St", "Stück" for
 * "VE 50", "m" for "100 m"; the name itself for a unit that is no pack. Quantities in an article's counted
 * unit (sums of pieces of an article sold in "100 Stück") are shown with it.
 */
export function countedUnitName(name: string): string;
export function countedUnitName(name: string | null): string | null;
export function countedUnitName(name: string | null): string | null {
  const measure = unitMeasure(name);
  if (!name || !measure || measure.pack === 1) return name;
  const counted = COUNT_THEN_UNIT.exec(name.trim());
  return counted?.[2]?.trim() ?? 'Stück';
}

/** The measure of the first of a unit's names (display name, variants) that is known. */
export function measureOfNames(names: readonly (string | null | undefined)[]): UnitMeasure | null {
  for (const name of names) {
    const measure = unitMeasure(name);
    if (measure) return measure;
  }
  return null;
}

/**
 * `quantity` of `from` in the counted unit of `to` (4 decimals), or null when the dimensions differ:
 * 250 cm in metres 2.5, 40 Stk in "100 Stück" 40 (pieces), 2 × "100 Stk" in "Stück" 200.
 */
export function convertQuantity(quantity: number, from: UnitMeasure, to: UnitMeasure): number | null {
  if (from.dimension !== to.dimension) return null;
  return roundTo((quantity * from.factor * from.pack) / to.factor, 4);
}

/**
 * The packages of an article's unit needed for a quantity in its counted unit, rounded up: 40 pieces of an
 * article in "100 Stück" are 1 package. Null when the unit is no pack (or not known) or without quantity.
 */
export function packagesNeeded(
  articleQuantity: number | null,
  articleUnitNames: readonly (string | null | undefined)[],
): number | null {
  const measure = measureOfNames(articleUnitNames);
  if (articleQuantity === null || !measure || measure.pack <= 1 || articleQuantity <= 0) return null;
  // The quotient is rounded first so that 300 / 100 stays 3 and not 3.0000000000000004 → 4.
  return Math.ceil(roundTo(articleQuantity / measure.pack, 6));
}

/** A length written into a number or text of a line, and the number without it. */
export interface WrittenLength {
  /** The text before the length ("ÖLFLEX CLASSIC 110 3G1,5"). */
  rest: string;
  /** The length in metres. */
  metres: number;
}

const LENGTH_UNIT = '(mm|cm|dm|m|km|meter|metre|lfm)';
/** "… - 10.0 M", "… – 5 m": a dash with spaces on both sides (not the dash inside "3RT2015-1BB41"). */
const DASHED_LENGTH = new RegExp(`^(.*\\S)\\s+[-–]\\s+(\\d+(?:[.,]\\d+)?)\\s*${LENGTH_UNIT}\\.?$`, 'iu');
/** "… (10 m)", "… , L = 10 m", "… L=10m". */
const BRACKETED_LENGTH = new RegExp(
  `^(.*\\S)\\s*\\(\\s*(\\d+(?:[.,]\\d+)?)\\s*${LENGTH_UNIT}\\.?\\s*\\)$`,
  'iu',
);
const L_EQUALS_LENGTH = new RegExp(
  `^(.*\\S)\\s*,?\\s+L\\s*=\\s*(\\d+(?:[.,]\\d+)?)\\s*${LENGTH_UNIT}\\.?$`,
  'iu',
);
/**
 * The ending all three share: a digit and a unit of length. Tested first, because the three patterns above
 * try every split of the text (`^(.*\\S)`), and most texts of a BOM end otherwise.
 */
const LENGTH_ENDING = new RegExp(`\\d\\s*${LENGTH_UNIT}\\.?\\s*\\)?$`, 'iu');

/**
 * The length at the end of a number or text as EPLAN and cable lists write it ("ÖLFLEX CLASSIC 110 3G1,5 -
 * 10.0 M", "… (10 m)", "… L = 10 m"), or null. Only at the end and only a unit of length, so that
 * "3RT2015-1BB41" or "4G1,5 mm²" are never read as lengths.
 */
export function writtenLength(text: string | null | undefined): WrittenLength | null {
  if (!text) return null;
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (!LENGTH_ENDING.test(trimmed)) return null;
  for (const pattern of [DASHED_LENGTH, BRACKETED_LENGTH, L_EQUALS_LENGTH]) {
    const match = pattern.exec(trimmed);
    if (!match) continue;
    const value = parseDecimal(match[2] ?? '');
    const unit = unitMeasure(match[3]);
    if (value === null || !Number.isFinite(value) || value <= 0 || !unit) return null;
    return { rest: (match[1] ?? '').replace(/[,;]$/, '').trim(), metres: roundTo(value * unit.factor, 4) };
  }
  return null;
}

/** "Meterware" in a text of the line (any case): the line's count is a length in metres. */
export function saysMetreGoods(text: string | null | undefined): boolean {
  return !!text && /meterware/i.test(text);
}

/**
 * The metres each counted item of a line holds, from its numbers and texts: a length written at the end of
 * one ("… - 10.0 M" is 10), else 1 when one says "Meterware" (the count is the length); null otherwise.
 */
export function metresEach(texts: readonly (string | null | undefined)[]): number | null {
  for (const text of texts) {
    const length = writtenLength(text);
    if (length) return length.metres;
  }
  return texts.some(saysMetreGoods) ? 1 : null;
}

/**
 * SPEC §3 BOM line matching info: the quantity of a line in the article's counted unit. The same when the line has no unit; converted between units of one dimension (250 cm are 2.5 m; 40 Stk of an article in
 * "100 Stück" are 40 pieces, its packages follow); a line in pieces or without unit whose number or text
 * carries a length (metresEach) against an article of length is that length; the same for one unit the
 * dimensions do not know (Packung = Pck); null when it cannot be converted (wrong unit).
 */
export function quantityInArticleUnit(
  quantity: number,
  line: {
    /** As written in the file. */
    name: string | null;
    /** Resolved through the unit names of the master data. */
    unitId: string | null;
    unitNames: readonly string[];
    metresEach?: number | null;
  },
  article: { unitId: string | null; unitNames: readonly string[] },
): number | null {
  if (article.unitId === null) return quantity;
  const from = line.name ? measureOfNames([line.name, ...line.unitNames]) : null;
  const to = measureOfNames(article.unitNames);
  const metres = line.metresEach ?? null;
  if (metres !== null && to?.dimension === 'LENGTH' && (!line.name || from?.dimension === 'PIECES')) {
    return convertQuantity(quantity * metres, { dimension: 'LENGTH', factor: 1, pack: 1 }, to);
  }
  if (!line.name) return quantity;
  if (from && to) return convertQuantity(quantity, from, to);
  if (line.unitId !== null && line.unitId === article.unitId) return quantity;
  const lineNames = new Set([line.name, ...line.unitNames].map(nameKey));
  return article.unitNames.some((name) => lineNames.has(nameKey(name))) ? quantity : null;
}
