import { randomUUID } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '@portal/domain/rules/file-type';
import type { AwardedOffer } from '@portal/domain/rules/offer-award';
import { OFFER_STATE_LABELS } from '@portal/domain/rules/offer-state';
import type { OfferAwardResponse, offerAwardBody } from '@portal/domain/schemas/offer';
import type { z } from 'zod';
import type { RequestActor } from '../../../auth/actor';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../errors';
import { recordChanges } from '../../audit';
import { readableEnquiry, updateEnquiry } from '../../enquiry';
import { readableOffer } from '../offer.policy';
import {
  findOfferFiles,
  insertOffer,
  insertOfferFiles,
  makeCustomerCurrent,
  type OfferFileRow,
  updateOffer,
} from '../offer.repository';
import { copyChosenLines, findAwardableLines } from '../offer-award.repository';
import { decided, fileFacts, offerPath } from '../offer-decision';
import { offerFileKey } from '../offer-file.storage';
import { decideEnquiryAward, declineOtherOffers } from './award-offer';
import { auditOffer, type OfferCommandDeps, transitionOf } from './offer-command';

type Body = z.output<typeof offerAwardBody>;

const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** The customer's own enquiry (others: 404); only the customer awards (a supplier who may read it: 403). */
async function customerEnquiry(db: DbOrTx, actor: RequestActor, enquiryId: string) {
  const found = await readableEnquiry(db, actor, enquiryId);
  if (actor.companyType !== 'CUSTOMER' || found.enquiry.customerId !== actor.companyId) {
    throw new AppError('FORBIDDEN');
  }
  return found;
}

/**
 * The order of one part: the offer version becomes fixed (invalidated) and version + 1 is the order, ACCEPTED,
 * with the chosen lines only, the suffix on its number, the files of the offer (the supplier's offer PDF and the
 * customer's order), and the price of its lines for all cabinets (work is not split: it is not in the sum).
 */
async function placeOrder(
  tx: DbOrTx,
  actor: RequestActor,
  part: AwardedOffer,
  order: { id: string; files: OfferFileRow[] },
) {
  const found = await readableOffer(tx, actor, part.offerId, { lock: true });
  const { offer } = found;
  // SPEC §4 accept, per part: the customer's order PDF must be on the offer.
  decided(offer, actor, 'accept', { files: fileFacts(await findOfferFiles(tx, offer.id)) });
  const { id: _id, createdAt: _c, updatedAt: _u, ...values } = offer;
  const version = offer.version + 1;
  await updateOffer(tx, offer.id, { invalidated: true });
  const number = `${offer.offerNumber ?? offer.referenceNumber ?? ''}${part.suffix ?? ''}`;
  await insertOffer(tx, {
    ...values,
    id: order.id,
    version,
    state: 'ACCEPTED',
    offerNumber: number,
    invalidated: false,
    archived: false,
    customerCurrent: false,
    linesGeneration: 0,
    expiryRemindedAt: null,
    createdBy: actor.userId,
  });
  await makeCustomerCurrent(tx, offer.lineageId, order.id);
  const copied = await copyChosenLines(tx, offer.id, order.id, part.lineIds ?? []);
  const after = await updateOffer(tx, order.id, { price: round2(copied.materialTotal * offer.amount) });
  await insertOfferFiles(tx, order.files);
  await auditOffer(
    tx,
    actor,
    offer.id,
    'invalidated',
    'Nein',
    `Ja (Teilauftrag ${number} als Version ${version})`,
  );
  await recordChanges(tx, { entityType: 'OFFER', entityId: order.id, userId: actor.userId }, [
    { field: 'version', oldValue: String(offer.version), newValue: String(version) },
    { field: 'state', oldValue: OFFER_STATE_LABELS.OPEN, newValue: OFFER_STATE_LABELS.ACCEPTED },
    { field: 'article', oldValue: null, newValue: `Teilauftrag ${number}: ${copied.lineCount} Zeilen` },
  ]);
  return { found, after, offerLabel: offer.offerNumber ?? number, lineCount: copied.lineCount };
}

