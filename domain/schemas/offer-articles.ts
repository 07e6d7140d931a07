import { z } from 'zod';
import { articleSearchQuery } from './article';
import { bomLine, bomLineCounts } from './bom';
import { bomLinesPageQuery, QUANTITY_MESSAGE } from './bom-lines';
import { isoDate, loadedLastUpdate, optionalText } from './common';
import { offerPriceSource } from './pricing';

/**
 * The offer's articles (page, totals, edit, catalog search) and the BOM exports; the calls are listed in
 * offer.ts, which re-exports this module (the comparison and the award: offer-compare.ts).
 */

/** A technical field whose offer value differs from the enquiry's ("Änderungen erkannt"). */
export const offerTechnicalChange = z.object({
  field: z.string(),
  label: z.string(),
  enquiryText: z.string(),
  offerText: z.string(),
});
export type OfferTechnicalChange = z.infer<typeof offerTechnicalChange>;

export const offerArticleTotals = z.object({
  lineCount: z.number().int(),
  pricedLines: z.number().int(),
  /** Σ quantity × price per piece of the priced lines, in euros. */
  total: z.number(),
  /** The longest lead time of the lines in working days ("Lieferbereit in … Arbeitstagen"); null: none known. */
  longestDeliveryTime: z.number().int().nullable().optional(),
});
export type OfferArticleTotals = z.infer<typeof offerArticleTotals>;

/**
 * An article the supplier offers on a line instead of the customer's (which stays the line's match and keeps
 * its own price): "Alternative: … statt …". Both sides see it with its offered price, never a purchase price.
 */
export const offerLineAlternative = z.object({
  articleId: z.string(),
  manufacturerName: z.string().nullable(),
  manufacturerNumber: z.string().nullable(),
  orderNumber: z.string().nullable(),
  description: z.string().nullable(),
  unitName: z.string().nullable(),
  /** The supplier's price per piece of the alternative; null while unpriced. */
  pricePerPiece: z.number().nullable(),
  /** quantity × the alternative's price per piece; null while unpriced. */
  totalPrice: z.number().nullable(),
});
export type OfferLineAlternative = z.infer<typeof offerLineAlternative>;

export const offerArticle = bomLine.extend({
  pricePerPiece: z.number().nullable(),
  note: z.string().nullable(),
  /** The line's lead time in working days (from the matched article, the supplier may change it). */
  deliveryTime: z.number().int().nullable().optional(),
  originLineId: z.string().nullable(),
  /** quantity × price per piece; null while unpriced. */
  totalPrice: z.number().nullable(),
  /** Where the price came from, with the price before markup: in the supplier's answer only. */
  priceSource: offerPriceSource.nullable().optional(),
  /** The supplier's alternative to the line's article, or null. */
  alternative: offerLineAlternative.nullable().optional(),
  /** The line's last change (its edit dialog sends it back with the save). */
  lastUpdate: isoDate,
});
export type OfferArticleLine = z.infer<typeof offerArticle>;

export const offerArticlesQuery = bomLinesPageQuery.extend({ offerId: z.uuid() });
export type OfferArticlesQuery = z.input<typeof offerArticlesQuery>;

export const offerArticlesPage = z.object({
  content: z.array(offerArticle),
  totalElements: z.number().int(),
  counts: bomLineCounts,
  totals: offerArticleTotals,
});
export type OfferArticlesPage = z.infer<typeof offerArticlesPage>;

export const PRICE_PER_PIECE_MESSAGE =
  'Bitte geben Sie einen Stückpreis ab 0,00 € mit höchstens zwei Nachkommastellen ein.';

export const DELIVERY_TIME_MESSAGE = 'Bitte geben Sie die Lieferzeit in ganzen Arbeitstagen (0 bis 999) ein.';

export const ALTERNATIVE_PRICE_MESSAGE =
  'Bitte geben Sie für die Alternative einen Stückpreis ab 0,00 € mit höchstens zwei Nachkommastellen ein.';

const piecePrice = (message: string) =>
  z.number({ message }).min(0, message).max(100_000_000, message).multipleOf(0.01, message).nullish();

/** The article edit dialog: quantity, price per piece, replacement article, alternative, note. */
export const offerArticleUpdateBody = z.object({
  offerId: z.uuid(),
  lineId: z.uuid(),
  lastUpdate: loadedLastUpdate,
  quantity: z.number({ message: QUANTITY_MESSAGE }).positive(QUANTITY_MESSAGE).max(1e9, QUANTITY_MESSAGE),
  pricePerPiece: piecePrice(PRICE_PER_PIECE_MESSAGE).default(null),
  /** A catalog article that replaces the line's match; null keeps the match as it is. */
  replacementArticleId: z.uuid().nullish().default(null),
  /**
   * A catalog article offered as an alternative beside the line's match (which the customer still sees);
   * absent keeps the line's alternative, null removes it.
   */
  alternativeArticleId: z.uuid({ message: 'Bitte wählen Sie einen Artikel aus dem Katalog.' }).nullish(),
  /** The alternative's price per piece (EUR), kept with the alternative; absent keeps it, null clears it. */
  alternativePricePerPiece: piecePrice(ALTERNATIVE_PRICE_MESSAGE),
  note: optionalText(1000),
  /** Working days; absent keeps the line's lead time, null clears it. */
  deliveryTime: z
    .number({ message: DELIVERY_TIME_MESSAGE })
    .int(DELIVERY_TIME_MESSAGE)
    .min(0, DELIVERY_TIME_MESSAGE)
    .max(999, DELIVERY_TIME_MESSAGE)
    .nullish(),
});
export type OfferArticleUpdateBody = z.input<typeof offerArticleUpdateBody>;

export const OFFER_EXPORT_KINDS = ['supplier', 'customer', 'production', 'summed'] as const;
export type OfferExportKind = (typeof OFFER_EXPORT_KINDS)[number];
export const OFFER_EXPORT_KIND_LABELS: Record<OfferExportKind, string> = {
  supplier: 'Lieferanten-Stückliste',
  customer: 'Kunden-Stückliste',
  production: 'Fertigungsstückliste',
  summed: 'Summenstückliste',
};
export const offerExportQuery = z.object({
  offerId: z.uuid(),
  kind: z.enum(OFFER_EXPORT_KINDS),
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});
export type OfferExportQuery = z.input<typeof offerExportQuery>;

/**
 * GET /offer/article/search?offerId&searchTerm&amount: the catalog search of the article edit dialog, for
 * the supplier of an editable offer (the catalog itself stays the operator's: names, numbers, description,
 * unit and list price, never purchase prices).
 */
export const offerArticleSearchQuery = articleSearchQuery.extend({ offerId: z.uuid() });
export type OfferArticleSearchQuery = z.input<typeof offerArticleSearchQuery>;
export const offerArticleSearchResult = z.array(
  z.object({
    id: z.string(),
    manufacturerName: z.string(),
    manufacturerNumber: z.string().nullable(),
    orderNumber: z.string().nullable(),
    description: z.string().nullable(),
    unitName: z.string().nullable(),
    listPrice: z.number().nullable(),
    exactMatch: z.boolean(),
  }),
);
export type OfferArticleSearchResult = z.infer<typeof offerArticleSearchResult>;
