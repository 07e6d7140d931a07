import {
  OFFER_STATE_LABELS,
  type OfferAction,
  offerActionForStateChange,
  offerRole,
} from '@portal/domain/rules/offer-state';
import { type OfferStateChangeQuery, REJECTION_REASON_LABELS } from '@portal/domain/schemas/offer';
import type { RequestActor } from '../../../auth/actor';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../errors';
import { recordChanges } from '../../audit';
import { updateEnquiry } from '../../enquiry';
import { readableOffer } from '../offer.policy';
import { findOfferFiles, updateOffer } from '../offer.repository';
import { decided, fileFacts, offerPath } from '../offer-decision';
import { offerDetail } from '../offer-detail';
import type { OfferEvents } from '../offer-events';
import { decideEnquiryAward, declineOtherOffers, type EnquiryAward } from './award-offer';
import { auditOffer, type OfferCommandDeps, transitionOf } from './offer-command';

/** The event each status change emits. */
const EVENTS: Partial<Record<OfferAction, 'offer.accepted' | 'offer.declined' | 'offer.confirmed'>> = {
  accept: 'offer.accepted',
  decline: 'offer.declined',
  confirm: 'offer.confirmed',
} satisfies Partial<Record<OfferAction, keyof OfferEvents>>;

/**
 * A customer's acceptance of an open offer awards the enquiry as a whole (domain/rules/offer-award.ts): the
 * enquiry's lock is taken before the offer's, an enquiry already awarded refuses it (409), and the decision
 * names the other open offers to decline. Other cases are left to the offer's own rule (offer-state.ts).
 */
async function awardOf(tx: DbOrTx, actor: RequestActor, offerId: string): Promise<EnquiryAward | null> {
  const { offer } = await readableOffer(tx, actor, offerId);
  const open = offer.state === 'OPEN' && offer.released && !offer.invalidated && !offer.archived;
  if (!open || offerRole(offer, actor) !== 'CUSTOMER') return null;
  return decideEnquiryAward(tx, offer.enquiryId, { kind: 'WHOLE', offerId });
}

/**
 * SPEC §7 GET /offer/statechange: accept (with the customer's order PDF; closes the enquiry and declines the
 * enquiry's other open offers with OTHER_SUPPLIER_CHOSEN), decline (with
 * its reason), confirm (with the order confirmation PDF). Anything else is 409 and changes nothing. The offer
 * is loaded once and locked; the change is in the history and its event tells the other side.
 */
export function changeOfferState(deps: OfferCommandDeps, actor: RequestActor, query: OfferStateChangeQuery) {
  return deps.db.transaction(async (tx) => {
    const award = query.state === 'ACCEPTED' ? await awardOf(tx, actor, query.offerId) : null;
    const found = await readableOffer(tx, actor, query.offerId, { lock: true });
    const { offer } = found;
    const action = offerActionForStateChange(offer.state, query.state);
    const event = action ? EVENTS[action] : undefined;
    if (!action || !event) {
      throw new AppError(
        'OFFER_STATE_CONFLICT',
        `Ein Angebot im Status „${OFFER_STATE_LABELS[offer.state]}“ kann nicht in den Status „${OFFER_STATE_LABELS[query.state]}“ wechseln.`,
      );
    }
    const files = await findOfferFiles(tx, offer.id);
    const decision = decided(offer, actor, action, {
      files: fileFacts(files),
      rejectionReason: query.rejectionReason ?? null,
      rejectionReasonIndividual: query.rejectionReasonIndividual ?? null,
    });
    const after = await updateOffer(tx, offer.id, {
      state: decision.next.state,
      rejectionReason: decision.next.rejectionReason,
      rejectionReasonIndividual: decision.next.rejectionReasonIndividual,
    });
    await auditOffer(
      tx,
      actor,
      offer.id,
      'state',
      OFFER_STATE_LABELS[offer.state],
      OFFER_STATE_LABELS[after.state],
    );
    if (action === 'decline' && after.rejectionReason) {
      await auditOffer(
        tx,
        actor,
        offer.id,
        'rejectionReason',
        null,
        after.rejectionReasonIndividual ?? REJECTION_REASON_LABELS[after.rejectionReason],
      );
    }
    if (action === 'accept' && award) await declineOtherOffers(tx, deps, actor, award, found);
    if (action === 'accept') {
      // Accepting closes the enquiry: no new offers; the customer can reopen it.
      await updateEnquiry(tx, offer.enquiryId, { closed: true });
      await recordChanges(tx, { entityType: 'ENQUIRY', entityId: offer.enquiryId, userId: actor.userId }, [
        { field: 'closed', oldValue: 'false', newValue: 'true' },
      ]);
    }
    await deps.events.emit(tx, event, transitionOf(found, after, decision.stage));
    return {
      offer: await offerDetail(tx, actor, { ...found, offer: after }),
      goTo: offerPath(decision.stage),
    };
  });
}
