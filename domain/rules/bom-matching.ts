import type { BomLineStatus, BomMatchKind } from '../enums';
import type { BomField } from '../schemas/bom';
import { readGermanQuantity } from './german-quantity';
import { type Cell, cellText } from './import-mapping';
import { quantityInArticleUnit } from './unit-dimensions';

/**
 * SPEC §3 BOM line matching info: what a BOM line says and how it ends. The server reads the cells of a line into
 * BomLineValues (readBomLineValues), finds the catalog candidates of every line in a few set-based
 * statements, and decides each line here (decideBomLine), so the rules are one pure, tested piece:
 *
 * - Supplied part: the supplied-part column contains the supplied-part text (case-insensitive). The line is
 *   kept and marked (SUPPLIED) and never priced; an article found for it is still shown.
 * - Missing values: neither order number nor manufacturer number, or no positive quantity.
 * - The candidates come in steps, best first: manufacturer + order number, manufacturer + manufacturer
 *   number, the ERP number, remembered alternative numbers; for a line whose manufacturer is not known (not
 *   written, or no master-data name matches) the numbers alone. Then the same steps on the normalised numbers
 *   (numberKey: case and separators ignored), and last, for a line whose manufacturer is known but has no
 *   article with the number, the numbers alone (a BOM's manufacturer is often a reseller or a short code).
 *   The first step with a candidate decides: one article is a match, several are a duplicate (the
 *   candidates listed), none in any step is "not found". The step tells the line's matchKind.
 * - Wrong unit: the line's unit is of another dimension than the article's (domain/rules/unit-dimensions.ts:
 *   pieces, length, weight, area, volume) or unknown and different. Units of one dimension convert: 250 cm
 *   of cable are 2.5 m, 40 Stk of a terminal sold in "100 Stück" are 40 pieces (1 package). A line without
 *   unit counts in the article's unit.
 */

export { quantityInArticleUnit };

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
  /** EPLAN's "Bezeichnung": shown with the line, not matched. */
  description: string | null;
  /** The customer's ERP number of the part (EPLAN's "ERP-Nummer"); matched against the article's ERP number. */
  erpNumber: string | null;
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
    description: textOf(cells.description),
    erpNumber: textOf(cells.erpNumber),
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
  'ERP_NUMBER',
  'ALTERNATIVE_NUMBER',
  'ORDER_NUMBER',
  'MANUFACTURER_NUMBER',
  'NORMALISED_MANUFACTURER_ORDER_NUMBER',
  'NORMALISED_MANUFACTURER_MANUFACTURER_NUMBER',
  'NORMALISED_ALTERNATIVE_NUMBER',
  'NORMALISED_ORDER_NUMBER',
  'NORMALISED_MANUFACTURER_NUMBER',
  'NUMBER_ONLY_ORDER_NUMBER',
  'NUMBER_ONLY_MANUFACTURER_NUMBER',
] as const;
export type MatchStep = (typeof MATCH_STEPS)[number];

/** The steps on the numbers as written; the others compare normalised keys (asked only when these find nothing). */
export const EXACT_STEPS: ReadonlySet<MatchStep> = new Set(MATCH_STEPS.slice(0, 6));

/** How a line matched in each step. */
export const STEP_MATCH_KIND: Record<MatchStep, BomMatchKind> = {
  MANUFACTURER_ORDER_NUMBER: 'EXACT',
  MANUFACTURER_MANUFACTURER_NUMBER: 'EXACT',
  ERP_NUMBER: 'EXACT',
  ALTERNATIVE_NUMBER: 'ALTERNATIVE',
  ORDER_NUMBER: 'EXACT',
  MANUFACTURER_NUMBER: 'EXACT',
  NORMALISED_MANUFACTURER_ORDER_NUMBER: 'NORMALISED',
  NORMALISED_MANUFACTURER_MANUFACTURER_NUMBER: 'NORMALISED',
  NORMALISED_ALTERNATIVE_NUMBER: 'ALTERNATIVE',
  NORMALISED_ORDER_NUMBER: 'NORMALISED',
  NORMALISED_MANUFACTURER_NUMBER: 'NORMALISED',
  NUMBER_ONLY_ORDER_NUMBER: 'NUMBER_ONLY',
  NUMBER_ONLY_MANUFACTURER_NUMBER: 'NUMBER_ONLY',
};

