import { z } from 'zod';
import { BOM_LINE_STATUSES, DEFAULT_PAGE_SIZE } from '../enums';
import { MAX_NAME_LENGTH } from '../rules/name-variants';
import { bomLine, bomLineCounts, bomMatchedArticle } from './bom';
import { booleanQuery, optionalText, text } from './common';

export { type BomLineCounts, bomLineCounts } from './bom';

/**
 * SPEC §3 BOM line, §9 estimate: the matched lines of a BOM, the customer's line edit, the summed BOM, the estimate
 * and the operator's article assignment (SPEC §7 `/article/replace`).
 * - GET  /enquiry/bom/lines?enquiryId&page&paginationSize&column&sortDescending&status -> bomLinesPage
 * - POST /enquiry/bom/line/update enquiryBomLineUpdateBody -> bomLine (re-matched, `edited`)
 * - GET  /enquiry/bom/summed?enquiryId -> bomSummedResponse
 * - GET  /enquiry/bom/estimate?enquiryId -> bomEstimate | null (null: no mapped BOM)
 * - GET  /enquiry/bom/manufacturer-names?enquiryId -> unknownBomManufacturers
 * - POST /enquiry/bom/manufacturer-names enquiryBomManufacturerNameBody -> enquiryBomManufacturerNameResponse
 * - POST /article/replace articleReplaceBody (article.ts) with lineId -> articleReplaceResponse (operators)
 */

/** Columns the lines table sorts by; SPEC §9 default: the order number. */
export const BOM_LINE_SORT_COLUMNS = [
  'orderNumber',
  'manufacturerNumber',
  'manufacturerName',
  'quantity',
  'rowNumber',
  'bmk',
  'status',
] as const;
export type BomLineSortColumn = (typeof BOM_LINE_SORT_COLUMNS)[number];

/** The page, order and status filter of the lines table (the owner's id is added by each call). */
export const bomLinesPageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  paginationSize: z.coerce.number().int().min(1).max(500).default(DEFAULT_PAGE_SIZE),
  column: z.enum(BOM_LINE_SORT_COLUMNS).default('orderNumber'),
  sortDescending: booleanQuery.default(false),
  status: z.enum(BOM_LINE_STATUSES).optional(),
  /** "Nur fehlerhafte Zeilen": the four error statuses (SPEC §3 bomError). */
  errorsOnly: booleanQuery.default(false),
});
export type BomLinesPageQuery = z.input<typeof bomLinesPageQuery>;

export const enquiryBomLinesQuery = bomLinesPageQuery.extend({ enquiryId: z.uuid() });
export type EnquiryBomLinesQuery = z.input<typeof enquiryBomLinesQuery>;

export const bomLinesPage = z.object({
  content: z.array(bomLine),
  totalElements: z.number().int(),
  counts: bomLineCounts,
});
export type BomLinesPage = z.infer<typeof bomLinesPage>;

export const QUANTITY_MESSAGE = 'Bitte geben Sie eine Menge größer 0 ein.';

/** The values of a line the customer may correct (SPEC §4: the line is re-matched and flagged `edited`). */
export const bomLineValues = z.object({
  quantity: z.number({ message: QUANTITY_MESSAGE }).positive(QUANTITY_MESSAGE).max(1e9, QUANTITY_MESSAGE),
  unit: optionalText(100),
  orderNumber: optionalText(200),
  manufacturerNumber: optionalText(200),
  manufacturerName: optionalText(200),
});
export type BomLineValues = z.input<typeof bomLineValues>;

export const enquiryBomLineUpdateBody = bomLineValues.extend({ enquiryId: z.uuid(), lineId: z.uuid() });
export type EnquiryBomLineUpdateBody = z.input<typeof enquiryBomLineUpdateBody>;

/** The summed BOM: lines of one matched article (else of the same numbers), summed. */
export const summedBomLine = z.object({
  key: z.string(),
  matchedArticle: bomMatchedArticle.nullable(),
  orderNumber: z.string().nullable(),
  manufacturerNumber: z.string().nullable(),
  manufacturerName: z.string().nullable(),
  unitName: z.string().nullable(),
  /** Sum of the lines' quantities (in the article's unit when matched). */
  quantity: z.number(),
  lineCount: z.number().int(),
  isSuppliedPart: z.boolean(),
  /** SPEC §9 price of the summed quantity; null when not matched, supplied or without a price. */
  price: z.number().nullable(),
});
export type SummedBomLine = z.infer<typeof summedBomLine>;

export const bomSummedResponse = z.object({
  content: z.array(summedBomLine),
  /** Σ price of the summed lines. */
  totalPrice: z.number(),
});
export type BomSummedResponse = z.infer<typeof bomSummedResponse>;

const lowHigh = z.object({ low: z.number(), high: z.number() });

