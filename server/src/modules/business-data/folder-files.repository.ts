import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { businessFolderItems, businessFolders, users } from '../../db/schema';

/**
 * The files of a project folder (business_folder_items) and the folder's file counter. Queries only: the
 * upload and delete rules are in folder-files.service.ts.
 */

export type FolderItemRow = typeof businessFolderItems.$inferSelect;

/** The folder's files with the uploader's name ("Vorname Nachname", null when the user is gone), by name. */
export async function listFolderItemRows(db: DbOrTx, folderId: string) {
  return db
    .select({
      item: businessFolderItems,
      uploader: sql<string | null>`${users.name} || ' ' || ${users.lastname}`,
    })
    .from(businessFolderItems)
    .leftJoin(users, eq(users.id, businessFolderItems.uploadedBy))
    .where(eq(businessFolderItems.folderId, folderId))
    .orderBy(asc(sql`lower(${businessFolderItems.filename})`));
}

/** The name parts of the user who uploaded a file, or null when that user no longer exists. */
export async function findUploader(
  db: DbOrTx,
  userId: string,
): Promise<{ name: string; lastname: string } | null> {
  const [user] = await db
    .select({ name: users.name, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** The items among `ids` that belong to the folder (in no particular order). */
export async function findFolderItems(db: DbOrTx, folderId: string, ids: string[]): Promise<FolderItemRow[]> {
  return db
    .select()
    .from(businessFolderItems)
    .where(and(eq(businessFolderItems.folderId, folderId), inArray(businessFolderItems.id, ids)));
}

/** The folder's item of this name, compared case-insensitively. */
export async function findFolderItemByName(
  tx: DbOrTx,
  folderId: string,
  filename: string,
): Promise<FolderItemRow | null> {
  const [existing] = await tx
    .select()
    .from(businessFolderItems)
    .where(
      and(
        eq(businessFolderItems.folderId, folderId),
        sql`lower(${businessFolderItems.filename}) = lower(${filename})`,
      ),
    );
  return existing ?? null;
}

type ItemContent = Pick<
  typeof businessFolderItems.$inferInsert,
  'filename' | 'storageKey' | 'size' | 'uploadedBy' | 'uploadedAnonymously'
>;

/** New content of an existing item (its download counter stays). */
export async function replaceFolderItemContent(
  tx: DbOrTx,
  itemId: string,
  content: ItemContent & { updatedAt: Date },
): Promise<FolderItemRow> {
  const [item] = await tx
    .update(businessFolderItems)
    .set(content)
    .where(eq(businessFolderItems.id, itemId))
    .returning();
  return item!;
}

export async function insertFolderItem(
  tx: DbOrTx,
  values: ItemContent & { folderId: string; createdAt: Date; updatedAt: Date },
): Promise<FolderItemRow> {
  const [item] = await tx.insert(businessFolderItems).values(values).returning();
  return item!;
}

/** Deletes the folder's items among `ids`; the deleted rows. */
export async function deleteFolderItems(
  tx: DbOrTx,
  folderId: string,
  ids: string[],
): Promise<FolderItemRow[]> {
  return tx
    .delete(businessFolderItems)
    .where(and(eq(businessFolderItems.folderId, folderId), inArray(businessFolderItems.id, ids)))
    .returning();
}

/** +1 on the download counter of each item. */
export async function incrementDownloadCounters(tx: DbOrTx, itemIds: string[]): Promise<void> {
  await tx
    .update(businessFolderItems)
    .set({ downloadCounter: sql`${businessFolderItems.downloadCounter} + 1` })
    .where(inArray(businessFolderItems.id, itemIds));
}

/**
 * An upload at `now`: a new file counts one more, a replaced one does not. Only `last_update` (the files) is
 * stamped: `updated_at` is the settings' change time (db/last-update.ts).
 */
export async function touchFolderAfterUpload(
  tx: DbOrTx,
  folderId: string,
  replaced: boolean,
  now: Date,
): Promise<void> {
  await tx
    .update(businessFolders)
    .set({
      fileCount: replaced ? businessFolders.fileCount : sql`${businessFolders.fileCount} + 1`,
      lastUpdate: now,
    })
    .where(eq(businessFolders.id, folderId));
}

/** `removed` files were deleted at `now`: the count shrinks (never below 0), `last_update` is stamped. */
export async function touchFolderAfterDelete(
  tx: DbOrTx,
  folderId: string,
  removed: number,
  now: Date,
): Promise<void> {
  await tx
    .update(businessFolders)
    .set({
      fileCount: sql`greatest(${businessFolders.fileCount} - ${removed}, 0)`,
      lastUpdate: now,
    })
    .where(eq(businessFolders.id, folderId));
}
