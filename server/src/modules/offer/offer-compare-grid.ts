import type { ComparisonLineRow } from './offer-compare.repository';

/** One enquiry line's values, a place per compared offer. */
export interface LineValues {
  prices: (number | null)[];
  deliveryTimes: (number | null)[];
  alternatives: (string | null)[];
}

/** The values PostgreSQL gathered for a line (only the offers that have it) laid out one place per offer. */
export function lineValues(offerCount: number, row: ComparisonLineRow): LineValues {
  const empty = () => Array.from({ length: offerCount }, () => null);
  const values: LineValues = { prices: empty(), deliveryTimes: empty(), alternatives: empty() };
  row.slots?.forEach((slot, i) => {
    const at = slot - 1;
    values.prices[at] = row.prices?.[i] ?? null;
    values.deliveryTimes[at] = row.deliveryTimes?.[i] ?? null;
    values.alternatives[at] = row.alternatives?.[i] ?? null;
  });
  return values;
}
