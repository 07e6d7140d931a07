import type { OfferState } from '../enums';
import { isOfferExpired, OFFER_EXPIRED_MESSAGE } from './offer-validity';

/**
 * The customer's award of an enquiry (SPEC §4 accept, extended to partial orders): a whole offer, or a split
 * in which each BOM line goes to one supplier. SPEC's states and rights stay: an award moves the chosen
 * offers to ACCEPTED and every other open offer of the enquiry to DECLINED with OTHER_SUPPLIER_CHOSEN.
 * An enquiry is awarded once: when any current offer is already ACCEPTED or CONFIRMED, a further award is
 * refused (the server holds the enquiry's row lock while it decides, so two awards at once cannot both pass).
 */

/** One current (newest, not deleted) offer version of the enquiry, as the award needs it. */
export interface AwardOfferFacts {
  id: string;
  state: OfferState;
  released: boolean;
  invalidated: boolean;
  archived: boolean;
  validUntil: string | null;
}

export type AwardChoice =
  | { kind: 'WHOLE'; offerId: string }
  /** Each chosen BOM line (the enquiry's line id) with the offer it goes to. */
  | { kind: 'SPLIT'; lines: readonly { lineId: string; offerId: string }[] };

export interface AwardContext {
  offers: readonly AwardOfferFacts[];
  /** SPLIT only: the BOM lines each offer prices (enquiry line ids); a line goes only to an offer that has it. */
  linesByOffer?: ReadonlyMap<string, ReadonlySet<string>>;
  now?: Date;
}

/** An offer that becomes an order: the whole offer, or the lines chosen from it with its order suffix. */
export interface AwardedOffer {
  offerId: string;
  /** null: the whole offer; else the enquiry line ids of its part. */
  lineIds: string[] | null;
  /** '-A', '-B', … in the order of the offers; null for a whole award. */
  suffix: string | null;
}

export type AwardRefusal =
  | 'ALREADY_AWARDED'
  | 'UNKNOWN_OFFER'
  | 'NOT_OPEN'
  | 'EXPIRED'
  | 'NO_LINES'
  | 'DUPLICATE_LINE'
  | 'LINE_NOT_OFFERED';

export type AwardDecision =
  | { ok: true; awarded: AwardedOffer[]; declined: string[] }
  | { ok: false; reason: AwardRefusal; message: string };

export const ALREADY_AWARDED_MESSAGE =
  'Der Auftrag zu dieser Anfrage ist bereits vergeben. Ein weiteres Angebot kann nicht angenommen werden.';

const refuse = (reason: AwardRefusal, message: string): AwardDecision => ({ ok: false, reason, message });

/** An offer the customer could still accept: released, open, current, not deleted. */
export function isOpenForAward(offer: AwardOfferFacts): boolean {
  return offer.released && offer.state === 'OPEN' && !offer.invalidated && !offer.archived;
}

/** Awarded: some current offer of the enquiry became an order or a job. */
export function isEnquiryAwarded(offers: readonly AwardOfferFacts[]): boolean {
  return offers.some(
    (offer) => !offer.invalidated && (offer.state === 'ACCEPTED' || offer.state === 'CONFIRMED'),
  );
}

/** The order number suffix of the n-th part of a split (0 -> '-A', 25 -> '-Z', 26 -> '-AA'). */
export function splitSuffix(index: number): string {
  let n = index;
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return `-${letters}`;
}