/** Steps that need the line's manufacturer, and the steps for lines without a known one. */
const WITH_MANUFACTURER: ReadonlySet<MatchStep> = new Set([
  'MANUFACTURER_ORDER_NUMBER',
  'MANUFACTURER_MANUFACTURER_NUMBER',
  'NORMALISED_MANUFACTURER_ORDER_NUMBER',
  'NORMALISED_MANUFACTURER_MANUFACTURER_NUMBER',
  'NUMBER_ONLY_ORDER_NUMBER',
  'NUMBER_ONLY_MANUFACTURER_NUMBER',
]);
const NUMBERS_ALONE: ReadonlySet<MatchStep> = new Set([
  'ORDER_NUMBER',
  'MANUFACTURER_NUMBER',
  'NORMALISED_ORDER_NUMBER',
  'NORMALISED_MANUFACTURER_NUMBER',
]);
const ALTERNATIVES: ReadonlySet<MatchStep> = new Set(['ALTERNATIVE_NUMBER', 'NORMALISED_ALTERNATIVE_NUMBER']);

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
  /** Metres each counted item holds when the line's number or text carries a length (metresEach). */
  metresEach?: number | null;
}

export interface BomLineDecision {
  status: BomLineStatus;
  matchedArticleId: string | null;
  /** How the matched article was found (null without one). */
  matchKind: BomMatchKind | null;
  /** DUPLICATE: the candidates of the deciding step. */
  candidateIds: string[];
  /** The quantity in the matched article's unit (null without a match or quantity). */
  articleQuantity: number | null;
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
  const matchKind = deciding[0] ? STEP_MATCH_KIND[deciding[0].step] : null;
  const ids = [...new Set(deciding.map((candidate) => candidate.articleId))].sort();
  const unique = ids.length === 1 ? deciding[0] : undefined;
  const articleQuantity =
    unique && line.quantity !== null && line.quantity > 0
      ? quantityInArticleUnit(line.quantity, unit, unique)
      : null;
  const matchedArticleId = unique ? unique.articleId : null;
  if (line.isSuppliedPart) {
    return {
      status: 'SUPPLIED',
      matchedArticleId,
      matchKind: unique ? matchKind : null,
      candidateIds: [],
      articleQuantity,
    };
  }
  if (!hasRequiredValues(line)) {
    const none = { matchedArticleId: null, matchKind: null, candidateIds: [], articleQuantity: null };
    return { status: 'MISSING_VALUES', ...none };
  }
  if (ids.length === 0) {
    return {
      status: 'NOT_FOUND',
      matchedArticleId: null,
      matchKind: null,
      candidateIds: [],
      articleQuantity: null,
    };
  }
  if (!unique)
    return {
      status: 'DUPLICATE',
      matchedArticleId: null,
      matchKind: null,
      candidateIds: ids,
      articleQuantity: null,
    };
  if (articleQuantity === null) {
    return { status: 'WRONG_UNIT', matchedArticleId, matchKind, candidateIds: [], articleQuantity: null };
  }
  return { status: 'MATCHED', matchedArticleId, matchKind, candidateIds: [], articleQuantity };
}

/**
 * The candidates of the first step that has any. With a known manufacturer only its articles count in the
 * manufacturer steps, and among the alternative numbers its articles are preferred; the numbers-alone steps
 * serve lines without a known manufacturer, the number-only steps (last) lines whose manufacturer has no
 * article with the number.
 */
function decidingCandidates(
  manufacturerId: string | null,
  candidates: readonly MatchCandidate[],
): MatchCandidate[] {
  for (const step of MATCH_STEPS) {
    let found = candidates.filter((candidate) => candidate.step === step);
    if (manufacturerId !== null && NUMBERS_ALONE.has(step)) continue;
    if (manufacturerId === null && WITH_MANUFACTURER.has(step)) continue;
    if (ALTERNATIVES.has(step) && manufacturerId !== null) {
      const own = found.filter((candidate) => candidate.manufacturerId === manufacturerId);
      if (own.length > 0) found = own;
    }
    if (found.length > 0) return found;
  }
  return [];
}
