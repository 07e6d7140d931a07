import type { Readable } from 'node:stream';

/**
 * File storage (ARCHITECTURE §3): local disk under `DATA_DIR/files/` by default, an S3-compatible bucket
 * when `S3_BUCKET` is set. Paths are relative POSIX paths such as `exportResult/artikel.csv`, checked by
 * `storagePath` before they get here. Contents always travel as streams, never as whole buffers.
 */
export interface StoredFile {
  /** Full path inside the storage, e.g. `exportResult/artikel.csv`. */
  path: string;
  /** The last path segment. */
  name: string;
  size: number;
  lastModified: Date;
}

/** What a sweep of leftovers removed (SPEC: the storage keeps nothing a crash left behind). */
export interface RemovedLeftovers {
  count: number;
  /** Bytes freed, as far as the storage tells (S3 does not say how large an unfinished upload was). */
  bytes: number;
}

export interface SaveOptions {
  /** Refuse (and keep nothing) once more than this many bytes arrived. */
  maxBytes?: number;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * Streams `source` into `path` (replacing a file of that name). Nothing is visible under `path` until the
   * whole stream arrived; on any failure nothing is kept. Throws `UploadTooLargeError` beyond `maxBytes`.
   */
  save(path: string, source: Readable, options?: SaveOptions): Promise<{ size: number }>;
  /** The file's content as a stream; throws `StoredFileNotFoundError` when there is no such file. */
  open(path: string): Promise<Readable>;
  stat(path: string): Promise<StoredFile | null>;
  /** The files directly inside `folder` (which ends with '/'), sorted by name. */
  list(folder: string): Promise<StoredFile[]>;
  /**
   * Every stored file below the storage's root, streamed folder by folder or page by page (the listing is
   * never held whole); files still being written are not listed. For the janitor (files/janitor.ts).
   */
  listAll(): AsyncIterable<StoredFile>;
  /**
   * Removes what saves left behind when their process died, last changed before `before`: partial files of
   * the local disk (`*.part-*`), unfinished multipart uploads and temporary local copies of S3.
   */
  removeLeftovers(before: Date): Promise<RemovedLeftovers>;
  /** Removes the file; false when there was none. */
  remove(path: string): Promise<boolean>;
  /**
   * Runs `work` with a path on the local disk holding the file's content, for readers that need random
   * access (the zip directory of an .xlsx). Local storage hands out the file itself; S3 a temporary copy.
   */
  withLocalFile<T>(path: string, work: (localPath: string) => Promise<T>): Promise<T>;
}

export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Die Datei ist größer als ${maxBytes} Bytes.`);
  }
}

export class StoredFileNotFoundError extends Error {
  constructor(readonly path: string) {
    super(`Datei ${path} nicht gefunden.`);
  }
}

/** The last segment of a storage path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
