import type { ComparisonLineRow } from './offer-compare.repository';

/** One enquiry line's values, a place per compared offer. */
export interface LineValues {
  prices: (number | null)[];
  deliveryTimes: (number | null)[];
  alternatives: (string | null)[];
  alternativePrices: (number | null)[];
}

/** The values PostgreSQL gathered for a line (only the offers that have it) laid out one place per offer. */
export function lineValues(offerCount: number, row: ComparisonLineRow): LineValues {
  const empty = () => Array.from({ length: offerCount }, () => null);
  const values: LineValues = {
    prices: empty(),
    deliveryTimes: empty(),
    alternatives: empty(),
    alternativePrices: empty(),
  };
  row.slots?.forEach((slot, i) => {
    const at = slot - 1;
    values.prices[at] = row.prices?.[i] ?? null;
    values.deliveryTimes[at] = row.deliveryTimes?.[i] ?? null;
    values.alternatives[at] = row.alternatives?.[i] ?? null;
    values.alternativePrices[at] = row.alternativePrices?.[i] ?? null;
  });
  return values;
}

/** Each offer's best price per piece on a line: the lower of its price and its alternative's. */
export function bestPrices(values: LineValues): (number | null)[] {
  return values.prices.map((price, at) => {
    const alternative = values.alternativePrices[at] ?? null;
    if (price === null) return alternative;
    return alternative === null ? price : Math.min(price, alternative);
  });
}
