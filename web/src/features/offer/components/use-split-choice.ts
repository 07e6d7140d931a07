import { cheapestOffer, chooseByGroup, choosePerLine, fastestOffer } from '@portal/domain/rules/offer-award';
import { awardLineOption, splitShares } from '@portal/domain/rules/offer-compare';
import type { OfferComparisonResponse } from '@portal/domain/schemas/offer';
import { useMemo, useState } from 'react';

export type SplitGroup = 'manufacturerName' | 'discountGroup';

/**
 * The customer's choice of a supplier per line on the comparison (domain/rules/offer-award.ts): by hand, the
 * quick choices "günstigster" / "kürzeste Lieferzeit je Zeile", or a manufacturer or discount group to one
 * supplier. Only offers that can still be accepted are chosen.
 */
export function useSplitChoice(comparison: OfferComparisonResponse) {
  const [choice, setChoice] = useState<ReadonlyMap<string, string>>(new Map());
  const offerIds = useMemo(
    () => comparison.offers.map((offer) => (offer.acceptable ? offer.id : null)),
    [comparison.offers],
  );
  const options = useMemo(
    () => comparison.lines.map((line) => awardLineOption(line, offerIds)),
    [comparison.lines, offerIds],
  );
  const entries = () => [...choice].map(([lineId, offerId]) => ({ lineId, offerId }));
  const replace = (chosen: { lineId: string; offerId: string }[]) =>
    setChoice(new Map(chosen.map((entry) => [entry.lineId, entry.offerId])));

  const shares = useMemo(
    () =>
      splitShares(
        comparison.lines,
        comparison.offers.map((offer) => offer.id),
        choice,
      ),
    [comparison.lines, comparison.offers, choice],
  );

  return {
    choice,
    shares,
    choose(lineId: string, offerId: string) {
      setChoice((before) => new Map(before).set(lineId, offerId));
    },
    chooseCheapest: () => replace(choosePerLine(options, cheapestOffer)),
    chooseFastest: () => replace(choosePerLine(options, fastestOffer)),
    chooseGroup: (group: SplitGroup, value: string, offerId: string) =>
      replace(chooseByGroup(options, group, value, offerId, entries())),
    clear: () => setChoice(new Map()),
    /** The award's parts, one per supplier with chosen lines. */
    parts: () =>
      shares.map((share) => ({
        offerId: share.offerId,
        lineIds: [...choice].filter(([, offerId]) => offerId === share.offerId).map(([lineId]) => lineId),
      })),
  };
}

export type SplitChoice = ReturnType<typeof useSplitChoice>;
