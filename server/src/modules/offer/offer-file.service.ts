import type { FileType } from '@portal/domain/enums';
import { canUploadOfferFile } from '@portal/domain/permissions';
import {
  type OfferDocumentFacts,
  offerFileFixedReason,
  proposeOfferFileType,
} from '@portal/domain/rules/offer-documents';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { enquiryFiles, offerFiles } from '../../db/schema';
import { AppError } from '../../errors';
import { createFileSet, fileSetTable, findSetFile, openStoredFile } from '../../files/file-set';
import type { FileStorage } from '../../files/storage';
import { toOfferFile } from './offer.mapper';
import { readableOffer } from './offer.policy';
import { offerFileKey } from './offer-file.storage';

/** A bound on what one offer version holds (offer, drawings, order, confirmation, …). */
export const MAX_FILES_PER_OFFER = 100;

/** The enquiry's files, read through the offer (the enquiry may be closed or archived meanwhile). */
const ENQUIRY_FILES = fileSetTable(enquiryFiles, enquiryFiles.enquiryId);

type Offer = Awaited<ReturnType<typeof readableOffer>>['offer'];

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
 * The files of an offer version, a file set (files/file-set). Who uploads when is
 * canUploadOfferFile (the supplier on its draft and on an accepted order, the customer on a released open
 * offer); a file is removed by the side that uploaded it while that side may still upload, unless it is a
 * signed document of the offer's state (then nobody removes it, and no file of that type is added). Every
 * reader of the offer downloads its files and the files of its enquiry.
 */
export function createOfferFileService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  async function uploadable(tx: DbOrTx, actor: RequestActor, offerId: string, lock: boolean) {
    const { offer } = await readableOffer(tx, actor, offerId, { lock });
    requireUploadRight(actor, offer);
    return offer;
  }

  const files = createFileSet(deps, {
    key: offerFileKey,
    table: fileSetTable(offerFiles, offerFiles.offerId),
    history: 'OFFER',
    maxFiles: MAX_FILES_PER_OFFER,
    tooManyFiles: `Ein Angebot kann höchstens ${MAX_FILES_PER_OFFER} Dateien haben. Bitte löschen Sie nicht mehr benötigte Dateien.`,
    typeRefused: fileTypeIssue,
    access: {
      upload: uploadable,
      remove: async (tx, actor, offerId) => (await readableOffer(tx, actor, offerId, { lock: true })).offer,
      read: readableOffer,
    },
    refuseType: (offer: Offer, fileType) => refuseFixed(offer, fileType),
    refuseRemove(offer: Offer, file, actor) {
      // Before the side's rights: the reason is the document's, whoever asks.
      refuseFixed(offer, file.fileType);
      requireUploadRight(actor, offer);
      if (file.uploadedByCompanyId !== actor.companyId) {
        throw new AppError('OFFER_FORBIDDEN', 'Diese Datei hat die andere Seite hochgeladen.');
      }
    },
    proposeType: proposeOfferFileType,
    row: (file, offerId, actor) => ({ ...file, offerId, uploadedByCompanyId: actor.companyId }),
    present: (row, offer: Offer) => toOfferFile(row, offer.supplierId),
  });

  return {
    ...files,

    /** The enquiry's files, for whoever may read the offer (the enquiry may be closed or archived meanwhile). */
    async enquiryFile(actor: RequestActor, offerId: string, fileId: string) {
      const { offer } = await readableOffer(db, actor, offerId);
      const file = await findSetFile(db, ENQUIRY_FILES, offer.enquiryId, fileId);
      if (!file) throw new AppError('NOT_FOUND');
      return { file, stream: await openStoredFile(storage, file.storageKey) };
    },
  };
}

export type OfferFileService = ReturnType<typeof createOfferFileService>;
