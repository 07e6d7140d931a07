import {
  OFFER_STATE_LABELS,
  type OfferAction,
  offerActionForStateChange,
} from '@portal/domain/rules/offer-state';
import { type OfferStateChangeQuery, REJECTION_REASON_LABELS } from '@portal/domain/schemas/offer';
import type { RequestActor } from '../../../auth/actor';
import { AppError } from '../../../errors';
import { recordChanges } from '../../audit';
import { updateEnquiry } from '../../enquiry';
import { readableOffer } from '../offer.policy';
import { findOfferFiles, updateOffer } from '../offer.repository';
import { decided, fileFacts, offerPath } from '../offer-decision';
import { offerDetail } from '../offer-detail';
import type { OfferEvents } from '../offer-events';
import { auditOffer, type OfferCommandDeps, transitionOf } from './offer-command';

/** The event each status change emits. */
const EVENTS: Partial<Record<OfferAction, 'offer.accepted' | 'offer.declined' | 'offer.confirmed'>> = {
  accept: 'offer.accepted',
  decline: 'offer.declined',
  confirm: 'offer.confirmed',
} satisfies Partial<Record<OfferAction, keyof OfferEvents>>;

/**
 * SPEC §7 GET /offer/statechange: accept (with the customer's order PDF; closes the enquiry), decline (with
 * its reason), confirm (with the order confirmation PDF). Anything else is 409 and changes nothing. The offer
 * is loaded once and locked; the change is in the history and its event tells the other side.
 */
export function changeOfferState(deps: OfferCommandDeps, actor: RequestActor, query: OfferStateChangeQuery) {
  return deps.db.transaction(async (tx) => {
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
