import { PRICE_PER_PIECE_DECIMALS, priceUnitDivisor } from './article-price';

/**
 * The supplier's pricing desk: the price per piece a new offer line starts with, from the matched catalog
 * article and the supplier's own pricing settings (its wholesaler, its discounts per discount group, its
 * markup). The server prices whole offers in one SQL statement per piece of lines (offer-pricing.repository.ts,
 * `proposedPriceSql`); that statement is this rule's twin and its tests compare both.
 */

/**
 * Where a line's price came from: the chosen wholesaler's purchase price, the list price less the supplier's
 * discount for the article's discount group, the article's own catalog price, or typed in by the supplier.
 */
export const PRICE_SOURCES = ['WHOLESALER', 'DISCOUNT_GROUP', 'CATALOG', 'MANUAL'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export interface PriceProposalArticle {
  /** The article's purchase price (SPEC §3 "customer price"), per price unit. */
  purchasePrice: number | null;
  /** Per price unit. */
  listPrice: number | null;
  /** How many pieces the prices refer to (100 for terminals); missing or 0 means 1. */
  priceUnitSize: number | null;
  /** The article's discount group, if it has one. */
  discountGroup: { name: string; percent: number } | null;
  /** The purchase price per price unit at the supplier's wholesaler of choice, if it lists the article. */
  wholesalerPrice: { name: string; purchasePrice: number } | null;
}

export interface SupplierPricingTerms {
  /** The supplier's own discount for the article's discount group; replaces the group's percent. */
  ownDiscountPercent: number | null;
  /** Added to the purchase price per piece. */
  markupPercent: number;
}

export interface PriceProposal {
  /** What the supplier pays per piece (before markup), four decimals. */
  basePricePerPiece: number;
  /** The offered price per piece: base plus markup, four decimals. */
  pricePerPiece: number;
  source: Exclude<PriceSource, 'MANUAL'>;
  /** The wholesaler's or the discount group's name (for "Großhändler …", "Rabattgruppe …"). */
  sourceName: string | null;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Math.sign(value) * Number.EPSILON) * factor) / factor;
}

const clampPercent = (percent: number, max: number) => Math.min(Math.max(percent, 0), max);

/** The price per piece plus `markupPercent` (0..1000), four decimals. */
export function applyMarkup(basePricePerPiece: number, markupPercent: number): number {
  return round(basePricePerPiece * (1 + clampPercent(markupPercent, 1000) / 100), PRICE_PER_PIECE_DECIMALS);
}

/** "Auf Cent runden": commercial rounding of a price per piece to whole cents. */
export function roundToCents(price: number): number {
  return round(price, 2);
}

/**
 * The price proposal of one line: the wholesaler's purchase price if the supplier chose a wholesaler that lists
 * the article; else, for an article with a list price and a discount group, the list price less the supplier's
 * own discount for that group (else the group's percent); else the article's purchase price, else its list
 * price. All prices per price unit are divided by the price unit size (a terminal at 98 € per 100 is 0,98 € a
 * piece). Null when the article has no price at all.
 */
export function proposePrice(
  article: PriceProposalArticle,
  terms: SupplierPricingTerms,
): PriceProposal | null {
  const divisor = priceUnitDivisor(article.priceUnitSize);
  const propose = (perUnit: number, source: PriceProposal['source'], sourceName: string | null) => {
    const base = round(perUnit / divisor, PRICE_PER_PIECE_DECIMALS);
    return {
      basePricePerPiece: base,
      pricePerPiece: applyMarkup(base, terms.markupPercent),
      source,
      sourceName,
    };
  };
  if (article.wholesalerPrice) {
    return propose(article.wholesalerPrice.purchasePrice, 'WHOLESALER', article.wholesalerPrice.name);
  }
  if (article.listPrice !== null && article.discountGroup) {
    const percent = clampPercent(terms.ownDiscountPercent ?? article.discountGroup.percent, 100);
    return propose(article.listPrice * (1 - percent / 100), 'DISCOUNT_GROUP', article.discountGroup.name);
  }
  const catalog = article.purchasePrice ?? article.listPrice;
  return catalog === null ? null : propose(catalog, 'CATALOG', null);
}
