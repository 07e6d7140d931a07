import { changedMeanwhileMessage, nextLastUpdate } from '@portal/domain/rules/last-update';
import { and, eq, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../errors';
import type { DbOrTx } from './client';
import { users } from './schema';

/** A table whose records several people edit: its `id`, `updated_at` and `updated_by` (schema/updated-by.ts). */
export type EditedTable = PgTable & { id: PgColumn; updatedAt: PgColumn; updatedBy: PgColumn };

/** The save's base: the `lastUpdate` the form was loaded with, and who saves. */
export interface LoadedState {
  lastUpdate: string;
  userId: string;
}

const editor = alias(users, 'last_editor');

/** The conditional UPDATE: stamps the record if its change time is still `loadedAt` (to the millisecond). */
async function stampIfUnchanged(
  tx: DbOrTx,
  table: EditedTable,
  id: string,
  loadedAt: Date,
  next: Date,
  userId: string,
): Promise<boolean> {
  const stamped = await tx
    .update(table)
    .set({ updatedAt: next, updatedBy: userId } as never)
    .where(
      and(
        eq(table.id, id),
        sql`date_trunc('milliseconds', ${table.updatedAt}) = ${loadedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: table.id });
  return stamped.length > 0;
}

/**
 * No lost update: takes the record for a save based on `loaded`. In ONE conditional UPDATE it checks that the
 * record still has the loaded change time (at millisecond precision, what the wire carries; PostgreSQL keeps
 * microseconds) and writes the new change time and the saving user. The row stays locked until the caller's
 * transaction ends, so of two concurrent saves from the same loaded state only the first gets through; the
 * second waits, finds the new time and is refused with CHANGED_MEANWHILE naming who saved (the caller's
 * transaction rolls back: nothing changes). Run it inside the transaction of the save, before its writes; the
 * save writes no other `updated_at` than the one returned (the answer's new `lastUpdate`).
 */
export async function claimLoadedState(
  tx: DbOrTx,
  table: EditedTable,
  id: string,
  loaded: LoadedState,
): Promise<Date> {
  const loadedAt = new Date(loaded.lastUpdate);
  const next = nextLastUpdate(loadedAt);
  // A time no record can have (year 0, which PostgreSQL refuses to read) is simply an outdated state.
  if (
    loadedAt.getUTCFullYear() >= 1 &&
    (await stampIfUnchanged(tx, table, id, loadedAt, next, loaded.userId))
  ) {
    return next;
  }

  const [current] = await tx
    .select({ name: sql<string | null>`${editor.name} || ' ' || ${editor.lastname}` })
    .from(table as PgTable)
    .leftJoin(editor, eq(editor.id, table.updatedBy))
    .where(eq(table.id, id));
  if (!current) throw new AppError('NOT_FOUND');
  throw new AppError('CHANGED_MEANWHILE', changedMeanwhileMessage(current.name));
}
