import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openPglite } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { articleImportRuns, articles, articleWholesalerInfos } from '../../db/schema';
import { createLocalStorage } from '../../files/local-storage';
import type { FileStorage } from '../../files/storage';
import { createManufacturer, createWholesaler } from '../../test/master-data-factories';
import { as, createTestApp, type TestContext } from '../../test/test-app';
import { createTestDatabase, testDatabaseKind } from '../../test/test-db';
import { insertImportConfig } from '../import-config/import-config.repository';
import { failStaleRuns, findRun, insertRun } from './import-run.repository';
import { runArticleImport } from './import-runner';
import { createFixtureConfig, createImportWorld, type ImportWorld } from './testing/import-world';

const ROWS = 20_000;
const silent = { info: () => {}, error: () => {} };

/** A catalog of ROWS articles: order numbers K-00001 … with a wholesaler price each. */
function catalog(): string {
  const lines = ['Bestellnummer;Bezeichnung;Preis'];
  for (let index = 1; index <= ROWS; index++)
    lines.push(`K-${String(index).padStart(5, '0')};Artikel ${index};${index},50`);
  return `${lines.join('\n')}\n`;
}

async function queueRun(db: Database['db'], files: FileStorage, configId: string) {
  const filePath = `articleImport/${Math.random().toString(16).slice(2)}/katalog.csv`;
  await files.save(filePath, Readable.from([catalog()]));
  return insertRun(db, { configId, configTitle: 'Katalog', fileName: 'katalog.csv', filePath });
}

async function seedConfig(db: Database['db']) {
  const manufacturer = await createManufacturer(db, { displayName: 'Rittal' });
  const wholesaler = await createWholesaler(db, { displayName: 'Großhandel Nord' });
  const configId = await insertImportConfig(db, {
    title: 'Katalog',
    description: 'Absturztest',
    manufacturerId: manufacturer.id,
    wholesalerId: wholesaler.id,
    defaultUnitId: null,
    filename: null,
    samplePath: null,
    headers: ['Bestellnummer', 'Bezeichnung', 'Preis'],
    headerRowIndex: 1,
    fieldMapping: [
      { importHeader: 'Bestellnummer', articleField: 'orderNumber' },
      { importHeader: 'Bezeichnung', articleField: 'description' },
      { importHeader: 'Preis', articleField: 'wholesalerPurchasePrice' },
    ],
    unitWidth: 'CM',
    unitHeight: 'CM',
    unitDepth: 'CM',
    unitWeight: 'KG',
  });
  return { manufacturer, configId };
}

/** Every article in the catalog is complete (with its wholesaler price) and exactly the committed prefix. */
async function expectConsistent(db: Database['db'], runId: string) {
  const run = (await findRun(db, runId))!;
  const imported = await db
    .select({ orderNumber: articles.orderNumber, price: articleWholesalerInfos.purchasePrice })
    .from(articles)
    .leftJoin(articleWholesalerInfos, eq(articleWholesalerInfos.articleId, articles.id))
    .orderBy(articles.orderNumber);
  expect(imported).toHaveLength(run.createdCount);
  expect(run.lastCommittedLine).toBe(run.createdCount + 1);
  imported.forEach((article, index) => {
    expect(article).toEqual({ orderNumber: `K-${String(index + 1).padStart(5, '0')}`, price: index + 1.5 });
  });
  return run;
}

/** Starts the import in another process and SIGKILLs it once `batches` batches are committed. */
function killAfterBatches(target: string, filesDir: string, runId: string, batches: number) {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing', 'import-child.ts');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, target, filesDir, runId], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const committed = [...output.matchAll(/batch (\d+)/g)].length;
      if (committed >= batches) child.kill('SIGKILL');
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve(output) : reject(new Error(output))));
  });
}

