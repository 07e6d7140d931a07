import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPgliteThread, openPostgres } from '../db/client';
import { runMigrations } from '../db/migrate';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default (in the test's thread; on a
 * thread of its own, as the server runs it, with TEST_PGLITE_THREAD=1, and in the new data directory
 * TEST_PGLITE_DIR instead of memory when that is set: benches), or a uniquely named database on the
 * PostgreSQL of TEST_DATABASE_URL (dropped again on close). Both start as a copy of the run's migrated
 * template (global-setup.ts) when there is one; the migrations then find nothing left to do.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = provided('pgliteTemplate');
    const database = process.env.TEST_PGLITE_THREAD
      ? await openPgliteThread(process.env.TEST_PGLITE_DIR)
      : await openPglite(undefined, {
          loadDataDir: template ? new Blob([await readFile(template)]) : undefined,
        });
    await runMigrations(database);
    return database;
  }
  const name = `portal_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = provided('postgresTemplate');
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openPostgres(testUrl.toString(), { max: 5 });
  await runMigrations(database);
  return {
    ...database,
    /** Another server process opens the same database with it (live events across processes). */
    url: testUrl.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * The run's template (global-setup.ts), or undefined outside a vitest run: the benches build their app with
 * these helpers too and then migrate a fresh database.
 */
function provided(key: 'pgliteTemplate' | 'postgresTemplate'): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}
