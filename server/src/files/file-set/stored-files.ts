import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../../errors';
import { storeCheckedUpload } from '../checked-upload';
import { type FileStorage, StoredFileNotFoundError } from '../storage';

/** An upload that lies in the storage and is not yet (or never) recorded. */
export interface StoredUpload {
  id: string;
  storageKey: string;
  filename: string;
  size: number;
}

/** The content of a recorded file; a content missing from the storage is answered 404. */
export async function openStoredFile(storage: FileStorage, storageKey: string): Promise<Readable> {
  try {
    return await storage.open(storageKey);
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) throw new AppError('NOT_FOUND');
    throw error;
  }
}

/**
 * The storage side of a set of business files (enquiry files, offer files, chat attachments): a file's key
 * is generated from its owner and a new id, never made of the user's file name (SPEC §5); every upload
 * passes the checks of files/checked-upload.ts.
 */
export function createStoredFiles(storage: FileStorage, keyOf: (ownerId: string, fileId: string) => string) {
  return {
    /**
     * Streams one upload into the storage and returns where it lies. Refuses a format not allowed (415), a
     * content that does not fit the extension (415) and a file over the limit (413); nothing is kept then.
     */
    async store(ownerId: string, sentName: string, stream: Readable): Promise<StoredUpload> {
      const id = randomUUID();
      return { id, ...(await storeCheckedUpload(storage, keyOf(ownerId, id), sentName, stream)) };
    },

    /** Removes a stored upload that will not be recorded (a field after the file was invalid, a refusal). */
    async discard(stored: { storageKey: string } | null): Promise<void> {
      if (stored) await storage.remove(stored.storageKey).catch(() => false);
    },

    open: (storageKey: string) => openStoredFile(storage, storageKey),
  };
}

export type StoredFiles = ReturnType<typeof createStoredFiles>;