describe('a server killed mid-import', () => {
  const temporary = mkdtempSync(path.join(os.tmpdir(), 'portal-import-kill-'));
  const filesDir = path.join(temporary, 'files');
  afterAll(() => rmSync(temporary, { recursive: true, force: true }));

  it('leaves exactly the committed batches; after the restart the run is reported failed', async () => {
    const files = createLocalStorage(filesDir);
    const postgres = testDatabaseKind() === 'postgres';
    // PGlite is single-process: the test closes it while the child works on the same directory.
    let database = postgres ? await createTestDatabase() : await openPglite(path.join(temporary, 'db'));
    if (!postgres) await runMigrations(database);
    try {
      const { configId } = await seedConfig(database.db);
      const run = await queueRun(database.db, files, configId);
      let target = path.join(temporary, 'db');
      if (postgres) {
        const [row] = (await database.executeSql('select current_database() as name')).rows;
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${row!.name}`;
        target = url.toString();
      } else {
        await database.close();
      }
      const output = await killAfterBatches(target, filesDir, run.id, 3);
      expect(output).not.toContain('done');
      if (!postgres) database = await openPglite(path.join(temporary, 'db'));

      // The restarted server: the run still says RUNNING until its missing heartbeat is noticed.
      expect((await findRun(database.db, run.id))!.state).toBe('RUNNING');
      expect(await failStaleRuns(database.db, 0)).toBe(1);
      const failed = await expectConsistent(database.db, run.id);
      expect(failed.state).toBe('FAILED');
      expect(failed.createdCount).toBeGreaterThanOrEqual(1500);
      expect(failed.createdCount).toBeLessThan(ROWS);
      expect(failed.message).toContain(`Übernommen wurden alle Zeilen bis Zeile ${failed.lastCommittedLine}`);

      // Starting again completes the catalog: the committed articles are updated, the rest created.
      const again = await queueRun(database.db, files, configId);
      const state = await runArticleImport({ database, files, log: silent }, again.id);
      expect(state).toBe('SUCCEEDED');
      const completed = (await findRun(database.db, again.id))!;
      expect(completed.createdCount + completed.updatedCount).toBe(ROWS);
      expect(completed.updatedCount).toBe(failed.createdCount);
      expect(await database.db.$count(articles)).toBe(ROWS);
      expect(await database.db.$count(articleWholesalerInfos)).toBe(ROWS);
    } finally {
      await database.close();
    }
  });
});

describe('ending an import (Import beenden)', () => {
  let context: TestContext;
  let world: ImportWorld;
  beforeAll(async () => {
    context = await createTestApp();
    world = await createImportWorld(context);
  });
  afterAll(async () => {
    await context.close();
  });

  it('stops within 2 seconds and keeps exactly the committed batches', async () => {
    const { configId } = await seedConfig(context.db);
    const run = await queueRun(context.db, context.files, configId);
    let requestedAt = 0;
    let stoppedAt = 0;
    const running = runArticleImport(
      { database: context.database, files: context.files, log: silent },
      run.id,
      {
        initialBatchRows: 1000,
        maxBatchRows: 1000,
        chunkRows: 1000,
        tickMs: 100,
        async afterBatch(batch) {
          if (batch.number !== 2) return;
          const response = await as(context.app, world.admin, {
            method: 'GET',
            url: '/api/article/import/abort',
          });
          expect(response.json()).toMatchObject({
            running: true,
            run: { abortRequested: true, state: 'RUNNING' },
          });
          requestedAt = performance.now();
          // What the operator sees: the progress call answers "not running" once the import stopped.
          void (async () => {
            for (;;) {
              const status = await as(context.app, world.admin, {
                method: 'GET',
                url: '/api/article/import',
              });
              if (!status.json().running) break;
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
            stoppedAt = performance.now();
          })();
        },
      },
    );
    const state = await running;
    await vi.waitFor(() => expect(stoppedAt).toBeGreaterThan(0));
    expect(stoppedAt - requestedAt).toBeLessThan(2000);
    expect(state).toBe('ABORTED');
    const aborted = await expectConsistent(context.db, run.id);
    expect(aborted.createdCount).toBeGreaterThanOrEqual(2000);
    expect(aborted.createdCount).toBeLessThan(ROWS);
    expect(aborted.message).toBe(
      `Der Import wurde beendet. Übernommen wurden alle Zeilen bis Zeile ${aborted.lastCommittedLine} (${aborted.createdCount} neu, 0 aktualisiert, 0 fehlerhaft); die übrigen nicht.`,
    );
    const status = (await as(context.app, world.admin, { method: 'GET', url: '/api/article/import' })).json();
    expect(status).toMatchObject({ running: false, run: { state: 'ABORTED', id: run.id } });
    // The uploaded file is gone once the run ended.
    expect(await context.files.stat(run.filePath)).toBeNull();
    await context.db.delete(articles).where(sql`true`);
    await context.db.delete(articleImportRuns).where(eq(articleImportRuns.id, run.id));
    expect(createFixtureConfig).toBeDefined();
  });
});
