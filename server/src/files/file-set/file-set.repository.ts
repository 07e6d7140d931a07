import type { FileType } from '@portal/domain/enums';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';

/** What every row of a file set holds (enquiry_files, offer_files, ...). */
export interface FileSetRow {
  id: string;
  storageKey: string;
  filename: string;
  fileType: FileType;
  size: number;
  createdAt: Date;
}

/**
 * The table of one file set: a row per file, owned by one record through `owner`. `Row` and `Insert` are
 * the table's own row types, so each set keeps its extra columns (e.g. the uploading company of an offer).
 */
export interface FileSetTable<Row extends FileSetRow, Insert> {
  table: PgTable;
  id: PgColumn;
  owner: PgColumn;
  /** Phantom fields: the row types travel with the descriptor. */
  readonly row?: Row;
  readonly insert?: Insert;
}

/** A set's table as the queries below need it (the table, its key column and its owner column). */
export function fileSetTable<T extends PgTable & { id: PgColumn; $inferSelect: FileSetRow }>(
  table: T,
  owner: PgColumn,
): FileSetTable<T['$inferSelect'], T['$inferInsert']> {
  return { table, id: table.id, owner };
}

/** The files of one owner (their names and count bound an upload). */
export async function listSetFiles<Row extends FileSetRow, Insert>(
  db: DbOrTx,
  set: FileSetTable<Row, Insert>,
  ownerId: string,
): Promise<Row[]> {
  const rows = await db.select().from(set.table).where(eq(set.owner, ownerId));
  return rows as unknown as Row[];
}

/** One file of one owner; null when the file is not the owner's (a tenant never reads another's file). */
export async function findSetFile<Row extends FileSetRow, Insert>(
  db: DbOrTx,
  set: FileSetTable<Row, Insert>,
  ownerId: string,
  fileId: string,
): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(set.table)
    .where(and(eq(set.owner, ownerId), eq(set.id, fileId)));
  return (row as unknown as Row | undefined) ?? null;
}

export async function insertSetFile<Row extends FileSetRow, Insert>(
  tx: DbOrTx,
  set: FileSetTable<Row, Insert>,
  values: Insert,
): Promise<Row> {
  const [row] = await tx
    .insert(set.table)
    .values(values as never)
    .returning();
  return row as unknown as Row;
}

export async function updateSetFileType<Row extends FileSetRow, Insert>(
  tx: DbOrTx,
  set: FileSetTable<Row, Insert>,
  fileId: string,
  fileType: FileType,
): Promise<Row> {
  const [row] = await tx
    .update(set.table)
    .set({ fileType } as never)
    .where(eq(set.id, fileId))
    .returning();
  return row as unknown as Row;
}

export async function deleteSetFile<Row extends FileSetRow, Insert>(
  tx: DbOrTx,
  set: FileSetTable<Row, Insert>,
  fileId: string,
): Promise<void> {
  await tx.delete(set.table).where(eq(set.id, fileId));
}
