import { z } from 'zod';
import { ARTICLE_IMPORT_SOURCES, DEFAULT_PAGE_SIZE } from '../enums';
import {
  alternativeProblems,
  cleanArticleNumber,
  MAX_ALTERNATIVES,
  MAX_ARTICLE_NUMBER_LENGTH,
} from '../rules/article-alternatives';
import { articleReplaceLines } from './bom-lines';
import { changeEntry } from './change-entry';
import {
  booleanQuery,
  idListQuery,
  isoDate,
  loadedLastUpdate,
  optionalText,
  searchText,
  text,
} from './common';

/** An optional article number (order or manufacturer number): trimmed, '' becomes null. */
const articleNumber = text()
  .transform(cleanArticleNumber)
  .pipe(text().max(MAX_ARTICLE_NUMBER_LENGTH, `Höchstens ${MAX_ARTICLE_NUMBER_LENGTH} Zeichen.`))
  .nullish()
  .transform((value) => (value ? value : null));

function hasDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** SPEC §5: dimensions and quantities step 0.01, min 0; prices and weights up to 4 decimals. */
const amount = (decimals: number) =>
  z
    .number({ message: 'Bitte geben Sie eine Zahl ein.' })
    .min(0, 'Der Wert darf nicht negativ sein.')
    .max(1e9, 'Der Wert ist zu groß.')
    .refine((value) => hasDecimals(value, decimals), `Höchstens ${decimals} Nachkommastellen.`)
    .nullish()
    .transform((value) => value ?? null);

const wholeAmount = z
  .number({ message: 'Bitte geben Sie eine ganze Zahl ein.' })
  .int('Bitte geben Sie eine ganze Zahl ein.')
  .min(0, 'Der Wert darf nicht negativ sein.')
  .max(1_000_000, 'Der Wert ist zu groß.')
  .nullish()
  .transform((value) => value ?? null);

const reference = z
  .uuid()
  .nullish()
  .transform((value) => value ?? null);

const link = text()
  .trim()
  .max(2000, 'Höchstens 2000 Zeichen.')
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(
    z
      .url({
        protocol: /^https?$/,
        message: 'Bitte geben Sie eine gültige URL ein (z. B. https://www.hersteller.de).',
      })
      .nullable(),
  );

/** SPEC §3 wholesalerInfos: order number and purchase price of the article at one wholesaler. */
export const wholesalerInfo = z.object({
  wholesalerId: z.uuid('Bitte wählen Sie einen Großhändler.'),
  orderNumber: articleNumber,
  purchasePrice: amount(4),
});
export type WholesalerInfoBody = z.input<typeof wholesalerInfo>;

const alternatives = z
  .array(text().transform(cleanArticleNumber))
  .max(MAX_ALTERNATIVES, `Höchstens ${MAX_ALTERNATIVES} Alternativen.`)
  .default([]);

/**
 * SPEC §3 Article as the form sends it. Manufacturer and a number are checked by the service (417 missing
 * values, SPEC §8) and by `articleFormSchema` in the form; everything else is checked here (400).
 */
export const articleFields = z.object({
  manufacturerId: reference,
  manufacturerNumber: articleNumber,
  orderNumber: articleNumber,
  erpNumber: optionalText(100),
  manufacturerLink: link,
  description: optionalText(4000),
  deliveryTime: wholeAmount,
  unitId: reference,
  packagingUnitSize: amount(2),
  priceUnitSize: amount(2),
  orderQuantityUnitSize: amount(2),
  minimumOrderQuantityUnitSize: amount(2),
  width: amount(2),
  height: amount(2),
  depth: amount(2),
  weight: amount(4),
  purchasePrice: amount(4),
  listPrice: amount(4),
  discountGroupId: reference,
  eclass9_1Id: reference,
  eanNumber: optionalText(50),
  surchargeCode: optionalText(50),
  copperCode: optionalText(50),
  copperBaseValue: wholeAmount,
  copperWeight: amount(4),
  customsTarifNumber: optionalText(50),
  countryOfOriginAbbreviation: optionalText(10),
  rohs: z
    .boolean()
    .nullish()
    .transform((value) => value ?? null),
  image: optionalText(2000),
  wholesalerInfos: z.array(wholesalerInfo).max(100).default([]),
  possibleOrderNumbers: alternatives,
  possibleManufacturerNumbers: alternatives,
});

type ArticleFieldsOutput = z.output<typeof articleFields>;

/** SPEC §5: alternatives unique and not the own number; each wholesaler once. */
function checkLists(value: ArticleFieldsOutput, ctx: z.RefinementCtx): void {
  const lists = [
    ['possibleOrderNumbers', value.possibleOrderNumbers, value.orderNumber],
    ['possibleManufacturerNumbers', value.possibleManufacturerNumbers, value.manufacturerNumber],
  ] as const;
  for (const [path, list, own] of lists) {
    for (const problem of alternativeProblems(list, own)) {
      ctx.addIssue({ code: 'custom', path: [path, problem.index], message: problem.message });
    }
  }
  const seen = new Set<string>();
  value.wholesalerInfos.forEach((info, index) => {
    if (seen.has(info.wholesalerId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['wholesalerInfos', index, 'wholesalerId'],
        message: 'Dieser Großhändler ist bereits eingetragen.',
      });
    }
    seen.add(info.wholesalerId);
  });
}

