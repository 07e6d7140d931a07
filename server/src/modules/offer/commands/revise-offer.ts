import { randomUUID } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '@portal/domain/rules/file-type';
import type { RequestActor } from '../../../auth/actor';
import { readableOffer } from '../offer.policy';
import {
  copyLinesToOffer,
  deleteOffer,
  findOfferFiles,
  insertOffer,
  insertOfferFiles,
  type OfferFileRow,
  updateOffer,
} from '../offer.repository';
import { decided } from '../offer-decision';
import { offerDetail } from '../offer-detail';
import { offerFileKey } from '../offer-file.storage';
import { auditOffer, type OfferCommandDeps, transitionOf } from './offer-command';

/** Supplier documents of one version only: a revision needs its own offer PDF (and the order its own). */
const VERSION_DOCUMENTS = new Set(['OFFER', 'ORDER', 'ORDER_CONFIRMATION']);

/**
 * SPEC §4 revise: the supplier's released OPEN or DECLINED offer is fixed (invalidated) and version + 1
 * opens as a draft with its values, articles (prices and notes kept) and files except the documents of
 * one version (offer, order, order confirmation).
 *
 * The files are copied in storage before the transaction (no lock is held over file I/O), so a first,
 * unlocked look at the offer refuses a revision that is not allowed before anything is copied; the decision
 * that counts is taken again on the locked row inside the transaction.
 */
export async function reviseOffer(deps: OfferCommandDeps, actor: RequestActor, offerId: string) {
  const { db, storage } = deps;
  const { offer: peek } = await readableOffer(db, actor, offerId);
  decided(peek, actor, 'revise');
  const id = randomUUID();
  const files = (await findOfferFiles(db, offerId)).filter(
    (file) => !VERSION_DOCUMENTS.has(file.fileType) && file.uploadedByCompanyId === peek.supplierId,
  );
  const copies: OfferFileRow[] = [];
  try {
    for (const file of files) {
      const fileId = randomUUID();
      const storageKey = offerFileKey(id, fileId);
      const { size } = await storage.save(storageKey, await storage.open(file.storageKey), {
        maxBytes: MAX_UPLOAD_BYTES,
      });
      copies.push({ ...file, id: fileId, offerId: id, storageKey, size, createdAt: new Date() });
    }
    const revised = await db.transaction(async (tx) => {
      const found = await readableOffer(tx, actor, offerId, { lock: true });
      const { offer } = found;
      const decision = decided(offer, actor, 'revise');
      const revision = decision.revision!;
      await updateOffer(tx, offer.id, { invalidated: true });
      const { id: _old, createdAt: _c, updatedAt: _u, ...values } = offer;
      await insertOffer(tx, {
        ...values,
        id,
        version: revision.version,
        state: revision.state,
        released: false,
        releaseDate: null,
        invalidated: false,
        archived: false,
        customerCurrent: false,
        rejectionReason: null,
        rejectionReasonIndividual: null,
        // A new version binds anew: its validity is set on its own release.
        validUntil: null,
        expiryRemindedAt: null,
        createdBy: actor.userId,
      });
      await insertOfferFiles(tx, copies);
      await auditOffer(
        tx,
        actor,
        offer.id,
        'invalidated',
        'Nein',
        `Ja (überarbeitet als Version ${revision.version})`,
      );
      await auditOffer(tx, actor, id, 'version', String(offer.version), String(revision.version));
      await deps.events.emit(tx, 'offer.revised', {
        ...transitionOf(found, offer, 'OFFER'),
        version: revision.version,
      });
      return offer;
    });
    // The old version is fixed now; its articles are copied in pieces (never blocking the portal). Should
    // the copy fail, the revision is undone: the new version goes, the old one is current again.
    try {
      await copyLinesToOffer(db, { offerId: revised.id }, id, true);
    } catch (error) {
      await db.transaction(async (tx) => {
        await deleteOffer(tx, id);
        await updateOffer(tx, revised.id, { invalidated: false });
      });
      throw error;
    }
    return offerDetail(db, actor, await readableOffer(db, actor, id));
  } catch (error) {
    await Promise.all(copies.map((copy) => storage.remove(copy.storageKey).catch(() => false)));
    throw error;
  }
}
