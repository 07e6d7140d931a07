import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FILE_FOLDERS } from '@portal/domain/permissions';
import { FOLDER_EXTENSIONS, fileExtension, sanitizeFileName } from '@portal/domain/rules/file-type';
import { isUuid } from '@portal/domain/rules/uuid';
import type { FolderItem } from '@portal/domain/schemas/business-data';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { storeCheckedUpload } from '../../files/checked-upload';
import { type FileStorage, StoredFileNotFoundError } from '../../files/storage';
import { zipStream } from '../../files/zip-stream';
import { lockFolderRow } from './folder.repository';
import { type FolderAccess, resolveFolderAccess } from './folder-access';
import {
  deleteFolderItems,
  type FolderItemRow,
  findFolderItemByName,
  findFolderItems,
  findUploader,
  incrementDownloadCounters,
  insertFolderItem,
  replaceFolderItemContent,
  touchFolderAfterDelete,
  touchFolderAfterUpload,
} from './folder-files.repository';
import { logOf, recordFolderEvent } from './folder-log';
import { ANONYMOUS_UPLOADER } from './folder-view';

/**
 * The files of a project folder (SPEC §5 upload rules, §7 /offer/businessdata). Every call
 * resolves the asker first (folder-access.ts); files live under generated keys
 * `business-data/<folderId>/<uuid>`, never under the name a user sent.
 */

/** Formats already compressed: stored in the ZIP as they are. */
const COMPRESSED = new Set(['pdf', 'png', 'jpg', 'jpeg', 'gif', 'xlsx', 'docx', 'zip', 'lbx', 'dwg']);

const FOLDER_FILES = {
  extensions: FOLDER_EXTENSIONS,
  refusal: (filename: string) =>
    `Die Datei „${filename}“ hat ein Format, das im Projektordner nicht erlaubt ist. Erlaubt sind: ${FOLDER_EXTENSIONS.join(', ')}.`,
};

export function folderFileKey(folderId: string, id: string): string {
  return `${FILE_FOLDERS.businessData}${folderId}/${id}`;
}

/** The plain name of an upload: path parts the browser sent ('../../plan.pdf', 'C:\\x\\plan.pdf') dropped. */
export function plainFileName(sent: string): string {
  return sanitizeFileName(sent.split(/[/\\]/).pop() ?? '');
}

/** A ZIP's name from the offer: ASCII letters, digits, '.', '-' and '_' only. */
export function zipFileName(offerNumber: string | null, referenceNumber: string | null): string {
  const label = (offerNumber || referenceNumber || 'Dateien')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|_+$/g, '');
  return `Projektordner-${label || 'Dateien'}.zip`;
}

type ItemRow = FolderItemRow;

async function uploaderName(db: DbOrTx, item: ItemRow): Promise<string> {
  if (item.uploadedAnonymously) return ANONYMOUS_UPLOADER;
  if (!item.uploadedBy) return 'Gelöschter Nutzer';
  const user = await findUploader(db, item.uploadedBy);
  return user ? `${user.name} ${user.lastname}` : 'Gelöschter Nutzer';
}

function toFolderItem(item: ItemRow, uploadedBy: string): FolderItem {
  return {
    id: item.id,
    filename: item.filename,
    size: item.size,
    downloadCounter: item.downloadCounter,
    lastUpdate: item.updatedAt.toISOString(),
    uploadedBy,
  };
}

/** Serialises uploads and deletions of one folder (same-name replacement, file_count). */
async function lockFolder(tx: DbOrTx, folderId: string): Promise<void> {
  if (!(await lockFolderRow(tx, folderId))) throw new AppError('NOT_FOUND');
}

