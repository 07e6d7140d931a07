import type { BomLineStatus } from '../enums';
import type { BomField } from '../schemas/bom';
import { readGermanQuantity } from './german-quantity';
import { type Cell, cellText } from './import-mapping';
import { nameKey } from './name-variants';
import { roundTo } from './unit-conversion';

/**
 * SPEC §3 BOM line matching info: what a BOM line says and how it ends. The server reads the cells of a line into
 * BomLineValues (readBomLineValues), finds the catalog candidates of every line in a few set-based
 * statements, and decides each line here (decideBomLine), so the rules are one pure, tested piece:
 *
 * - Supplied part: the supplied-part column contains the supplied-part text (case-insensitive). The line is
 *   kept and marked (SUPPLIED) and never priced; an article found for it is still shown.
 * - Missing values: neither order number nor manufacturer number, or no positive quantity.
 * - The candidates come in steps, best first: manufacturer + order number, manufacturer + manufacturer
 *   number, remembered alternative numbers; for a line whose manufacturer is not known (not written, or no
 *   master-data name matches) the numbers alone. The first step with a candidate decides: one article is a
 *   match, several are a duplicate (the candidates listed), none in any step is "not found".
 * - Wrong unit: the line's unit differs from the article's and cannot be converted (length and weight
 *   units convert into each other: 250 cm of cable are 2.5 m). A line without unit takes the article's.
 */

/** The values of a BOM line as read from its cells (the mapped fields), before matching. */
export interface BomLineValues {
  quantity: number | null;
  /** The unit as written (the unit column, else a unit written behind the quantity: "2,5 m"). */
  unit: string | null;
  isSuppliedPart: boolean;
  orderNumber: string | null;
  manufacturerNumber: string | null;
  manufacturerName: string | null;
  wholesalerOrderNumber: string | null;
  functionDesignation: string | null;
  functionalAssignment: string | null;
  locationIdentifier: string | null;
  installationLocation: string | null;
  bmk: string | null;
}

function textOf(cell: Cell): string | null {
  const value = cellText(cell).replace(/\s+/g, ' ').trim();
  return value === '' ? null : value;
}

/** A line's values from its cells by BOM field; `suppliedPartText` marks supplied parts (case-insensitive). */
export function readBomLineValues(
  cells: Partial<Record<BomField, Cell>>,
  suppliedPartText: string | null,
): BomLineValues {
  const quantity = readGermanQuantity(cells.quantity);
  const supplied = textOf(cells.isSuppliedPart);
  const marker = suppliedPartText?.trim().toLowerCase() ?? '';
  return {
    quantity: quantity.quantity,
    unit: textOf(cells.unit) ?? quantity.unit,
    isSuppliedPart: marker !== '' && supplied !== null && supplied.toLowerCase().includes(marker),
    orderNumber: textOf(cells.orderNumber),
    manufacturerNumber: textOf(cells.manufacturerNumber),
    manufacturerName: textOf(cells.manufacturer),
    wholesalerOrderNumber: textOf(cells.wholesalerOrderNumber),
    functionDesignation: textOf(cells.functionDesignation),
    functionalAssignment: textOf(cells.functionalAssignment),
    locationIdentifier: textOf(cells.locationIdentifier),
    installationLocation: textOf(cells.installationLocation),
    bmk: textOf(cells.bmk),
  };
}

/** Whether the line has what matching needs: a number and a positive quantity. */
export function hasRequiredValues(line: {
  quantity: number | null;
  orderNumber: string | null;
  manufacturerNumber: string | null;
}): boolean {
  const hasNumber = !!line.orderNumber || !!line.manufacturerNumber;
  return hasNumber && line.quantity !== null && Number.isFinite(line.quantity) && line.quantity > 0;
}

/** The matching steps, best first (the order the candidates are tried in). */
export const MATCH_STEPS = [
  'MANUFACTURER_ORDER_NUMBER',
  'MANUFACTURER_MANUFACTURER_NUMBER',
  'ALTERNATIVE_NUMBER',
  'ORDER_NUMBER',
  'MANUFACTURER_NUMBER',
] as const;
export type MatchStep = (typeof MATCH_STEPS)[number];
/** Steps that need the line's manufacturer, and the steps for lines without a known one. */
const WITH_MANUFACTURER: ReadonlySet<MatchStep> = new Set([
  'MANUFACTURER_ORDER_NUMBER',
  'MANUFACTURER_MANUFACTURER_NUMBER',
]);
const NUMBERS_ALONE: ReadonlySet<MatchStep> = new Set(['ORDER_NUMBER', 'MANUFACTURER_NUMBER']);

/** A catalog article found for a line in one step, with the names of its unit. */
export interface MatchCandidate {
  step: MatchStep;
  articleId: string;
  manufacturerId: string;
  unitId: string | null;
  /** Display name and variants of the article's unit (empty without unit). */
  unitNames: readonly string[];
}

export interface LineUnit {
  /** As written in the file. */
  name: string | null;
  /** Resolved through the unit names of the master data; null when written but unknown (or not written). */
  unitId: string | null;
  /** Display name and variants of the resolved unit (empty when not resolved). */
  unitNames: readonly string[];
}

