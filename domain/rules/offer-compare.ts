import type { AwardLineOption } from './offer-award';

/**
 * The comparison of offers line by line (the customer's enquiry page): which offers are marked on a line, whether
 * the offers differ on it ("nur Abweichungen"), and what a split by line gives each supplier.
 */

/** A line's values per offer, in the order of the compared offers. */
export interface ComparedLineValues {
  prices: readonly (number | null)[];
  deliveryTimes: readonly (number | null)[];
  alternatives: readonly (string | null)[];
}

/**
 * The offers (indexes) with the smallest known value. Marked only when at least two offers have a value: a
 * single price is neither the lowest nor the highest.
 */
export function bestIndexes(values: readonly (number | null)[]): number[] {
  const known = values.filter((value): value is number => value !== null);
  if (known.length < 2) return [];
  const min = Math.min(...known);
  return values.flatMap((value, index) => (value === min ? [index] : []));
}

const distinct = (values: readonly (number | null)[]) => new Set(values).size > 1;

/**
 * "nur Abweichungen": the offers differ on the line when their prices or lead times are not all equal (an
 * offer without the line counts as different), or some supplier offers another article than asked for.
 */
export function lineDiffers(line: ComparedLineValues): boolean {
  return (
    distinct(line.prices) ||
    distinct(line.deliveryTimes) ||
    line.alternatives.some((alternative) => alternative !== null)
  );
}

/** The line as the split helpers of offer-award.ts read it, with the offers that can still be chosen. */
export function awardLineOption(
  line: ComparedLineValues & { key: string; manufacturerName: string | null; discountGroup: string | null },
  offerIds: readonly (string | null)[],
): AwardLineOption {
  return {
    lineId: line.key,
    manufacturerName: line.manufacturerName,
    discountGroup: line.discountGroup,
    offers: offerIds.flatMap((offerId, index) =>
      offerId === null
        ? []
        : [
            {
              offerId,
              pricePerPiece: line.prices[index] ?? null,
              deliveryTime: line.deliveryTimes[index] ?? null,
            },
          ],
    ),
  };
}

const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** What one supplier gets of a split: its lines and their sum (Σ quantity × price per piece, one cabinet). */
export interface SplitShare {
  offerId: string;
  lineCount: number;
  materialTotal: number;
}

/**
 * Per chosen offer (in the order of `offerIds`), the lines the choice gives it and their sum without work, each
 * line rounded to the cent as the offer's totals are.
 */
export function splitShares(
  lines: readonly (ComparedLineValues & { key: string; quantity: number | null })[],
  offerIds: readonly string[],
  choice: ReadonlyMap<string, string>,
): SplitShare[] {
  const shares = new Map(offerIds.map((offerId) => [offerId, { offerId, lineCount: 0, materialTotal: 0 }]));
  for (const line of lines) {
    const offerId = choice.get(line.key);
    const share = offerId ? shares.get(offerId) : undefined;
    if (!share || !offerId) continue;
    const price = line.prices[offerIds.indexOf(offerId)] ?? null;
    share.lineCount += 1;
    if (price !== null)
      share.materialTotal = round2(share.materialTotal + round2((line.quantity ?? 0) * price));
  }
  return [...shares.values()].filter((share) => share.lineCount > 0);
}