/** SPEC §9 estimate with its breakdown (domain/rules/estimate.ts `Estimate`). */
export const bomEstimate = z.object({
  low: z.number(),
  high: z.number(),
  amount: z.number().int(),
  total: lowHigh,
  breakdown: z.object({
    lineCount: z.number().int(),
    suppliedLines: z.number().int(),
    errorLines: z.number().int(),
    sums: z.object({
      discountedSum: z.number(),
      restSum: z.number(),
      materialSum: z.number(),
      pricedLines: z.number().int(),
      unpricedLines: z.number().int(),
    }),
    errorFactor: z.number(),
    markup: lowHigh,
    suppliedParts: z.object({
      count: z.number().int(),
      surcharge: z.number(),
      tiers: z.array(
        z.object({
          from: z.number().int(),
          to: z.number().int().nullable(),
          count: z.number().int(),
          rate: z.number(),
          amount: z.number(),
        }),
      ),
    }),
    work: z.object({
      matchedMinutes: z.number(),
      unmatchedParts: z.number().int(),
      low: z.number(),
      high: z.number(),
      hourlyRate: z.number(),
      lowFactor: z.number(),
      costLow: z.number(),
      costHigh: z.number(),
    }),
    exact: lowHigh,
  }),
});
export type BomEstimate = z.infer<typeof bomEstimate>;

export const REPLACE_SCOPES = ['LINE', 'ALL'] as const;
export type ReplaceScope = (typeof REPLACE_SCOPES)[number];
export const REPLACE_SCOPE_LABELS: Record<ReplaceScope, string> = {
  LINE: 'Nur diese Zeile',
  ALL: 'Alle Zeilen mit dieser Nummer',
};

/**
 * SPEC §7 POST /article/replace with a BOM line (domain/schemas/article.ts articleReplaceBody: matchId,
 * lineId, scope): answers the article (articleResponse) and `lines`, the BOM lines now assigned to it, the
 * chosen one first.
 */
export const articleReplaceLines = z.array(bomLine);

/**
 * A catalog manufacturer that has the numbers of an unknown name's lines: what the name most likely means
 * ("SIEM": Siemens has the numbers of 2 of its lines). The best first.
 */
export const unknownBomManufacturerCandidate = z.object({
  id: z.string(),
  displayName: z.string(),
  /** Of the name's lines, how many have a number of this manufacturer's articles (normalised). */
  lines: z.number().int(),
});
/** At most this many candidates per unknown name. */
export const MAX_UNKNOWN_NAME_CANDIDATES = 5;

/** A manufacturer name of a BOM's lines that the master data does not know, and how many lines carry it. */
export const unknownBomManufacturer = z.object({
  name: z.string(),
  lines: z.number().int(),
  candidates: z.array(unknownBomManufacturerCandidate),
});
export type UnknownBomManufacturer = z.infer<typeof unknownBomManufacturer>;

/** At most this many unknown names are listed (the most frequent first). */
export const MAX_LISTED_UNKNOWN_BOM_MANUFACTURERS = 100;

/**
 * SPEC §3 BOM line matching info: the distinct manufacturer names of a mapped BOM's lines that no display
 * name, abbreviation or name variant of the master data resolves (as the matching resolves them), so their
 * lines match by number only. Empty before the mapping.
 */
export const unknownBomManufacturers = z.object({
  /** How many distinct unknown names the BOM has (`names` lists at most MAX_LISTED_UNKNOWN_BOM_MANUFACTURERS). */
  total: z.number().int(),
  names: z.array(unknownBomManufacturer),
});
export type UnknownBomManufacturers = z.infer<typeof unknownBomManufacturers>;

const unknownName = text().trim().min(1).max(MAX_NAME_LENGTH);

/**
 * What an operator administrator does with an unknown name of a BOM (SPEC §5 name variants): a new
 * manufacturer named by it ("neu anlegen"), or a name variant of an existing one ("als Variante von …
 * zuordnen"). The BOM's owner adds its id (admin-bom.ts).
 */
export const resolveBomManufacturerFields = {
  create: z.object({ action: z.literal('CREATE'), name: unknownName }),
  variant: z.object({ action: z.literal('VARIANT'), name: unknownName, targetId: z.uuid() }),
};
export type ResolveBomManufacturer =
  | z.input<typeof resolveBomManufacturerFields.create>
  | z.input<typeof resolveBomManufacturerFields.variant>;

/**
 * The customer's side of an unknown name: master data is the operator's (SPEC §6), so a customer corrects
 * the lines of its own draft instead ("in dieser Stückliste als … übernehmen"): every line written with the
 * name (case and inner spaces ignored) takes the chosen manufacturer's display name, is flagged edited and
 * matched again.
 */
export const enquiryBomManufacturerNameBody = z.object({
  enquiryId: z.uuid(),
  name: unknownName,
  manufacturerId: z.uuid(),
});
export type EnquiryBomManufacturerNameBody = z.input<typeof enquiryBomManufacturerNameBody>;

export const enquiryBomManufacturerNameResponse = z.object({
  manufacturer: z.object({ id: z.string(), displayName: z.string() }),
  /** The lines that took the manufacturer and were matched again. */
  rematchedLines: z.number().int(),
  unknownManufacturers: unknownBomManufacturers,
});
export type EnquiryBomManufacturerNameResponse = z.infer<typeof enquiryBomManufacturerNameResponse>;