export interface BomLineDecision {
  status: BomLineStatus;
  matchedArticleId: string | null;
  /** DUPLICATE: the candidates of the deciding step. */
  candidateIds: string[];
  /** The quantity in the matched article's unit (null without a match or quantity). */
  articleQuantity: number | null;
}

/** Physical units a BOM's unit may be converted between: factor to the base (metre, kilogram). */
const CONVERTIBLE: Record<string, { dimension: 'length' | 'weight'; factor: number }> = {
  mm: { dimension: 'length', factor: 0.001 },
  millimeter: { dimension: 'length', factor: 0.001 },
  cm: { dimension: 'length', factor: 0.01 },
  zentimeter: { dimension: 'length', factor: 0.01 },
  dm: { dimension: 'length', factor: 0.1 },
  m: { dimension: 'length', factor: 1 },
  meter: { dimension: 'length', factor: 1 },
  lfm: { dimension: 'length', factor: 1 },
  km: { dimension: 'length', factor: 1000 },
  g: { dimension: 'weight', factor: 0.001 },
  gramm: { dimension: 'weight', factor: 0.001 },
  kg: { dimension: 'weight', factor: 1 },
  kilogramm: { dimension: 'weight', factor: 1 },
  t: { dimension: 'weight', factor: 1000 },
  tonne: { dimension: 'weight', factor: 1000 },
};

function physical(names: readonly (string | null)[]) {
  for (const name of names) {
    const found = name ? CONVERTIBLE[nameKey(name).replace(/\.$/, '')] : undefined;
    if (found) return found;
  }
  return undefined;
}

/**
 * The quantity of a line in the article's unit: the same when the line has no unit or the article's unit;
 * converted between length or weight units; null when it cannot be converted (wrong unit).
 */
export function quantityInArticleUnit(
  quantity: number,
  line: LineUnit,
  article: { unitId: string | null; unitNames: readonly string[] },
): number | null {
  if (!line.name || article.unitId === null) return quantity;
  if (line.unitId !== null && line.unitId === article.unitId) return quantity;
  const lineNames = new Set([line.name, ...line.unitNames].map(nameKey));
  if (article.unitNames.some((name) => lineNames.has(nameKey(name)))) return quantity;
  const from = physical([line.name, ...line.unitNames]);
  const to = physical(article.unitNames);
  if (!from || !to || from.dimension !== to.dimension) return null;
  return roundTo((quantity * from.factor) / to.factor, 4);
}

/** How a line ends, from its values, its unit and its candidates (any order; see the module comment). */
export function decideBomLine(
  line: Pick<BomLineValues, 'quantity' | 'orderNumber' | 'manufacturerNumber' | 'isSuppliedPart'> & {
    manufacturerId: string | null;
  },
  unit: LineUnit,
  candidates: readonly MatchCandidate[],
): BomLineDecision {
  const deciding = decidingCandidates(line.manufacturerId, candidates);
  const ids = [...new Set(deciding.map((candidate) => candidate.articleId))].sort();
  const unique = ids.length === 1 ? deciding[0] : undefined;
  const articleQuantity =
    unique && line.quantity !== null && line.quantity > 0
      ? quantityInArticleUnit(line.quantity, unit, unique)
      : null;
  const matchedArticleId = unique ? unique.articleId : null;
  if (line.isSuppliedPart) {
    return { status: 'SUPPLIED', matchedArticleId, candidateIds: [], articleQuantity };
  }
  if (!hasRequiredValues(line)) {
    return { status: 'MISSING_VALUES', matchedArticleId: null, candidateIds: [], articleQuantity: null };
  }
  if (ids.length === 0) {
    return { status: 'NOT_FOUND', matchedArticleId: null, candidateIds: [], articleQuantity: null };
  }
  if (!unique)
    return { status: 'DUPLICATE', matchedArticleId: null, candidateIds: ids, articleQuantity: null };
  if (articleQuantity === null) {
    return { status: 'WRONG_UNIT', matchedArticleId, candidateIds: [], articleQuantity: null };
  }
  return { status: 'MATCHED', matchedArticleId, candidateIds: [], articleQuantity };
}

/**
 * The candidates of the first step that has any. With a known manufacturer only its articles count in the
 * manufacturer steps, and among the alternative numbers its articles are preferred; the numbers-alone steps
 * serve lines without a known manufacturer.
 */
function decidingCandidates(
  manufacturerId: string | null,
  candidates: readonly MatchCandidate[],
): MatchCandidate[] {
  for (const step of MATCH_STEPS) {
    let found = candidates.filter((candidate) => candidate.step === step);
    if (manufacturerId !== null && NUMBERS_ALONE.has(step)) continue;
    if (manufacturerId === null && WITH_MANUFACTURER.has(step)) continue;
    if (step === 'ALTERNATIVE_NUMBER' && manufacturerId !== null) {
      const own = found.filter((candidate) => candidate.manufacturerId === manufacturerId);
      if (own.length > 0) found = own;
    }
    if (found.length > 0) return found;
  }
  return [];
}
