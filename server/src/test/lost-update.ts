import { changedMeanwhileMessage } from '@portal/domain/rules/last-update';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import type { EditedTable } from '../db/last-update';
import { users } from '../db/schema';

/** A record's `lastUpdate` as its edit form would have loaded it (for tests that save without a GET first). */
export async function loadedLastUpdate(db: Db, table: EditedTable, id: string): Promise<string> {
  const [row] = await db.select({ updatedAt: table.updatedAt }).from(table).where(eq(table.id, id));
  return (row!.updatedAt as Date).toISOString();
}

/**
 * Route tests of "no lost update" (db/last-update.ts): a save based on an older state is answered 409
 * CHANGED_MEANWHILE naming, as "Vorname Nachname", the user who saved the record last.
 */
export async function expectChangedMeanwhile(
  db: Db,
  response: LightMyRequestResponse,
  editorUserId: string,
): Promise<void> {
  expect(response.statusCode, response.body).toBe(409);
  const [editor] = await db
    .select({ name: users.name, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, editorUserId));
  const name = `${editor!.name} ${editor!.lastname}`;
  expect(response.json()).toEqual({ code: 'CHANGED_MEANWHILE', message: changedMeanwhileMessage(name) });
  expect(response.json().message).toContain(`von ${name} geändert`);
}
