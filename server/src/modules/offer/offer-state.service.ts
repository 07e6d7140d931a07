import { randomUUID } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '@portal/domain/rules/file-type';
import { OFFER_STATE_LABELS, offerActionForStateChange } from '@portal/domain/rules/offer-state';
import { type OfferStateChangeQuery, REJECTION_REASON_LABELS } from '@portal/domain/schemas/offer';
import { eq } from 'drizzle-orm';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { offers as offersTable, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStorage } from '../../files/storage';
import type { JobQueue } from '../../jobs/queue';
import { sendMailJob } from '../../jobs/send-mail.job';
import { type OfferMailEvent, offerEventMail } from '../../mail/templates/offer-event';
import { recordChanges } from '../audit/audit.repository';
import { updateEnquiry } from '../enquiry/enquiry.repository';
import { notifyOfferEvent, type OfferEventFacts } from '../notification/business-events';
import { readableOffer } from './offer.policy';
import {
  copyLinesToOffer,
  type FoundOffer,
  findOfferFiles,
  insertOffer,
  insertOfferFiles,
  makeCustomerCurrent,
  type OfferRow,
  updateOffer,
} from './offer.repository';
import type { OfferService, OfferUpdateInput } from './offer.service';
import { decided, fileFacts } from './offer-decision';
import { offerFileKey } from './offer-file.storage';

/** Supplier documents of one version only: a revision needs its own offer PDF (and the order its own). */
const VERSION_DOCUMENTS = new Set(['OFFER', 'ORDER', 'ORDER_CONFIRMATION']);

/** What a notification about an offer says (issue 16): its number (else reference or title), both companies. */
function factsOf(found: FoundOffer, row: OfferRow, path: string): OfferEventFacts {
  return {
    offerId: row.id,
    label: row.offerNumber ?? row.referenceNumber ?? found.enquiryTitle,
    version: row.version,
    enquiryTitle: found.enquiryTitle,
    customerId: row.customerId,
    supplierId: row.supplierId,
    customerName: found.customerName,
    supplierName: found.supplierName,
    path,
  };
}

/**
 * Issue 14, point 3: the offer's transitions. Release (offer.service.ts) and the status changes of SPEC §7
 * GET /offer/statechange (accept, decline, confirm) run domain/rules/offer-state.ts and write its result;
 * a revision opens version + 1 and fixes the old one. Each transition is in the history and mails the other
 * side in the same transaction (the mail job commits with it).
 */
export function createOfferStateService(deps: {
  db: Db;
  storage: FileStorage;
  queue: JobQueue;
  baseUrl: string;
  offers: OfferService;
}) {
  const { db, storage, queue, baseUrl, offers } = deps;

  function audit(
    tx: DbOrTx,
    actor: RequestActor,
    id: string,
    field: string,
    oldValue: string | null,
    newValue: string,
  ) {
    return recordChanges(tx, { entityType: 'OFFER', entityId: id, userId: actor.userId }, [
      { field, oldValue, newValue },
    ]);
  }

  /** One mail to every user of `companyId` about the offer. */
  async function mailCompany(
    tx: DbOrTx,
    companyId: string,
    event: OfferMailEvent,
    found: FoundOffer,
    row: OfferRow,
    path: string,
  ) {
    const counterpartName = companyId === row.customerId ? found.supplierName : found.customerName;
    const members = await tx
      .select({ email: users.email, name: users.name, lastname: users.lastname })
      .from(users)
      .where(eq(users.companyId, companyId));
    for (const member of members) {
      const mail = offerEventMail({
        to: member.email,
        name: `${member.name} ${member.lastname}`,
        event,
        offerLabel: row.offerNumber ?? row.referenceNumber ?? found.enquiryTitle,
        version: row.version,
        enquiryTitle: found.enquiryTitle,
        counterpartName,
        rejectionReason: row.rejectionReason,
        rejectionReasonIndividual: row.rejectionReasonIndividual,
        url: new URL(`${path}/${row.id}`, baseUrl).toString(),
      });
      await queue.enqueue(sendMailJob, mail, { tx });
    }
    await notifyOfferEvent(tx, event, factsOf(found, row, path));
  }

  async function release(actor: RequestActor, input: OfferUpdateInput) {
    return offers.release(actor, input, async (tx, row) => {
      await makeCustomerCurrent(tx, row.lineageId, row.id);
      await audit(tx, actor, row.id, 'released', 'Nein', 'Ja');
      const found = await readableOffer(tx, actor, row.id);
      await mailCompany(tx, row.customerId, 'released', found, row, '/offer');
    });
  }

  /**
   * SPEC §7 GET /offer/statechange: accept (with the customer's order PDF; closes the enquiry), decline (with
   * its reason), confirm (with the order confirmation PDF). Anything else is 409 and changes nothing.
   */
  async function changeState(actor: RequestActor, query: OfferStateChangeQuery) {
    return db.transaction(async (tx) => {
      const found = await readableOffer(tx, actor, query.offerId, { lock: true });
      const { offer } = found;
      const action = offerActionForStateChange(offer.state, query.state);
      if (!action) {
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
      await audit(
        tx,
        actor,
        offer.id,
        'state',
        OFFER_STATE_LABELS[offer.state],
        OFFER_STATE_LABELS[after.state],
      );
      if (action === 'decline' && after.rejectionReason) {
        await audit(
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
      const event: OfferMailEvent =
        action === 'accept' ? 'accepted' : action === 'decline' ? 'declined' : 'confirmed';
      const recipient = action === 'confirm' ? after.customerId : after.supplierId;
      await mailCompany(tx, recipient, event, found, after, decision.goTo);
      return { offer: await offers.reload(actor, offer.id, tx), goTo: decision.goTo };
    });
  }

  /**
   * SPEC §4 revise: the supplier's released OPEN or DECLINED offer is fixed (invalidated) and version + 1
   * opens as a draft with its values, articles (prices and notes kept) and files except the documents of
   * one version (offer, order, order confirmation).
   */
  async function revise(actor: RequestActor, offerId: string) {
    const { offer: peek } = await readableOffer(db, actor, offerId);
    decided(peek, actor, 'revise');
    const id = randomUUID();
    const files = (await findOfferFiles(db, offerId)).filter(
      (file) => !VERSION_DOCUMENTS.has(file.fileType) && file.uploadedByCompanyId === peek.supplierId,
    );
    const copies: (typeof files)[number][] = [];
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
        const { offer } = await readableOffer(tx, actor, offerId, { lock: true });
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
          createdBy: actor.userId,
        });
        await insertOfferFiles(tx, copies);
        await audit(
          tx,
          actor,
          offer.id,
          'invalidated',
          'Nein',
          `Ja (überarbeitet als Version ${revision.version})`,
        );
        await audit(tx, actor, id, 'version', String(offer.version), String(revision.version));
        const found = await readableOffer(tx, actor, offer.id);
        await notifyOfferEvent(tx, 'revised', {
          ...factsOf(found, offer, '/offer'),
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
          await tx.delete(offersTable).where(eq(offersTable.id, id));
          await updateOffer(tx, revised.id, { invalidated: false });
        });
        throw error;
      }
      return offers.reload(actor, id);
    } catch (error) {
      await Promise.all(copies.map((copy) => storage.remove(copy.storageKey).catch(() => false)));
      throw error;
    }
  }

  return { release, changeState, revise };
}

export type OfferStateService = ReturnType<typeof createOfferStateService>;
