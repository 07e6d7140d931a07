import { pipeline, type Readable } from 'node:stream';
import {
  hasAllowedExtension,
  MAX_UPLOAD_BYTES,
  sanitizeFileName,
  UPLOAD_EXTENSIONS,
} from '@portal/domain/rules/file-type';
import { AppError } from '../errors';
import { contentCheck, FileContentMismatchError } from './file-content';
import { isTooLarge } from './multipart';
import type { FileStorage } from './storage';

/** SPEC §5: every format a business file may have (a BOM upload narrows it). */
const ANY_BUSINESS_FILE = {
  extensions: UPLOAD_EXTENSIONS,
  refusal: (filename: string) =>
    `Die Datei „${filename}“ hat ein Format, das hier nicht erlaubt ist. Erlaubt sind: ${UPLOAD_EXTENSIONS.join(', ')}.`,
};

/**
 * One upload of a business file (enquiry, offer), streamed into the storage under `storageKey(sanitized
 * name)` while its first bytes are checked against the extension. Refuses a format not allowed (415), a
 * content that does not fit its extension (415) and a file of 200 MB or more (413); nothing is kept then.
 */
export async function storeCheckedUpload(
  storage: FileStorage,
  storageKey: string,
  sentName: string,
  stream: Readable,
  allowed: { extensions: readonly string[]; refusal(filename: string): string } = ANY_BUSINESS_FILE,
): Promise<{ storageKey: string; filename: string; size: number }> {
  const filename = sanitizeFileName(sentName);
  if (!hasAllowedExtension(filename, allowed.extensions)) {
    stream.resume();
    throw new AppError('FILE_TYPE_NOT_ALLOWED', allowed.refusal(filename));
  }
  const check = contentCheck(filename);
  // pipeline, not pipe: a failure of either side reaches the other (a source cut off at the size limit ends
  // the storage's write; on Node 24 a piped check otherwise waited for an end that never came).
  pipeline(stream, check, () => {});
  try {
    const { size } = await storage.save(storageKey, check, { maxBytes: MAX_UPLOAD_BYTES - 1 });
    return { storageKey, filename, size };
  } catch (error) {
    stream.resume();
    if (error instanceof FileContentMismatchError) throw new AppError('FILE_CONTENT_MISMATCH', error.message);
    if (isTooLarge(error)) throw new AppError('FILE_TOO_LARGE');
    throw error;
  }
}
