import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleImportRuns, articles, articleWholesalerInfos } from '../../db/schema';
import { createLocalStorage } from '../../files/local-storage';
import { createFixtureConfig, createImportWorld, type ImportWorld } from '../../test/import-world';
import { as, createTestApp, type TestContext } from '../../test/test-app';
import { failStaleRuns, findRun } from './import-run.repository';
import { runArticleImport } from './import-runner';
import {
  expectConsistent,
  killWhen,
  queueRun,
  ROWS,
  seedConfig,
  sharedDatabase,
  silent,
} from './testing/catalog-run';

describe('a server killed mid-import', () => {
  const temporary = mkdtempSync(path.join(os.tmpdir(), 'portal-import-kill-'));
  const filesDir = path.join(temporary, 'files');
  afterAll(() => rmSync(temporary, { recursive: true, force: true }));

  it('leaves exactly the committed batches; after the restart the run is reported failed', async () => {
    const files = createLocalStorage(filesDir);
    const shared = await sharedDatabase(temporary);
    let database = shared.database;
    try {
      const { configId } = await seedConfig(database.db);
      const run = await queueRun(database.db, files, configId);
      await shared.handOver();
      const output = await killWhen(
        shared.target,
        filesDir,
        run.id,
        (output) => [...output.matchAll(/batch (\d+)/g)].length >= 3,
      );
      expect(output).not.toContain('done');
      database = await shared.takeBack();

      // The restarted server: the run still says RUNNING until its missing heartbeat is noticed.
      expect((await findRun(database.db, run.id))!.state).toBe('RUNNING');
      expect(await failStaleRuns(database.db, 0)).toHaveLength(1);
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
      expect(completed.createdCount + completed.unchangedCount).toBe(ROWS);
      // The committed articles are found again; the same file changes none of them.
      expect(completed.unchangedCount).toBe(failed.createdCount);
      expect(completed.updatedCount).toBe(0);
      expect(await database.db.$count(articles)).toBe(ROWS);
      expect(await database.db.$count(articleWholesalerInfos)).toBe(ROWS);
    } finally {
      await database.close();
    }
    // A child process started from the sources, then the whole catalog once more: on the embedded database
    // beside two other test runs this outlasts the default 30 s (a limit against hanging, not a speed check).
  }, 120_000);
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

  // How fast the run stops after the click is measured in bench/ (import-responsiveness.mjs --abortAfter).
  it('stops when asked and keeps exactly the committed batches', async () => {
    const { configId } = await seedConfig(context.db);
    const run = await queueRun(context.db, context.files, configId);
    const running = runArticleImport(
      { database: context.database, files: context.files, log: silent },
      run.id,
      {
        initialBatchRows: 1000,
        maxBatchRows: 1000,
        // Batches of exactly 1000 rows (PGlite would size them to ~40 ms each).
        targetBatchMs: 60_000,
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
        },
      },
    );
    const state = await running;
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
