import { validUntilOnRelease } from '@portal/domain/rules/offer-validity';
import type { RequestActor } from '../../../auth/actor';
import { readableOffer } from '../offer.policy';
import { findOfferFiles, makeCustomerCurrent, updateOffer } from '../offer.repository';
import { decided, fileFacts } from '../offer-decision';
import { offerDetail } from '../offer-detail';
import { auditOffer, type OfferCommandDeps, transitionOf } from './offer-command';
import { type OfferUpdateInput, releaseFieldProblems, writeDraft } from './offer-draft';

/**
 * SPEC §4 release (form submit): the draft is loaded once and locked, its values saved, then the SPEC §5
 * required fields and an offer PDF are needed (422 naming every missing part, nothing saved). Released, with
 * its release date; the customer's lists show this version from now on, and `offer.released` tells the
 * customer's users (mail and notification, in this transaction).
 */
export function releaseOffer(deps: OfferCommandDeps, actor: RequestActor, input: OfferUpdateInput) {
  return deps.db.transaction(async (tx) => {
    const found = await readableOffer(tx, actor, input.offerId, { lock: true });
    decided(found.offer, actor, 'save');
    const saved = await writeDraft(tx, actor, found, input);
    const problems = releaseFieldProblems(saved);
    const files = await findOfferFiles(tx, saved.id);
    const decision = decided(saved, actor, 'release', { files: fileFacts(files) }, problems);
    const releaseDate = new Date(decision.next.releaseDate as string);
    const released = await updateOffer(tx, saved.id, {
      updatedAt: saved.updatedAt,
      released: true,
      releaseDate,
      state: decision.next.state,
      validUntil: validUntilOnRelease(saved.validUntil, releaseDate),
    });
    await makeCustomerCurrent(tx, released.lineageId, released.id);
    const after = { ...released, customerCurrent: true };
    await auditOffer(tx, actor, after.id, 'released', 'Nein', 'Ja');
    await deps.events.emit(tx, 'offer.released', transitionOf(found, after, decision.stage));
    return offerDetail(tx, actor, { ...found, offer: after });
  });
}
