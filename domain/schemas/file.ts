import { z } from 'zod';
import { MAX_FILE_NAME_BYTES, utf8Length } from '../rules/file-type';
import { isoDate, text } from './common';

/**
 * SPEC §7 file calls (`/file/…`). Paths are relative POSIX paths inside the portal's file storage:
 * a folder ends with '/' (`exportResult/`), a file does not (`exportResult/artikel.csv`).
 */

/** The longest storage path in bytes (UTF-8); S3 keys may have 1024, the key prefix needs some of them. */
export const MAX_STORAGE_PATH_BYTES = 500;
/**
 * The longest name of one folder or file in a path, in bytes: a stored name plus the numeric prefix of a
 * duplicate. File systems refuse longer names (ENAMETOOLONG), which must be a 400, not a 500.
 */
export const MAX_PATH_SEGMENT_BYTES = MAX_FILE_NAME_BYTES + 20;

/** Why a path is refused, or null when it is a clean relative path. */
export function storagePathProblem(path: string): string | null {
  if (path.length === 0) return 'Bitte geben Sie einen Pfad an.';
  if (utf8Length(path) > MAX_STORAGE_PATH_BYTES) return 'Der Pfad ist zu lang.';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(path)) return 'Der Pfad enthält unzulässige Zeichen.';
  if (path.startsWith('/')) return 'Der Pfad muss relativ sein.';
  const segments = path.endsWith('/') ? path.slice(0, -1).split('/') : path.split('/');
  if (
    segments.some(
      (segment) => segment === '' || segment === '.' || segment === '..' || segment.trim() !== segment,
    )
  ) {
    return 'Der Pfad ist ungültig.';
  }
  if (segments.some((segment) => utf8Length(segment) > MAX_PATH_SEGMENT_BYTES)) {
    return 'Ein Datei- oder Ordnername im Pfad ist zu lang.';
  }
  return null;
}

const storagePath = text().superRefine((value, ctx) => {
  const problem = storagePathProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A folder path: ends with '/'. */
export const folderPath = storagePath.refine((value) => value.endsWith('/'), 'Ein Ordner endet mit „/“.');
/** A file path: does not end with '/'. */
export const filePath = storagePath.refine((value) => !value.endsWith('/'), 'Bitte geben Sie eine Datei an.');

/** GET /file/ (download) and POST /file/delete. */
export const filePathQuery = z.object({ path: filePath });
/** GET /file/names. */
export const folderQuery = z.object({ path: folderPath });
/** POST /file/ (multipart): the `path` field names the target folder; it may also come as query. */
export const uploadFolderQuery = z.object({ path: folderPath.optional() });

export const storedFileResponse = z.object({
  name: z.string(),
  path: z.string(),
  size: z.number().int().nonnegative(),
  lastUpdate: isoDate,
});
export type StoredFileResponse = z.infer<typeof storedFileResponse>;

/** GET /file/names: the folder's files, newest first. */
export const fileNamesResponse = z.array(storedFileResponse);

export const fileDeleteResponse = z.object({ deleted: z.boolean() });
