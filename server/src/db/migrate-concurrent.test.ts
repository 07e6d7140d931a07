import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openRuntime } from '../bootstrap';
import { loadConfig } from '../config';
import { DEMO_LOGINS } from '../seed/demo';
import { testDatabaseKind } from '../test/test-db';
import { type Database, openPglite, openPostgres } from './client';
import { migrationsFolder, runMigrations } from './migrate';

/**
 * Two server processes starting at once on one empty database (or in a rolling deploy with a new
 * migration): one migrates, the other waits and finds the migrations done; both start.
 */
const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

async function appliedMigrations(database: Database): Promise<number> {
  const { rows } = await database.executeSql('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
  return Number(rows[0]?.n);
}

async function tableCount(database: Database): Promise<number> {
  const { rows } = await database.executeSql(
    "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
  );
  return Number(rows[0]?.n);
}

/** A new, empty database on the PostgreSQL of TEST_DATABASE_URL; `drop` removes it again. */
async function createEmptyPostgres(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_test_migrate_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Two processes on one empty database: on PostgreSQL two pools on a new database, on PGlite one handle. */
async function twoProcessesOnAnEmptyDatabase(): Promise<{
  first: Database;
  second: Database;
  close(): Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (testDatabaseKind() === 'pglite' || !url) {
    // PGlite is opened by one process only (DATA_DIR lock): the two starts share its one handle.
    const database = await openPglite();
    return { first: database, second: database, close: () => database.close() };
  }
  const empty = await createEmptyPostgres(url);
  const first = await openPostgres(empty.url, { max: 3 });
  const second = await openPostgres(empty.url, { max: 3 });
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      await empty.drop();
    },
  };
}

let first: Database;
let second: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ first, second, close } = await twoProcessesOnAnEmptyDatabase());
});
afterAll(() => close());

describe('migrations of two processes starting at once', () => {
  it('both succeed on an empty database and every migration is applied once', async () => {
    await Promise.all([runMigrations(first), runMigrations(second)]);
    expect(await appliedMigrations(first)).toBe(journal.entries.length);
    const tables = await tableCount(first);
    expect(tables).toBeGreaterThan(10);

    // The next start (a rolling deploy, a restart) finds nothing left to do.
    await Promise.all([runMigrations(second), runMigrations(first)]);
    expect(await appliedMigrations(second)).toBe(journal.entries.length);
    expect(await tableCount(second)).toBe(tables);
  });

  it('work under the same lock runs one at a time, also when one of them fails', async () => {
    const order: string[] = [];
    let enterFirst = () => {};
    const firstEntered = new Promise<void>((resolve) => {
      enterFirst = resolve;
    });
    let finishFirst = () => {};
    const firstMayFinish = new Promise<void>((resolve) => {
      finishFirst = resolve;
    });
    const one = first.exclusively('portal:test-lock', async () => {
      order.push('eins beginnt');
      enterFirst();
      await firstMayFinish;
      order.push('eins endet');
      throw new Error('Seed fehlgeschlagen');
    });
    await firstEntered;
    const two = second.exclusively('portal:test-lock', async () => {
      order.push('zwei');
      return 'zwei fertig';
    });
    // Another name is not held up by it.
    expect(await second.exclusively('portal:other-lock', async () => 'frei')).toBe('frei');
    finishFirst();
    await expect(one).rejects.toThrow('Seed fehlgeschlagen');
    expect(await two).toBe('zwei fertig');
    expect(order).toEqual(['eins beginnt', 'eins endet', 'zwei']);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;
if (testDatabaseKind() === 'postgres' && postgresUrl) {
  describe('two server processes starting at once on an empty PostgreSQL database', () => {
    it('both start; the demo data is seeded once', async () => {
      const empty = await createEmptyPostgres(postgresUrl);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-two-starts-'));
      // SEED_DEMO=true warns on the console; the test reads the database instead.
      const quiet = [vi.spyOn(console, 'log'), vi.spyOn(console, 'warn')].map((spy) =>
        spy.mockImplementation(() => {}),
      );
      const config = loadConfig({ DATABASE_URL: empty.url, DATA_DIR: dataDir, SEED_DEMO: 'true' });
      const started = await Promise.allSettled([openRuntime(config), openRuntime(config)]);
      try {
        expect(
          started.map((result) => result.status),
          started
            .map((result) =>
              result.status === 'rejected' ? `${result.reason?.message} / ${result.reason?.cause}` : 'ok',
            )
            .join('; '),
        ).toEqual(['fulfilled', 'fulfilled']);
        const runtimes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
        expect(runtimes.map((runtime) => runtime.seeded).sort()).toEqual([false, true]);
        const database = runtimes[0]!.database;
        expect(await appliedMigrations(database)).toBe(journal.entries.length);
        const { rows } = await database.executeSql(
          "SELECT count(*)::int AS n FROM users WHERE email LIKE '%@demo.local'",
        );
        expect(Number(rows[0]?.n)).toBe(DEMO_LOGINS.length);
      } finally {
        for (const result of started) if (result.status === 'fulfilled') await result.value.release();
        for (const spy of quiet) spy.mockRestore();
        rmSync(dataDir, { recursive: true, force: true });
        await empty.drop();
      }
    });
  });
}
