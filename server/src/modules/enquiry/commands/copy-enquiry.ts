import { randomUUID } from 'node:crypto';
import { creationFields } from '@portal/domain/rules/change-diff';
import type { RequestActor } from '../../../auth/actor';
import { AUDITED_FIELDS, readTechnicalSpec } from '../enquiry.mapper';
import { manageableEnquiry } from '../enquiry.policy';
import { findFiles, insertEnquiry, insertFiles } from '../enquiry.repository';
import { copyStoredBom } from '../enquiry-bom.mapper';
import { copyBomLines, findBom, replaceBom } from '../enquiry-bom.repository';
import { enquiryDetail } from '../enquiry-detail';
import { copyStoredFiles } from '../enquiry-file.storage';
import { auditEnquiry, type EnquiryCommandDeps } from './enquiry-command';

const TITLE_MAX = 200;

/**
 * POST /enquiry/copy: a new draft with every field and copies of the files and of the BOM (its file under
 * a new key; header row, headers, mapping and supplied-part text as they were). Recipients start anew. The
 * stored files are copied before the transaction (no transaction waits on file I/O) and removed again
 * should it fail.
 */
export async function copyEnquiry(deps: EnquiryCommandDeps, actor: RequestActor, id: string) {
  const { db, storage } = deps;
  const { enquiry, customerName } = await manageableEnquiry(db, actor, id);
  const files = await findFiles(db, id);
  const bom = await findBom(db, id);
  const copyId = randomUUID();
  const copies = await copyStoredFiles(storage, copyId, files);
  let bomCopy: Awaited<ReturnType<typeof copyStoredBom>> | null = null;
  try {
    if (bom) bomCopy = await copyStoredBom(storage, bom, copyId, actor.userId);
    return await db.transaction(async (tx) => {
      const title = `Kopie von ${enquiry.title}`.slice(0, TITLE_MAX);
      const row = await insertEnquiry(tx, {
        id: copyId,
        customerId: enquiry.customerId,
        title,
        referenceNumber: enquiry.referenceNumber,
        deliveryCondition: enquiry.deliveryCondition,
        desiredDeliveryDate: enquiry.desiredDeliveryDate,
        amount: enquiry.amount,
        price: enquiry.price,
        location: enquiry.location,
        additionalInfo: enquiry.additionalInfo,
        technicalSpec: readTechnicalSpec(enquiry.technicalSpec),
        createdBy: actor.userId,
      });
      await insertFiles(
        tx,
        copies.map((file) => ({ ...file, createdBy: actor.userId })),
      );
      if (bom && bomCopy) await copyBomLines(tx, bom.id, (await replaceBom(tx, bomCopy)).id);
      await auditEnquiry(tx, actor, row.id, [
        { field: 'title', oldValue: null, newValue: `${title} (kopiert aus „${enquiry.title}“)` },
        ...creationFields(row, AUDITED_FIELDS).filter((change) => change.field !== 'title'),
        ...copies.map((file) => ({ field: 'files', oldValue: null, newValue: file.filename })),
        ...(bomCopy ? [{ field: 'bom', oldValue: null, newValue: bomCopy.filename }] : []),
      ]);
      // The copy belongs to the same customer company as its source: the same name.
      await deps.events.emit(tx, 'enquiry.copied', { enquiry: row, customerName, sourceId: enquiry.id });
      return enquiryDetail(tx, actor, row, customerName);
    });
  } catch (error) {
    const keys = [...copies.map((file) => file.storageKey), ...(bomCopy ? [bomCopy.storageKey] : [])];
    await Promise.all(keys.map((key) => storage.remove(key).catch(() => false)));
    throw error;
  }
}
