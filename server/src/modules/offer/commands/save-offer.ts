import type { RequestActor } from '../../../auth/actor';
import { readableOffer } from '../offer.policy';
import { decided } from '../offer-decision';
import { offerDetail } from '../offer-detail';
import { type OfferCommandDeps, transitionOf } from './offer-command';
import { type OfferUpdateInput, writeDraft } from './offer-draft';

/**
 * SPEC §4 "saving keeps it unreleased": the supplier's draft, loaded once and locked; anything else is
 * refused as domain/rules/offer-state.ts decides (a released offer is read-only).
 */
export function saveOffer(deps: OfferCommandDeps, actor: RequestActor, input: OfferUpdateInput) {
  return deps.db.transaction(async (tx) => {
    const found = await readableOffer(tx, actor, input.offerId, { lock: true });
    decided(found.offer, actor, 'save');
    const after = await writeDraft(tx, actor, found, input);
    await deps.events.emit(tx, 'offer.saved', transitionOf(found, after, 'OFFER'));
    return offerDetail(tx, actor, { ...found, offer: after });
  });
}
