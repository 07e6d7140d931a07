import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileType } from '@portal/domain/enums';
import {
  fileExtension,
  fileTypesFor,
  proposeFileType,
  sanitizeFileName,
  uniqueFileName,
} from '@portal/domain/rules/file-type';
import type { EnquiryFile } from '@portal/domain/schemas/enquiry';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { storeCheckedUpload } from '../../files/checked-upload';
import { type FileStorage, StoredFileNotFoundError } from '../../files/storage';
import { type ZipSource, zipStream } from '../../files/zip-stream';
import { recordChanges } from '../audit/audit.repository';
import { toEnquiryFile } from './enquiry.mapper';
import { readableEnquiry, writableEnquiry } from './enquiry.policy';
import { deleteFile, findFile, findFiles, insertFiles, updateFileType } from './enquiry.repository';
import { enquiryFileKey } from './enquiry-file.storage';

/** More files than a real enquiry has (drawings, lists, photos); a bound on what one draft may hold. */
export const MAX_FILES_PER_ENQUIRY = 100;

/** Formats that are compressed already: stored in the ZIP as they are. */
const COMPRESSED = new Set(['pdf', 'png', 'jpg', 'jpeg', 'gif', 'xlsx', 'docx']);

const FILE_TYPE_LABEL = 'Dateityp';

function fileTypeIssue(filename: string, fileType: FileType): AppError {
  const allowed = fileTypesFor(filename).join(', ');
  const message = `${FILE_TYPE_LABEL} ${fileType} ist für „${filename}“ nicht möglich (erlaubt: ${allowed}).`;
  return new AppError('VALIDATION', message, { issues: [{ path: 'body.fileType', message }] });
}

/**
 * Issue 12, point 4: the files of an enquiry. Uploads stream into the storage under a generated key while
 * their first bytes are checked against the extension; names are made safe and unique per enquiry.
 */
export function createEnquiryFileService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  function audit(
    tx: DbOrTx,
    actor: RequestActor,
    id: string,
    oldValue: string | null,
    newValue: string | null,
  ) {
    return recordChanges(tx, { entityType: 'ENQUIRY', entityId: id, userId: actor.userId }, [
      { field: 'files', oldValue, newValue },
    ]);
  }

  return {
    /** Before any byte is read: the actor may add files to this enquiry (404, 403, 409 otherwise). */
    async checkUpload(actor: RequestActor, enquiryId: string): Promise<void> {
      await writableEnquiry(db, actor, enquiryId);
    },

    /**
     * Streams one upload into the storage and returns where it lies. Refuses a format not allowed (415) and
     * a content that does not fit the extension (415); nothing is kept then.
     */
    async store(enquiryId: string, sentName: string, stream: Readable) {
      const id = randomUUID();
      return { id, ...(await storeCheckedUpload(storage, enquiryFileKey(enquiryId, id), sentName, stream)) };
    },

    /** Removes a stored upload that will not be attached (a field after the file was invalid). */
    async discard(stored: { storageKey: string }): Promise<void> {
      await storage.remove(stored.storageKey).catch(() => false);
    },

    /**
     * Records a stored upload on the enquiry: the chosen type (one its extension allows) or the one its name
     * suggests, a unique name (SPEC §5 numeric prefix). The enquiry is locked, so two uploads of the same
     * name get two names; if it was released meanwhile, the file is removed again (409).
     */
    async attach(
      actor: RequestActor,
      enquiryId: string,
      stored: { id: string; storageKey: string; filename: string; size: number },
      chosenType: FileType | undefined,
    ): Promise<EnquiryFile> {
      try {
        if (chosenType && !fileTypesFor(stored.filename).includes(chosenType)) {
          throw fileTypeIssue(stored.filename, chosenType);
        }
        return await db.transaction(async (tx) => {
          await writableEnquiry(tx, actor, enquiryId, { lock: true });
          const existing = await findFiles(tx, enquiryId);
          if (existing.length >= MAX_FILES_PER_ENQUIRY) {
            throw new AppError(
              'VALIDATION',
              `Eine Anfrage kann höchstens ${MAX_FILES_PER_ENQUIRY} Dateien haben. Bitte löschen Sie nicht mehr benötigte Dateien.`,
            );
          }
          const filename = uniqueFileName(
            stored.filename,
            existing.map((file) => file.filename),
          );
          const [row] = await insertFiles(tx, [
            {
              id: stored.id,
              enquiryId,
              storageKey: stored.storageKey,
              filename,
              fileType: chosenType ?? proposeFileType(filename),
              size: stored.size,
              createdBy: actor.userId,
            },
          ]);
          await audit(tx, actor, enquiryId, null, filename);
          return toEnquiryFile(row!);
        });
      } catch (error) {
        await storage.remove(stored.storageKey).catch(() => false);
        throw error;
      }
    },

    /** The user's classification of a file, among the types its extension allows (drafts only). */
    async setType(actor: RequestActor, enquiryId: string, fileId: string, fileType: FileType) {
      return db.transaction(async (tx) => {
        await writableEnquiry(tx, actor, enquiryId, { lock: true });
        const file = await findFile(tx, enquiryId, fileId);
        if (!file) throw new AppError('NOT_FOUND');
        if (!fileTypesFor(file.filename).includes(fileType)) throw fileTypeIssue(file.filename, fileType);
        if (file.fileType === fileType) return toEnquiryFile(file);
        const row = await updateFileType(tx, fileId, fileType);
        await audit(
          tx,
          actor,
          enquiryId,
          `${file.filename}: ${file.fileType}`,
          `${file.filename}: ${fileType}`,
        );
        return toEnquiryFile(row);
      });
    },

    /** Removes a file of a draft; the content goes from the storage after the commit. */
    async remove(actor: RequestActor, enquiryId: string, fileId: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        await writableEnquiry(tx, actor, enquiryId, { lock: true });
        const file = await findFile(tx, enquiryId, fileId);
        if (!file) throw new AppError('NOT_FOUND');
        await deleteFile(tx, fileId);
        await audit(tx, actor, enquiryId, file.filename, null);
        return file;
      });
      await storage.remove(removed.storageKey);
    },

    async download(actor: RequestActor, enquiryId: string, fileId: string) {
      await readableEnquiry(db, actor, enquiryId);
      const file = await findFile(db, enquiryId, fileId);
      if (!file) throw new AppError('NOT_FOUND');
      try {
        return { file, stream: await storage.open(file.storageKey) };
      } catch (error) {
        if (error instanceof StoredFileNotFoundError) throw new AppError('NOT_FOUND');
        throw error;
      }
    },

    /**
     * "Alle herunterladen": one ZIP of every file of the enquiry under its name, streamed from the storage
     * (each file is opened when its turn comes; the archive is never held in memory).
     */
    async zip(actor: RequestActor, enquiryId: string): Promise<{ filename: string; stream: Readable }> {
      const { enquiry } = await readableEnquiry(db, actor, enquiryId);
      const files = await findFiles(db, enquiryId);
      const sources: ZipSource[] = files.map((file) => ({
        name: file.filename,
        date: file.createdAt,
        compress: !COMPRESSED.has(fileExtension(file.filename)),
        open: () => storage.open(file.storageKey),
      }));
      return { filename: sanitizeFileName(`${enquiry.title}.zip`), stream: zipStream(sources) };
    },
  };
}

export type EnquiryFileService = ReturnType<typeof createEnquiryFileService>;
