import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileType } from '@portal/domain/enums';
import { canUploadOfferFile } from '@portal/domain/permissions';
import { fileTypesFor, uniqueFileName } from '@portal/domain/rules/file-type';
import {
  type OfferDocumentFacts,
  offerFileFixedReason,
  proposeOfferFileType,
} from '@portal/domain/rules/offer-documents';
import type { OfferFile } from '@portal/domain/schemas/offer';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { storeCheckedUpload } from '../../files/checked-upload';
import { type FileStorage, StoredFileNotFoundError } from '../../files/storage';
import { recordChanges } from '../audit/audit.repository';
import { findFile } from '../enquiry/enquiry.repository';
import { toOfferFile } from './offer.mapper';
import { readableOffer } from './offer.policy';
import { deleteOfferFile, findOfferFile, findOfferFiles, insertOfferFiles } from './offer.repository';
import { offerFileKey } from './offer-file.storage';

/** A bound on what one offer version holds (offer, drawings, order, confirmation, …). */
export const MAX_FILES_PER_OFFER = 100;

function fileTypeIssue(filename: string): AppError {
  const message = `Dieser Dateityp ist für „${filename}“ nicht möglich. Bitte wählen Sie einen passenden Dateityp.`;
  return new AppError('VALIDATION', message, { issues: [{ path: 'body.fileType', message }] });
}

/** SPEC §4: a signed document (domain/rules/offer-documents.ts) is neither deleted nor replaced by anyone. */
function refuseFixed(offer: OfferDocumentFacts, fileType: FileType): void {
  const reason = offerFileFixedReason(offer, fileType);
  if (reason) throw new AppError('SIGNED_DOCUMENT_FIXED', reason);
}

function requireUploadRight(actor: RequestActor, offer: Parameters<typeof canUploadOfferFile>[1]): void {
  if (!canUploadOfferFile(actor, offer)) {
    throw new AppError('OFFER_STATE_CONFLICT', 'Zu diesem Angebot können Sie jetzt keine Dateien hochladen.');
  }
}

/**
 * Issue 14: the files of an offer version. Who uploads when is canUploadOfferFile (the supplier on its
 * draft and on an accepted order, the customer on a released open offer); a file is removed by the side
 * that uploaded it while that side may still upload, unless it is a signed document of the offer's state
 * (then nobody removes it, and no file of that type is added). Every reader of the offer downloads its
 * files and the files of its enquiry.
 */
export function createOfferFileService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  async function uploadable(tx: DbOrTx, actor: RequestActor, offerId: string, lock = false) {
    const found = await readableOffer(tx, actor, offerId, { lock });
    requireUploadRight(actor, found.offer);
    return found;
  }

  function audit(
    tx: DbOrTx,
    actor: RequestActor,
    id: string,
    oldValue: string | null,
    newValue: string | null,
  ) {
    return recordChanges(tx, { entityType: 'OFFER', entityId: id, userId: actor.userId }, [
      { field: 'files', oldValue, newValue },
    ]);
  }

  return {
    async checkUpload(actor: RequestActor, offerId: string): Promise<void> {
      await uploadable(db, actor, offerId);
    },

    async store(offerId: string, sentName: string, stream: Readable) {
      const id = randomUUID();
      return { id, ...(await storeCheckedUpload(storage, offerFileKey(offerId, id), sentName, stream)) };
    },

    async discard(stored: { storageKey: string }): Promise<void> {
      await storage.remove(stored.storageKey).catch(() => false);
    },

    /** Records a stored upload: the chosen type (one its extension allows) or the proposed one, a unique name. */
    async attach(
      actor: RequestActor,
      offerId: string,
      stored: { id: string; storageKey: string; filename: string; size: number },
      chosenType: FileType | undefined,
    ): Promise<OfferFile> {
      try {
        if (chosenType && !fileTypesFor(stored.filename).includes(chosenType)) {
          throw fileTypeIssue(stored.filename);
        }
        return await db.transaction(async (tx) => {
          const { offer } = await uploadable(tx, actor, offerId, true);
          const existing = await findOfferFiles(tx, offerId);
          if (existing.length >= MAX_FILES_PER_OFFER) {
            throw new AppError(
              'VALIDATION',
              `Ein Angebot kann höchstens ${MAX_FILES_PER_OFFER} Dateien haben. Bitte löschen Sie nicht mehr benötigte Dateien.`,
            );
          }
          if (chosenType) refuseFixed(offer, chosenType);
          const filename = uniqueFileName(
            stored.filename,
            existing.map((file) => file.filename),
          );
          const [row] = await insertOfferFiles(tx, [
            {
              id: stored.id,
              offerId,
              storageKey: stored.storageKey,
              filename,
              fileType: chosenType ?? proposeOfferFileType(offer, filename),
              size: stored.size,
              uploadedByCompanyId: actor.companyId,
              createdBy: actor.userId,
            },
          ]);
          await audit(tx, actor, offerId, null, filename);
          return toOfferFile(row!, offer.supplierId);
        });
      } catch (error) {
        await storage.remove(stored.storageKey).catch(() => false);
        throw error;
      }
    },

    async remove(actor: RequestActor, offerId: string, fileId: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const { offer } = await readableOffer(tx, actor, offerId, { lock: true });
        const file = await findOfferFile(tx, offerId, fileId);
        if (!file) throw new AppError('NOT_FOUND');
        // Before the side's rights: the reason is the document's, whoever asks.
        refuseFixed(offer, file.fileType);
        requireUploadRight(actor, offer);
        if (file.uploadedByCompanyId !== actor.companyId) {
          throw new AppError('OFFER_FORBIDDEN', 'Diese Datei hat die andere Seite hochgeladen.');
        }
        await deleteOfferFile(tx, fileId);
        await audit(tx, actor, offerId, file.filename, null);
        return file;
      });
      await storage.remove(removed.storageKey);
    },

    async download(actor: RequestActor, offerId: string, fileId: string) {
      await readableOffer(db, actor, offerId);
      const file = await findOfferFile(db, offerId, fileId);
      if (!file) throw new AppError('NOT_FOUND');
      return { file, stream: await open(file.storageKey) };
    },

    /** The enquiry's files, for whoever may read the offer (the enquiry may be closed or archived meanwhile). */
    async enquiryFile(actor: RequestActor, offerId: string, fileId: string) {
      const { offer } = await readableOffer(db, actor, offerId);
      const file = await findFile(db, offer.enquiryId, fileId);
      if (!file) throw new AppError('NOT_FOUND');
      return { file, stream: await open(file.storageKey) };
    },
  };

  async function open(storageKey: string) {
    try {
      return await storage.open(storageKey);
    } catch (error) {
      if (error instanceof StoredFileNotFoundError) throw new AppError('NOT_FOUND');
      throw error;
    }
  }
}

export type OfferFileService = ReturnType<typeof createOfferFileService>;