export const articleBody = articleFields.superRefine(checkLists);
export type ArticleBody = z.input<typeof articleBody>;
export type ArticleValues = z.output<typeof articleBody>;

export const updateArticleBody = articleFields
  .extend({ id: z.uuid(), lastUpdate: loadedLastUpdate })
  .superRefine(checkLists);
export type UpdateArticleBody = z.input<typeof updateArticleBody>;

export const MISSING_MANUFACTURER = 'Bitte wählen Sie einen Hersteller.';
export const MISSING_NUMBER = 'Bitte geben Sie eine Bestellnummer oder eine Herstellernummer ein.';

/** SPEC §5: order number or manufacturer number plus manufacturer. */
export function missingArticleValues(value: {
  manufacturerId: string | null;
  orderNumber: string | null;
  manufacturerNumber: string | null;
}): { manufacturer: boolean; number: boolean } {
  return { manufacturer: !value.manufacturerId, number: !value.orderNumber && !value.manufacturerNumber };
}

/** The form's schema: the body plus the required values with their German messages. */
export const articleFormSchema = articleBody.superRefine((value, ctx) => {
  const missing = missingArticleValues(value);
  if (missing.manufacturer)
    ctx.addIssue({ code: 'custom', path: ['manufacturerId'], message: MISSING_MANUFACTURER });
  if (missing.number) {
    ctx.addIssue({ code: 'custom', path: ['orderNumber'], message: MISSING_NUMBER });
    ctx.addIssue({ code: 'custom', path: ['manufacturerNumber'], message: MISSING_NUMBER });
  }
});

const nullableNumber = z.number().nullable();

/** One row of the list and of the search: the article without its lists and history. */
export const articleListItem = z.object({
  id: z.uuid(),
  manufacturerId: z.uuid(),
  manufacturerName: z.string(),
  manufacturerNumber: z.string().nullable(),
  orderNumber: z.string().nullable(),
  description: z.string().nullable(),
  listPrice: nullableNumber,
  purchasePrice: nullableNumber,
  /** How many pieces the prices refer to ("98,00 € / 100 Stk"). */
  priceUnitSize: nullableNumber,
  width: nullableNumber,
  height: nullableNumber,
  depth: nullableNumber,
  weight: nullableNumber,
  unitId: z.uuid().nullable(),
  unitName: z.string().nullable(),
  articleImportSource: z.enum(ARTICLE_IMPORT_SOURCES),
});
export type ArticleListItem = z.infer<typeof articleListItem>;

export const articleResponse = z.object({
  id: z.uuid(),
  manufacturerId: z.uuid(),
  manufacturerName: z.string(),
  manufacturerNumber: z.string().nullable(),
  orderNumber: z.string().nullable(),
  erpNumber: z.string().nullable(),
  manufacturerLink: z.string().nullable(),
  description: z.string().nullable(),
  deliveryTime: nullableNumber,
  unitId: z.uuid().nullable(),
  unitName: z.string().nullable(),
  packagingUnitSize: nullableNumber,
  priceUnitSize: nullableNumber,
  orderQuantityUnitSize: nullableNumber,
  minimumOrderQuantityUnitSize: nullableNumber,
  width: nullableNumber,
  height: nullableNumber,
  depth: nullableNumber,
  weight: nullableNumber,
  purchasePrice: nullableNumber,
  listPrice: nullableNumber,
  discountGroupId: z.uuid().nullable(),
  discountGroupName: z.string().nullable(),
  discountPercent: nullableNumber,
  eclass9_1Id: z.uuid().nullable(),
  eclassNumber: z.string().nullable(),
  eclassDescription: z.string().nullable(),
  /** The classes of the trade a catalog gave the article (ECLASS with IRDI, ETIM), with the system's version. */
  classes: z.array(
    z.object({
      system: z.enum(['ECLASS', 'ETIM']),
      code: z.string(),
      version: z.string().nullable(),
      irdi: z.string().nullable(),
    }),
  ),
  /** Other articles of its catalog (BMEcat PRODUCT_REFERENCE) by order number: similar, successor, accessory. */
  catalogReferences: z.array(
    z.object({ type: z.enum(['similar', 'followup', 'accessories', 'other']), orderNumber: z.string() }),
  ),
  eanNumber: z.string().nullable(),
  surchargeCode: z.string().nullable(),
  copperCode: z.string().nullable(),
  copperBaseValue: nullableNumber,
  copperWeight: nullableNumber,
  customsTarifNumber: z.string().nullable(),
  countryOfOriginAbbreviation: z.string().nullable(),
  rohs: z.boolean().nullable(),
  image: z.string().nullable(),
  articleImportSource: z.enum(ARTICLE_IMPORT_SOURCES),
  wholesalerInfos: z.array(
    z.object({
      wholesalerId: z.uuid(),
      wholesalerName: z.string(),
      orderNumber: z.string().nullable(),
      purchasePrice: nullableNumber,
    }),
  ),
  possibleOrderNumbers: z.array(z.string()),
  possibleManufacturerNumbers: z.array(z.string()),
  /** SPEC §3 calculated purchase price per piece (domain/rules/article-price). */
  calculatedPurchasePricePerPiece: nullableNumber,
  changeEntries: z.array(changeEntry),
  createDate: isoDate,
  lastUpdate: isoDate,
});
export type ArticleResponse = z.infer<typeof articleResponse>;

