import { randomUUID } from 'node:crypto';
import { FILE_FOLDERS } from '@portal/domain/permissions';
import { MAX_UPLOAD_BYTES } from '@portal/domain/rules/file-type';
import type { FileStorage } from '../../files/storage';
import type { EnquiryFileRow } from './enquiry.repository';

/** A file's storage key is generated (enquiry and file id), never made of the user's file name. */
export function enquiryFileKey(enquiryId: string, fileId: string): string {
  return `${FILE_FOLDERS.enquiry}${enquiryId}/${fileId}`;
}

/**
 * Copies the contents of `files` to new keys of the enquiry `enquiryId` (stream to stream) and returns the
 * rows to insert. When one copy fails, the copies made so far are removed and the failure is thrown.
 */
export async function copyStoredFiles(storage: FileStorage, enquiryId: string, files: EnquiryFileRow[]) {
  const copies: {
    id: string;
    enquiryId: string;
    storageKey: string;
    filename: string;
    fileType: EnquiryFileRow['fileType'];
    size: number;
  }[] = [];
  try {
    for (const file of files) {
      const id = randomUUID();
      const storageKey = enquiryFileKey(enquiryId, id);
      const { size } = await storage.save(storageKey, await storage.open(file.storageKey), {
        maxBytes: MAX_UPLOAD_BYTES,
      });
      copies.push({ id, enquiryId, storageKey, filename: file.filename, fileType: file.fileType, size });
    }
  } catch (error) {
    await Promise.all(copies.map((copy) => storage.remove(copy.storageKey).catch(() => false)));
    throw error;
  }
  return copies;
}