export function createFolderFilesService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  async function open(storageKey: string): Promise<Readable> {
    try {
      return await storage.open(storageKey);
    } catch (error) {
      if (error instanceof StoredFileNotFoundError) throw new AppError('NOT_FOUND');
      throw error;
    }
  }

  async function itemsOf(folderId: string, ids: readonly string[]): Promise<ItemRow[]> {
    if (ids.some((id) => !isUuid(id))) throw new AppError('NOT_FOUND');
    const rows = await findFolderItems(db, folderId, [...ids]);
    if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
    return rows;
  }

  /** A completed download: +1 on each file's counter and one DOWNLOAD row per file. */
  async function countDownloads(access: FolderAccess, items: readonly ItemRow[]): Promise<void> {
    await db.transaction(async (tx) => {
      await incrementDownloadCounters(
        tx,
        items.map((item) => item.id),
      );
      for (const item of items) await recordFolderEvent(tx, logOf(access, 'DOWNLOAD', item.filename));
    });
  }

  return {
    countDownloads,

    /** POST / (write): checked before a byte is stored. */
    async checkUpload(request: FastifyRequest, folderId: string): Promise<FolderAccess> {
      return resolveFolderAccess(db, request, folderId, 'write');
    },

    /** Streams the upload into the storage under a generated key (415 format/content, 413 size). */
    async store(folderId: string, sentName: string, stream: Readable) {
      const key = folderFileKey(folderId, randomUUID());
      return storeCheckedUpload(storage, key, plainFileName(sentName), stream, FOLDER_FILES);
    },

    /**
     * Records a stored upload. A file of the same name (case-insensitive) is replaced: same item, new content,
     * size, date and uploader, the counter kept; its old stored object is removed after the commit.
     */
    async attach(
      access: FolderAccess,
      stored: { storageKey: string; filename: string; size: number },
    ): Promise<FolderItem> {
      const folderId = access.found.folder.id;
      const uploader = {
        uploadedBy: access.actor?.userId ?? null,
        uploadedAnonymously: access.actor === null,
      };
      let result: { item: ItemRow; replacedKey: string | null };
      try {
        result = await db.transaction(async (tx) => {
          await lockFolder(tx, folderId);
          const now = new Date();
          const existing = await findFolderItemByName(tx, folderId, stored.filename);
          const content = {
            filename: stored.filename,
            storageKey: stored.storageKey,
            size: stored.size,
            ...uploader,
          };
          const item = existing
            ? await replaceFolderItemContent(tx, existing.id, { ...content, updatedAt: now })
            : await insertFolderItem(tx, { folderId, ...content, createdAt: now, updatedAt: now });
          await touchFolderAfterUpload(tx, folderId, existing !== null, now);
          await recordFolderEvent(tx, logOf(access, 'UPLOAD', stored.filename));
          return { item, replacedKey: existing?.storageKey ?? null };
        });
      } catch (error) {
        await storage.remove(stored.storageKey).catch(() => false);
        throw error;
      }
      if (result.replacedKey) await storage.remove(result.replacedKey).catch(() => false);
      return toFolderItem(result.item, await uploaderName(db, result.item));
    },

    async discard(stored: { storageKey: string }): Promise<void> {
      await storage.remove(stored.storageKey).catch(() => false);
    },

    /**
     * GET /file (read). `inline` only for a PDF (the viewer): recorded as VIEW at once, not counted; any
     * other file goes out as an attachment, counted by the route when the response completed.
     */
    async file(request: FastifyRequest, folderId: string, itemId: string, inline: boolean) {
      const access = await resolveFolderAccess(db, request, folderId, 'read');
      const [item] = await itemsOf(folderId, [itemId]);
      const asView = inline && fileExtension(item!.filename) === 'pdf';
      const stream = await open(item!.storageKey);
      if (asView) await recordFolderEvent(db, logOf(access, 'VIEW', item!.filename));
      return { access, item: item!, stream, inline: asView };
    },

    /** GET /zip (read): one archive of the chosen files, each opened when its turn comes. */
    async zip(request: FastifyRequest, folderId: string, itemIds: readonly string[]) {
      const access = await resolveFolderAccess(db, request, folderId, 'read');
      const ids = [...new Set(itemIds)];
      if (ids.length === 0) throw new AppError('FOLDER_NO_FILES');
      const items = (await itemsOf(folderId, ids)).sort((a, b) => a.filename.localeCompare(b.filename, 'de'));
      const stream = zipStream(
        items.map((item) => ({
          name: item.filename,
          date: item.updatedAt,
          compress: !COMPRESSED.has(fileExtension(item.filename)),
          open: () => storage.open(item.storageKey),
        })),
      );
      const { offerNumber, referenceNumber } = access.found;
      return { access, items, stream, filename: zipFileName(offerNumber, referenceNumber) };
    },

    /**
     * POST /delete (write): this folder's items among `itemIds`, in one transaction; stored objects go after
     * the commit. Ids that are not (any more) in the folder count as already deleted.
     */
    async remove(request: FastifyRequest, folderId: string, itemIds: readonly string[]) {
      const access = await resolveFolderAccess(db, request, folderId, 'write');
      const ids = [...new Set(itemIds)];
      if (ids.length === 0) throw new AppError('FOLDER_NO_FILES');
      const valid = ids.filter(isUuid);
      const removed = await db.transaction(async (tx) => {
        await lockFolder(tx, folderId);
        if (valid.length === 0) return [];
        const rows = await deleteFolderItems(tx, folderId, valid);
        if (rows.length > 0) await touchFolderAfterDelete(tx, folderId, rows.length, new Date());
        for (const row of rows) await recordFolderEvent(tx, logOf(access, 'DELETE', row.filename));
        return rows;
      });
      for (const row of removed) await storage.remove(row.storageKey).catch(() => false);
      return { deleted: removed.length, alreadyDeleted: ids.length - removed.length };
    },
  };
}

export type FolderFilesService = ReturnType<typeof createFolderFilesService>;
