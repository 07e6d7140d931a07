import type { Readable } from 'node:stream';
import { fileAccess } from '@portal/domain/permissions';
import {
  hasAllowedExtension,
  sanitizeFileName,
  UPLOAD_EXTENSIONS,
  uniqueFileName,
} from '@portal/domain/rules/file-type';
import type { StoredFileResponse } from '@portal/domain/schemas/file';
import type { RequestActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { storeCheckedUpload } from '../../files/checked-upload';
import type { FileStorage, StoredFile } from '../../files/storage';
import { StoredFileNotFoundError } from '../../files/storage';

export function toStoredFileResponse(file: StoredFile): StoredFileResponse {
  return { name: file.name, path: file.path, size: file.size, lastUpdate: file.lastModified.toISOString() };
}

/**
 * SPEC §7 `/file/…`: upload, delete, download and list in the portal's file storage. Access is decided per
 * path by `fileAccess` (domain/permissions); a path the actor may not read is answered as not found.
 */
export function createFileService(deps: { storage: FileStorage }) {
  const { storage } = deps;

  function requireRead(actor: RequestActor, path: string): void {
    if (!fileAccess(actor, path).read) throw new AppError('NOT_FOUND');
  }

  function requireWrite(actor: RequestActor, path: string): void {
    const access = fileAccess(actor, path);
    if (!access.read) throw new AppError('NOT_FOUND');
    if (!access.write) throw new AppError('FORBIDDEN');
  }

  return {
    /** Checks the target before any byte is read, so a refused upload never touches the storage. */
    checkUpload(actor: RequestActor, folder: string, filename: string): void {
      requireWrite(actor, folder);
      if (!hasAllowedExtension(sanitizeFileName(filename), UPLOAD_EXTENSIONS)) {
        throw new AppError('FILE_TYPE_NOT_ALLOWED');
      }
    },

    /**
     * SPEC §5: stored under a unique name (numeric prefix for a taken name, slash becomes underscore), its
     * content checked against the extension while it streams in, as every other upload (415, nothing kept).
     */
    async upload(
      actor: RequestActor,
      folder: string,
      filename: string,
      stream: Readable,
    ): Promise<StoredFileResponse> {
      this.checkUpload(actor, folder, filename);
      const existing = await storage.list(folder);
      const name = uniqueFileName(
        filename,
        existing.map((file) => file.name),
      );
      const path = `${folder}${name}`;
      await storeCheckedUpload(storage, path, name, stream);
      const stored = await storage.stat(path);
      if (!stored) throw new AppError('ARTICLE_IMPORT_UPLOAD_FAILED');
      return toStoredFileResponse(stored);
    },

    async remove(actor: RequestActor, path: string): Promise<{ deleted: boolean }> {
      requireWrite(actor, path);
      if (!(await storage.remove(path))) throw new AppError('NOT_FOUND');
      return { deleted: true };
    },

    async download(actor: RequestActor, path: string): Promise<{ file: StoredFile; stream: Readable }> {
      requireRead(actor, path);
      const file = await storage.stat(path);
      if (!file) throw new AppError('NOT_FOUND');
      try {
        return { file, stream: await storage.open(path) };
      } catch (error) {
        if (error instanceof StoredFileNotFoundError) throw new AppError('NOT_FOUND');
        throw error;
      }
    },

    /** The folder's files, newest first (SPEC §2: the result files of earlier exports). */
    async names(actor: RequestActor, folder: string): Promise<StoredFileResponse[]> {
      requireRead(actor, folder);
      const files = await storage.list(folder);
      return files
        .sort(
          (a, b) => b.lastModified.getTime() - a.lastModified.getTime() || a.name.localeCompare(b.name, 'de'),
        )
        .map(toStoredFileResponse);
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