/** Whole or split: which offers become orders (with which lines), and which open offers are declined. */
export function decideAward(context: AwardContext, choice: AwardChoice): AwardDecision {
  if (isEnquiryAwarded(context.offers)) return refuse('ALREADY_AWARDED', ALREADY_AWARDED_MESSAGE);
  const byId = new Map(context.offers.map((offer) => [offer.id, offer]));
  const chosenIds =
    choice.kind === 'WHOLE' ? [choice.offerId] : [...new Set(choice.lines.map((line) => line.offerId))];
  if (choice.kind === 'SPLIT' && choice.lines.length === 0) {
    return refuse('NO_LINES', 'Bitte wählen Sie mindestens eine Zeile für einen Lieferanten aus.');
  }
  for (const id of chosenIds) {
    const offer = byId.get(id);
    if (!offer) return refuse('UNKNOWN_OFFER', 'Dieses Angebot gehört nicht zu der Anfrage.');
    if (!isOpenForAward(offer)) {
      return refuse('NOT_OPEN', 'Nur offene, freigegebene Angebote können angenommen werden.');
    }
    if (isOfferExpired(offer, context.now)) return refuse('EXPIRED', OFFER_EXPIRED_MESSAGE);
  }
  const declined = context.offers
    .filter((offer) => isOpenForAward(offer) && !chosenIds.includes(offer.id))
    .map((offer) => offer.id);
  if (choice.kind === 'WHOLE') {
    return { ok: true, awarded: [{ offerId: choice.offerId, lineIds: null, suffix: null }], declined };
  }

  const seen = new Set<string>();
  const linesOf = new Map<string, string[]>();
  for (const line of choice.lines) {
    if (seen.has(line.lineId)) {
      return refuse('DUPLICATE_LINE', 'Jede Zeile kann nur an einen Lieferanten vergeben werden.');
    }
    seen.add(line.lineId);
    if (!context.linesByOffer?.get(line.offerId)?.has(line.lineId)) {
      return refuse(
        'LINE_NOT_OFFERED',
        'Eine gewählte Zeile ist im Angebot dieses Lieferanten nicht enthalten.',
      );
    }
    linesOf.set(line.offerId, [...(linesOf.get(line.offerId) ?? []), line.lineId]);
  }
  // Suffixes follow the order of the enquiry's offers, so the same split always numbers the same way.
  const awarded = context.offers
    .filter((offer) => linesOf.has(offer.id))
    .map((offer, index) => ({
      offerId: offer.id,
      lineIds: linesOf.get(offer.id) ?? [],
      suffix: splitSuffix(index),
    }));
  return { ok: true, awarded, declined };
}

/** One BOM line of the comparison as the split helpers read it. */
export interface AwardLineOption {
  lineId: string;
  manufacturerName: string | null;
  discountGroup: string | null;
  offers: readonly { offerId: string; pricePerPiece: number | null; deliveryTime: number | null }[];
}

type Pick = (line: AwardLineOption) => string | null;

const byNumber = (value: number | null) => (value === null ? Number.POSITIVE_INFINITY : value);

/** "günstigster je Zeile": the lowest price per piece; a tie goes to the shorter lead time, then the first offer. */
export const cheapestOffer: Pick = (line) => {
  const priced = line.offers.filter((offer) => offer.pricePerPiece !== null);
  const best = [...priced].sort(
    (a, b) =>
      byNumber(a.pricePerPiece) - byNumber(b.pricePerPiece) ||
      byNumber(a.deliveryTime) - byNumber(b.deliveryTime),
  )[0];
  return best?.offerId ?? null;
};

/** "kürzeste Lieferzeit je Zeile": the fewest working days; a tie goes to the lower price, then the first offer. */
export const fastestOffer: Pick = (line) => {
  const known = line.offers.filter((offer) => offer.deliveryTime !== null && offer.pricePerPiece !== null);
  const best = [...known].sort(
    (a, b) =>
      byNumber(a.deliveryTime) - byNumber(b.deliveryTime) ||
      byNumber(a.pricePerPiece) - byNumber(b.pricePerPiece),
  )[0];
  return best?.offerId ?? null;
};

/** A choice per line from a pick; lines the pick leaves open stay unchosen. */
export function choosePerLine(
  lines: readonly AwardLineOption[],
  pick: Pick,
): { lineId: string; offerId: string }[] {
  return lines.flatMap((line) => {
    const offerId = pick(line);
    return offerId ? [{ lineId: line.lineId, offerId }] : [];
  });
}

/**
 * Per manufacturer or discount group: every line of the group goes to the offer chosen for the group, if that
 * offer has the line; the other lines keep their earlier choice.
 */
export function chooseByGroup(
  lines: readonly AwardLineOption[],
  group: 'manufacturerName' | 'discountGroup',
  value: string,
  offerId: string,
  earlier: readonly { lineId: string; offerId: string }[] = [],
): { lineId: string; offerId: string }[] {
  const chosen = new Map(earlier.map((entry) => [entry.lineId, entry.offerId]));
  for (const line of lines) {
    if (line[group] !== value) continue;
    if (line.offers.some((offer) => offer.offerId === offerId && offer.pricePerPiece !== null)) {
      chosen.set(line.lineId, offerId);
    }
  }
  return [...chosen].map(([lineId, id]) => ({ lineId, offerId: id }));
}