/**
 * The customer awards the enquiry split by line (domain/rules/offer-award.ts SPLIT): under the enquiry's row
 * lock, each supplier with chosen lines gets an order of its lines only (placeOrder, suffixes -A, -B, … in the
 * order of the offers), every other open offer is declined with OTHER_SUPPLIER_CHOSEN, the enquiry closes, and
 * both sides hear of it ('offer.split'). A second award, split or whole, is refused (409).
 *
 * The offers' files are copied in storage before the transaction (no lock is held over file I/O); a first,
 * unlocked look refuses what cannot be accepted before anything is copied, and the copies go again when the
 * award fails.
 */
export async function awardSplit(deps: OfferCommandDeps, actor: RequestActor, body: Body) {
  const { db, storage } = deps;
  await customerEnquiry(db, actor, body.enquiryId);
  const chosen = [...new Set(body.parts.map((part) => part.offerId))];
  const copies = new Map<string, { id: string; files: OfferFileRow[] }>();
  try {
    for (const offerId of chosen) {
      const { offer } = await readableOffer(db, actor, offerId);
      if (offer.enquiryId !== body.enquiryId) throw new AppError('NOT_FOUND');
      const files = await findOfferFiles(db, offerId);
      decided(offer, actor, 'accept', { files: fileFacts(files) });
      const id = randomUUID();
      const copied: OfferFileRow[] = [];
      copies.set(offerId, { id, files: copied });
      for (const file of files) {
        const fileId = randomUUID();
        const storageKey = offerFileKey(id, fileId);
        const { size } = await storage.save(storageKey, await storage.open(file.storageKey), {
          maxBytes: MAX_UPLOAD_BYTES,
        });
        copied.push({ ...file, id: fileId, offerId: id, storageKey, size, createdAt: new Date() });
      }
    }
    const linesByOffer = await findAwardableLines(db, chosen);
    return await db.transaction(async (tx): Promise<OfferAwardResponse> => {
      const { enquiry } = await customerEnquiry(tx, actor, body.enquiryId);
      const award = await decideEnquiryAward(
        tx,
        body.enquiryId,
        {
          kind: 'SPLIT',
          lines: body.parts.flatMap((part) =>
            part.lineIds.map((lineId) => ({ lineId, offerId: part.offerId })),
          ),
        },
        linesByOffer,
      );
      const orders = [];
      for (const part of award.decision.awarded) {
        orders.push(await placeOrder(tx, actor, part, copies.get(part.offerId)!));
      }
      const names = orders[0]!.found;
      await declineOtherOffers(tx, deps, actor, award, names);
      // Awarding closes the enquiry, as a whole acceptance does: no new offers; the customer can reopen it.
      await updateEnquiry(tx, body.enquiryId, { closed: true });
      await recordChanges(tx, { entityType: 'ENQUIRY', entityId: body.enquiryId, userId: actor.userId }, [
        { field: 'closed', oldValue: 'false', newValue: 'true' },
      ]);
      await deps.events.emit(tx, 'offer.split', {
        customerId: enquiry.customerId,
        customerName: names.customerName,
        enquiryTitle: names.enquiryTitle,
        orders: orders.map(({ found, after, offerLabel, lineCount }) => ({
          transition: transitionOf(found, after, 'ORDER'),
          offerLabel,
          lineCount,
          offeredLines: linesByOffer.get(found.offer.id)?.size ?? lineCount,
        })),
      });
      return {
        orders: orders.map(({ found, after, lineCount }) => ({
          id: after.id,
          offerNumber: after.offerNumber,
          supplierName: found.supplierName,
          lineCount,
          price: after.price,
        })),
        goTo: offerPath('ORDER') as '/order',
      };
    });
  } catch (error) {
    const keys = [...copies.values()].flatMap((copy) => copy.files.map((file) => file.storageKey));
    await Promise.all(keys.map((key) => storage.remove(key).catch(() => false)));
    throw error;
  }
}
