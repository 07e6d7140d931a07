import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createLocalStorage } from '../../files/local-storage';
import { createTestDatabase, testDatabaseKind } from '../../test/test-db';
import { findRun, insertRun } from './import-run.repository';
import { runArticleImport } from './import-runner';
import { stagingTable } from './staging';
import { seedConfig } from './testing/catalog-run';

/**
 * The database ends the import's own connection mid-way (a restart, pg_terminate_backend): the import ends
 * FAILED with a German message that says so, leaves no staging table and no upload, and the process lives on.
 */
let database: Database;
const filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-import-lost-'));
const files = createLocalStorage(filesDir);
const errors: string[] = [];
const log = { info: () => {}, error: (line: string) => errors.push(line) };

/** Whatever reaches the process as a crash: an 'error' event nobody listened to, or a lost rejection. */
const crashes: unknown[] = [];
const recordCrash = (error: unknown) => crashes.push(error);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  rmSync(filesDir, { recursive: true, force: true });
});
beforeEach(() => {
  process.on('uncaughtException', recordCrash);
  process.on('unhandledRejection', recordCrash);
});
afterEach(() => {
  process.off('uncaughtException', recordCrash);
  process.off('unhandledRejection', recordCrash);
});

/**
 * Ends the connection that inserts article `orderNumber`: on PostgreSQL the backend terminates itself, as
 * pg_terminate_backend or a restart ends it (FATAL 57P01, then the socket closes). PGlite runs inside this
 * process on one connection nobody can cut; there the statement fails with the same SQLSTATE, which is all
 * the import sees of a restart before the socket closes.
 */
async function endConnectionAt(orderNumber: string): Promise<void> {
  const end =
    testDatabaseKind() === 'postgres'
      ? 'PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(10);'
      : `RAISE EXCEPTION 'Verbindung beendet' USING ERRCODE = 'admin_shutdown';`;
  await database.executeSql(
    `CREATE FUNCTION end_connection() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${end} RETURN NEW; END $$`,
  );
  await database.executeSql(
    `CREATE TRIGGER end_connection BEFORE INSERT ON articles FOR EACH ROW
       WHEN (NEW.order_number = '${orderNumber}') EXECUTE FUNCTION end_connection()`,
  );
}

describe('an import whose database connection ends', () => {
  it('ends FAILED with a clear message, removes what it staged and uploaded, and the process goes on', async () => {
    const { configId } = await seedConfig(database.db);
    const filePath = `articleImport/${randomUUID()}/katalog.csv`;
    const rows = Array.from({ length: 1500 }, (_, index) => `K-${index + 1};Artikel ${index + 1};1,50`);
    await files.save(filePath, Readable.from([`Bestellnummer;Bezeichnung;Preis\n${rows.join('\n')}\n`]));
    const run = await insertRun(database.db, {
      configId,
      configTitle: 'Katalog',
      fileName: 'katalog.csv',
      filePath,
    });
    // The second chunk of 500 rows: the first is committed before the connection ends.
    await endConnectionAt('K-700');

    const state = await runArticleImport({ database, files, log }, run.id, {
      initialBatchRows: 500,
      maxBatchRows: 500,
      rebuildThresholdRows: Number.MAX_SAFE_INTEGER,
    });

    expect(state).toBe('FAILED');
    const failed = (await findRun(database.db, run.id))!;
    expect(failed.state).toBe('FAILED');
    expect(failed.message).toBe(
      `Die Verbindung zur Datenbank wurde während des Imports unterbrochen. Bitte starten Sie den Import erneut. Übernommen wurden alle Zeilen bis Zeile ${failed.lastCommittedLine} (${failed.createdCount} neu, 0 aktualisiert, 0 fehlerhaft); die übrigen nicht.`,
    );
    expect(failed.createdCount).toBeGreaterThan(0);
    expect(failed.createdCount).toBeLessThan(1500);
    const staging = await database.executeSql('select to_regclass($1) is not null as present', [
      stagingTable(run.id),
    ]);
    expect(staging.rows[0]?.present).toBe(false);
    expect(await files.stat(filePath)).toBeNull();
    // The process lives on: no crash reached it, and the database serves it as before.
    expect(crashes).toEqual([]);
    expect((await database.executeSql('select count(*)::int as n from articles')).rows[0]?.n).toBe(
      failed.createdCount,
    );
  });
});