export const ARTICLE_SORT_COLUMNS = [
  'manufacturer',
  'manufacturerNumber',
  'orderNumber',
  'listPrice',
  'weight',
] as const;
export type ArticleSortColumn = (typeof ARTICLE_SORT_COLUMNS)[number];

/** Furthest row a page may start at (page x size); beyond it the list asks for a narrower filter. */
export const MAX_ARTICLE_OFFSET = 1_000_000;

/** SPEC §7 GET /article/filter; `orderNumber` is the list's search text (numbers, alternatives, description). */
export const articleFilterQuery = z
  .object({
    orderNumber: searchText().optional(),
    manufacturer: z.uuid().optional(),
    paginationSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
    page: z.coerce.number().int().min(0).default(0),
    column: z.enum(ARTICLE_SORT_COLUMNS).default('orderNumber'),
    sortDescending: booleanQuery.default(false),
  })
  .refine((query) => query.page * query.paginationSize <= MAX_ARTICLE_OFFSET, {
    message: 'Diese Seite liegt zu weit hinten. Bitte grenzen Sie die Liste mit der Suche ein.',
    path: ['page'],
  });
export type ArticleFilterQuery = z.infer<typeof articleFilterQuery>;

export const articleFilterResponse = z.object({
  content: z.array(articleListItem),
  totalElements: z.number().int(),
  /** True when totalElements is the database's estimate (very large unfiltered lists, see README). */
  totalIsEstimate: z.boolean(),
});
export type ArticleFilterResponse = z.infer<typeof articleFilterResponse>;

/** SPEC §7 GET /article/search: substring search over numbers, alternatives and description. */
export const articleSearchQuery = z.object({
  searchTerm: searchText().min(1, 'Bitte geben Sie einen Suchbegriff ein.'),
  amount: z.coerce.number().int().min(1).max(100).default(10),
  manufacturer: z.uuid().optional(),
});
export type ArticleSearchQuery = z.infer<typeof articleSearchQuery>;

export const articleSearchResult = z.array(articleListItem.extend({ exactMatch: z.boolean() }));
export type ArticleSearchResult = z.infer<typeof articleSearchResult>;

export const articleIdQuery = z.object({ id: z.uuid() });
/** POST /article/delete?id=a,b: one id (SPEC) or the list's selection. */
export const articleDeleteQuery = z.object({ id: idListQuery });
export const articleDeleteResult = z.object({ deleted: z.array(z.uuid()), failed: z.array(z.uuid()) });

/**
 * SPEC §7 POST /article/replace: the BOM line's values and the article chosen for it.
 * With `lineId` the article is assigned to that BOM line (scope LINE) or to every line of its BOM with its
 * number (scope ALL), and the line's numbers are the ones remembered unless the body names others.
 */
export const articleReplaceBody = z.object({
  matchId: z.uuid(),
  manufacturerId: reference,
  manufacturerName: optionalText(200),
  manufacturerNumber: articleNumber,
  orderNumber: articleNumber,
  lineId: z.uuid().optional(),
  scope: z.enum(['LINE', 'ALL']).default('LINE'),
});
export type ArticleReplaceBody = z.input<typeof articleReplaceBody>;

/** SPEC §7 POST /article/export: the list's filters plus price range and import source (export dialog). */
export const articleExportBody = z
  .object({
    orderNumber: searchText().optional(),
    manufacturer: z.uuid().optional(),
    minPrice: z.number().min(0).nullish(),
    maxPrice: z.number().min(0).nullish(),
    importSource: z.enum(ARTICLE_IMPORT_SOURCES).nullish(),
  })
  .refine((body) => body.minPrice == null || body.maxPrice == null || body.minPrice <= body.maxPrice, {
    message: 'Der Mindestpreis darf nicht größer als der Höchstpreis sein.',
    path: ['maxPrice'],
  });
export type ArticleExportBody = z.input<typeof articleExportBody>;
export type ArticleExportFilter = z.output<typeof articleExportBody>;

/** The export runs in the background; the file appears in exportResult/ and the user gets a mail. */
export const articleExportResponse = z.object({ fileName: z.string(), path: z.string() });

/** Folder of the file storage that holds finished exports (SPEC §7 GET /file/names?path=exportResult/). */
export const EXPORT_RESULT_FOLDER = 'exportResult/';

/** POST /article/replace: the article, and with a `lineId` the BOM lines now assigned to it. */
export const articleReplaceResponse = articleResponse.extend({ lines: articleReplaceLines.optional() });
export type ArticleReplaceResponse = z.infer<typeof articleReplaceResponse>;
