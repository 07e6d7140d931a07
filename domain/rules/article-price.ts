/** SPEC §3 "calculated purchase price per piece" of an article, from the §9 estimate rule. */
export interface ArticlePriceInput {
  /** The customer price (SPEC §3 purchasePrice), per price unit. */
  purchasePrice: number | null | undefined;
  /** Per price unit. */
  listPrice: number | null | undefined;
  /** How many pieces the prices refer to (e.g. 100 for a price per hundred); missing or 0 means 1. */
  priceUnitSize: number | null | undefined;
  /** Discount of the article's discount group in percent. */
  discountPercent: number | null | undefined;
}

/** Per-piece prices of small parts (terminals priced per 100) need more than cents. */
export const PRICE_PER_PIECE_DECIMALS = 4;

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}

/** How many pieces an article's prices refer to: its price unit size, or 1 when missing or 0. */
export function priceUnitDivisor(priceUnitSize: number | null | undefined): number {
  return priceUnitSize && priceUnitSize > 0 ? priceUnitSize : 1;
}

/**
 * The list price of one piece (a terminal at 98 € per 100 costs 0,98 € a piece). The export's
 * price filter compares this figure; its SQL twin is `listPricePerPieceSql` in the server's article-sql.ts.
 */
export function listPricePerPiece(
  listPrice: number | null | undefined,
  priceUnitSize: number | null | undefined,
): number | null {
  if (listPrice === null || listPrice === undefined) return null;
  return round(listPrice / priceUnitDivisor(priceUnitSize), PRICE_PER_PIECE_DECIMALS);
}

/** Which of an article's prices SPEC §9 takes: the list price less the group discount, or the purchase price. */
export type ArticlePriceSource = 'DISCOUNTED_LIST_PRICE' | 'PURCHASE_PRICE';

/**
 * SPEC §9, unrounded and per price unit: without a list price the purchase price; with a list price the list
 * price less the discount group's percent (clamped to 0..100), unless the purchase price is lower. Null when
 * the article has neither price. The estimate (domain/rules/estimate.ts) needs the source as well as the price.
 */
export function chooseArticlePrice(
  input: ArticlePriceInput,
): { pricePerPriceUnit: number; source: ArticlePriceSource } | null {
  const purchase = input.purchasePrice ?? null;
  if (input.listPrice === null || input.listPrice === undefined) {
    return purchase === null ? null : { pricePerPriceUnit: purchase, source: 'PURCHASE_PRICE' };
  }
  const percent = Math.min(Math.max(input.discountPercent ?? 0, 0), 100);
  const discounted = input.listPrice * (1 - percent / 100);
  return purchase !== null && purchase < discounted
    ? { pricePerPriceUnit: purchase, source: 'PURCHASE_PRICE' }
    : { pricePerPriceUnit: discounted, source: 'DISCOUNTED_LIST_PRICE' };
}

/**
 * SPEC §9: without a list price the purchase price divided by the price unit size; with a list price the
 * list price less the discount group's percent, unless the purchase price is lower — both per price unit,
 * so also divided by the price unit size. Null when the article has neither price.
 */
export function purchasePricePerPiece(input: ArticlePriceInput): number | null {
  const chosen = chooseArticlePrice(input);
  if (!chosen) return null;
  return round(chosen.pricePerPriceUnit / priceUnitDivisor(input.priceUnitSize), PRICE_PER_PIECE_DECIMALS);
}
