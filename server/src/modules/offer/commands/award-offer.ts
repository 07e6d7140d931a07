import {
  type AwardChoice,
  type AwardDecision,
  type AwardRefusal,
  decideAward,
} from '@portal/domain/rules/offer-award';
import { OFFER_STATE_LABELS } from '@portal/domain/rules/offer-state';
import { REJECTION_REASON_LABELS } from '@portal/domain/schemas/offer';
import type { RequestActor } from '../../../auth/actor';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../errors';
import type { FoundOffer, OfferRow } from '../offer.repository';
import { declineForOtherSupplier, findAwardOffers, lockEnquiryForAward } from '../offer-award.repository';
import { auditOffer, type OfferCommandDeps } from './offer-command';

/** An offer of another enquiry is not there; a choice of lines that cannot be made is bad input; else 409. */
const REFUSAL_ERRORS: Record<AwardRefusal, 'NOT_FOUND' | 'VALIDATION' | 'OFFER_STATE_CONFLICT'> = {
  ALREADY_AWARDED: 'OFFER_STATE_CONFLICT',
  UNKNOWN_OFFER: 'NOT_FOUND',
  NOT_OPEN: 'OFFER_STATE_CONFLICT',
  EXPIRED: 'OFFER_STATE_CONFLICT',
  NO_LINES: 'VALIDATION',
  DUPLICATE_LINE: 'VALIDATION',
  LINE_NOT_OFFERED: 'VALIDATION',
};

type AwardOfferRows = Awaited<ReturnType<typeof findAwardOffers>>;

export interface EnquiryAward {
  rows: AwardOfferRows;
  decision: Extract<AwardDecision, { ok: true }>;
}

/**
 * domain/rules/offer-award.ts on the locked enquiry: takes the enquiry's row lock (the caller does so before it
 * locks any offer), reads its current offers and decides the award; a refusal is 409 with its German reason.
 */
export async function decideEnquiryAward(
  tx: DbOrTx,
  enquiryId: string,
  choice: AwardChoice,
  linesByOffer?: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<EnquiryAward> {
  await lockEnquiryForAward(tx, enquiryId);
  const rows = await findAwardOffers(tx, enquiryId);
  const decision = decideAward(
    { offers: rows.map(({ offer }) => offer), ...(linesByOffer ? { linesByOffer } : {}) },
    choice,
  );
  if (!decision.ok) throw new AppError(REFUSAL_ERRORS[decision.reason], decision.message);
  return { rows, decision };
}

/**
 * SPEC §4 decline, done by the portal for the customer: every other open offer of the awarded enquiry is
 * declined with OTHER_SUPPLIER_CHOSEN, in its history, and its supplier hears of it (offer.declined: mail and
 * notification).
 */
export async function declineOtherOffers(
  tx: DbOrTx,
  deps: OfferCommandDeps,
  actor: RequestActor,
  award: EnquiryAward,
  names: Pick<FoundOffer, 'customerName' | 'enquiryTitle'>,
): Promise<OfferRow[]> {
  const declined: OfferRow[] = [];
  for (const id of award.decision.declined) {
    const row = award.rows.find((entry) => entry.offer.id === id);
    const after = row ? await declineForOtherSupplier(tx, id) : null;
    if (!row || !after) continue;
    await auditOffer(tx, actor, id, 'state', OFFER_STATE_LABELS.OPEN, OFFER_STATE_LABELS.DECLINED);
    await auditOffer(tx, actor, id, 'rejectionReason', null, REJECTION_REASON_LABELS.OTHER_SUPPLIER_CHOSEN);
    await deps.events.emit(tx, 'offer.declined', {
      offer: after,
      supplierName: row.supplierName,
      customerName: names.customerName,
      enquiryTitle: names.enquiryTitle,
      stage: 'OFFER',
    });
    declined.push(after);
  }
  return declined;
}
