import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { articles, articleWholesalerInfos } from '../../db/schema';
import { createLocalStorage } from '../../files/local-storage';
import { createTestDatabase } from '../../test/test-db';
import { findRun, insertRun } from './import-run.repository';
import { runArticleImport } from './import-runner';
import { queueRun, ROWS, seedConfig, silent } from './testing/catalog-run';

/**
 * A large file is read on a worker thread (stage-thread.ts); the tests force it for a small one
 * (readInWorkerFromBytes: 0) and expect what the server's own thread gives: every row, names resolved, the
 * German reason of a file that does not fit its configuration.
 */
describe('reading the file on a worker thread', () => {
  const temporary = mkdtempSync(path.join(os.tmpdir(), 'portal-import-worker-'));
  const files = createLocalStorage(path.join(temporary, 'files'));
  let database: Database;
  let configId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    ({ configId } = await seedConfig(database.db));
  });
  afterAll(async () => {
    await database.close();
    rmSync(temporary, { recursive: true, force: true });
  });

  it('imports every row with its wholesaler price', async () => {
    const run = await queueRun(database.db, files, configId);
    const state = await runArticleImport({ database, files, log: silent }, run.id, {
      readInWorkerFromBytes: 0,
    });
    expect(state).toBe('SUCCEEDED');
    const done = (await findRun(database.db, run.id))!;
    expect(done).toMatchObject({ createdCount: ROWS, errorCount: 0, processedRows: ROWS });
    expect(await database.db.$count(articles)).toBe(ROWS);
    expect(await database.db.$count(articleWholesalerInfos)).toBe(ROWS);
  });

  it('ends with a German reason when the thread reaches its heap limit', async () => {
    const run = await queueRun(database.db, files, configId);
    const state = await runArticleImport({ database, files, log: silent }, run.id, {
      readInWorkerFromBytes: 0,
      readerHeapMb: 4,
    });
    expect(state).toBe('FAILED');
    expect((await findRun(database.db, run.id))!.message).toContain(
      'Die Datei braucht zum Lesen mehr als 4 MB Arbeitsspeicher. Bitte teilen Sie den Katalog auf mehrere Dateien auf.',
    );
  });

  it('ends with the German reason when a mapped column is missing', async () => {
    const filePath = `articleImport/${Math.random().toString(16).slice(2)}/falsch.csv`;
    await files.save(filePath, Readable.from(['Bestellnummer;Preis\nK-1;1,50\n']));
    const run = await insertRun(database.db, {
      configId,
      configTitle: 'Katalog',
      fileName: 'falsch.csv',
      filePath,
    });
    const state = await runArticleImport({ database, files, log: silent }, run.id, {
      readInWorkerFromBytes: 0,
    });
    expect(state).toBe('FAILED');
    expect((await findRun(database.db, run.id))!.message).toContain(
      'Die Datei passt nicht zur Importkonfiguration: In Zeile 1 fehlt die Spalte „Bezeichnung“.',
    );
  });
});
