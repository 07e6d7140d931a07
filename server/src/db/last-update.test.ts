import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, createManufacturer } from '../test/factories';
import { createTestDatabase } from '../test/test-db';
import type { Database } from './client';
import { claimLoadedState } from './last-update';
import { manufacturers, users } from './schema';

let database: Database;
let editor: { id: string; name: string };
let other: { id: string; name: string };
beforeAll(async () => {
  database = await createTestDatabase();
  const a = await createActor(database.db, 'ADMIN', { admin: true });
  const b = await createActor(database.db, 'ADMIN', { admin: true, companyId: a.company.id });
  editor = { id: a.user.id, name: `${a.user.name} ${a.user.lastname}` };
  other = { id: b.user.id, name: `${b.user.name} ${b.user.lastname}` };
});
afterAll(() => database.close());

async function storedUpdatedAt(id: string): Promise<string> {
  const [row] = await database.db
    .select({ updatedAt: manufacturers.updatedAt })
    .from(manufacturers)
    .where(eq(manufacturers.id, id));
  return row!.updatedAt.toISOString();
}

describe('claimLoadedState', () => {
  it('accepts the loaded state of a record stamped with microseconds by the database', async () => {
    const { id } = await createManufacturer(database.db);
    await database.db
      .update(manufacturers)
      .set({ updatedAt: sql`'2026-11-26 20:47:21.123987+00'::timestamptz` })
      .where(eq(manufacturers.id, id));
    const loaded = await storedUpdatedAt(id);
    expect(loaded).toBe('2026-11-26T20:47:21.123Z');
    const next = await database.db.transaction((tx) =>
      claimLoadedState(tx, manufacturers, id, { lastUpdate: loaded, userId: editor.id }),
    );
    expect(next.getTime()).toBeGreaterThan(Date.parse(loaded));
    expect(await storedUpdatedAt(id)).toBe(next.toISOString());
  });

  it('of two concurrent saves from the same state lets only the first through', async () => {
    const { id } = await createManufacturer(database.db);
    const loaded = await storedUpdatedAt(id);
    let firstClaimed!: () => void;
    const claimed = new Promise<void>((resolve) => {
      firstClaimed = resolve;
    });
    let finishFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => {
      finishFirst = resolve;
    });
    const first = database.db.transaction(async (tx) => {
      await claimLoadedState(tx, manufacturers, id, { lastUpdate: loaded, userId: editor.id });
      await tx.update(manufacturers).set({ abbreviation: 'EINS' }).where(eq(manufacturers.id, id));
      firstClaimed();
      await firstMayCommit;
    });
    await claimed;
    // The second save starts while the first still holds the record (it waits for the first's commit).
    const second = database.db.transaction(async (tx) => {
      await claimLoadedState(tx, manufacturers, id, { lastUpdate: loaded, userId: other.id });
      await tx.update(manufacturers).set({ abbreviation: 'ZWEI' }).where(eq(manufacturers.id, id));
    });
    const secondOutcome = second.then(
      () => 'saved',
      (error: { code?: string; message: string }) => error,
    );
    finishFirst();
    await first;
    expect(await secondOutcome).toMatchObject({
      code: 'CHANGED_MEANWHILE',
      message: expect.stringContaining(`von ${editor.name} geändert`),
    });
    const [row] = await database.db.select().from(manufacturers).where(eq(manufacturers.id, id));
    expect(row).toMatchObject({ abbreviation: 'EINS', updatedBy: editor.id });
  });

  it('names "einem anderen Nutzer" when the last editor is not known, and 404 for a missing record', async () => {
    const { id } = await createManufacturer(database.db);
    const stale = new Date(Date.parse(await storedUpdatedAt(id)) - 1).toISOString();
    const refused = database.db.transaction((tx) =>
      claimLoadedState(tx, manufacturers, id, { lastUpdate: stale, userId: other.id }),
    );
    await expect(refused).rejects.toMatchObject({
      code: 'CHANGED_MEANWHILE',
      message: expect.stringContaining('von einem anderen Nutzer geändert'),
    });
    // A time before year 1 cannot be read by PostgreSQL: still an outdated state, never a server error.
    const yearZero = database.db.transaction((tx) =>
      claimLoadedState(tx, manufacturers, id, { lastUpdate: '0000-01-01T00:00:00.000Z', userId: other.id }),
    );
    await expect(yearZero).rejects.toMatchObject({ code: 'CHANGED_MEANWHILE' });
    const missing = database.db.transaction((tx) =>
      claimLoadedState(tx, manufacturers, '00000000-0000-4000-8000-000000000000', {
        lastUpdate: stale,
        userId: other.id,
      }),
    );
    await expect(missing).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('names the editor of a user record itself (the users table joined with itself)', async () => {
    const loaded = (
      await database.db.select({ at: users.updatedAt }).from(users).where(eq(users.id, other.id))
    )[0]!.at.toISOString();
    await database.db.transaction((tx) =>
      claimLoadedState(tx, users, other.id, { lastUpdate: loaded, userId: editor.id }),
    );
    const refused = database.db.transaction((tx) =>
      claimLoadedState(tx, users, other.id, { lastUpdate: loaded, userId: other.id }),
    );
    await expect(refused).rejects.toMatchObject({
      message: expect.stringContaining(`von ${editor.name} geändert`),
    });
  });
});
