import type { Readable } from 'node:stream';
import type { FileType } from '@portal/domain/enums';
import {
  fileExtension,
  fileTypesFor,
  proposeFileType,
  sanitizeFileName,
} from '@portal/domain/rules/file-type';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { enquiryFiles } from '../../db/schema';
import { AppError } from '../../errors';
import { createFileSet, fileSetTable } from '../../files/file-set';
import type { FileStorage } from '../../files/storage';
import { type ZipSource, zipStream } from '../../files/zip-stream';
import { toEnquiryFile } from './enquiry.mapper';
import { readableEnquiry, writableEnquiry } from './enquiry.policy';
import { findFiles } from './enquiry.repository';
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
 * The files of an enquiry (SPEC §5): a file set (files/file-set) whose files the customer adds, classifies
 * and removes on its draft only (writableEnquiry: 404, 403, 409), and everyone who may read the enquiry
 * downloads, one by one or as one ZIP.
 */
export function createEnquiryFileService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;
  const files = createFileSet(deps, {
    key: enquiryFileKey,
    table: fileSetTable(enquiryFiles, enquiryFiles.enquiryId),
    history: 'ENQUIRY',
    maxFiles: MAX_FILES_PER_ENQUIRY,
    tooManyFiles: `Eine Anfrage kann höchstens ${MAX_FILES_PER_ENQUIRY} Dateien haben. Bitte löschen Sie nicht mehr benötigte Dateien.`,
    typeRefused: fileTypeIssue,
    access: {
      upload: (tx, actor, enquiryId, lock) => writableEnquiry(tx, actor, enquiryId, { lock }),
      remove: (tx, actor, enquiryId) => writableEnquiry(tx, actor, enquiryId, { lock: true }),
      read: readableEnquiry,
    },
    proposeType: (_enquiry, filename) => proposeFileType(filename),
    row: (file, enquiryId) => ({ ...file, enquiryId }),
    present: (row) => toEnquiryFile(row),
  });

  return {
    ...files,

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
