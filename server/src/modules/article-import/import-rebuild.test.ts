import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { articleImportRuns, articles, manufacturers } from '../../db/schema';
import { createLocalStorage } from '../../files/local-storage';
import { createImportWorld, type ImportWorld } from '../../test/import-world';
import { as, createTestApp, type TestContext } from '../../test/test-app';
import { testDatabaseKind } from '../../test/test-db';
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

/**
 * Many new articles compared with the catalog: on PostgreSQL they are written in ONE transaction that drops
 * the catalog's secondary indexes and foreign keys and rebuilds them (README "Artikelimport"); PGlite, with
 * one connection for every request, always writes in chunks.
 */
const postgres = testDatabaseKind() === 'postgres';

/** The catalog's indexes and foreign keys, as the migrations made them. */
async function catalogShape(database: Database) {
  const indexes = await database.executeSql(
    "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'articles' ORDER BY indexname",
  );
  const keys = await database.executeSql(
    `SELECT conname, pg_get_constraintdef(oid) AS definition, convalidated FROM pg_constraint
     WHERE conrelid = 'articles'::regclass ORDER BY conname`,
  );
  return { indexes: indexes.rows, keys: keys.rows };
}

describe('a large import into a small catalog', () => {
  let context: TestContext;
  let world: ImportWorld;
  let seeded: Awaited<ReturnType<typeof seedConfig>>;
  beforeAll(async () => {
    context = await createTestApp();
    world = await createImportWorld(context);
    seeded = await seedConfig(context.db);
  });
  afterAll(async () => {
    await context.close();
  });
  const deps = () => ({ database: context.database, files: context.files, log: silent });
  async function clear() {
    await context.db.delete(articles).where(sql`true`);
    await context.db.delete(articleImportRuns).where(sql`true`);
  }

  it('is written whole, reported exactly, and leaves every index and foreign key as before', async () => {
    const shape = await catalogShape(context.database);
    expect(shape.indexes.length).toBeGreaterThan(10);
    const { configId, manufacturer } = seeded;
    const run = await queueRun(context.db, context.files, configId);
    const batches: number[] = [];
    const state = await runArticleImport(deps(), run.id, {
      rebuildThresholdRows: 1,
      initialBatchRows: 5000,
      maxBatchRows: 5000,
      targetBatchMs: 60_000,
      afterBatch: (batch) => void batches.push(batch.lastLine),
    });
    expect(state).toBe('SUCCEEDED');
    const done = await expectConsistent(context.db, run.id);
    expect(done).toMatchObject({ createdCount: ROWS, updatedCount: 0, errorCount: 0, percent: 100 });
    // PostgreSQL: one transaction for the whole file; PGlite: chunks of 5,000 rows.
    expect(batches).toEqual(postgres ? [ROWS + 1] : [5001, 10001, 15001, 20001]);
    expect(await catalogShape(context.database)).toEqual(shape);
    // The foreign keys hold again: a manufacturer in use cannot be deleted.
    await expect(
      context.db.delete(manufacturers).where(eq(manufacturers.id, manufacturer.id)),
    ).rejects.toThrow();
    // The rebuilt indexes answer the catalog search.
    const found = await as(context.app, world.admin, {
      method: 'GET',
      url: '/api/article/search?searchTerm=K-12345',
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()[0]).toMatchObject({ orderNumber: 'K-12345' });
    await clear();
  });

  // How fast it ends is measured in bench/ (import-responsiveness.mjs --abortAfter during the rebuild).
  it('ends when asked while the indexes are rebuilt, and writes nothing', async () => {
    const shape = await catalogShape(context.database);
    const run = await queueRun(context.db, context.files, seeded.configId);
    let rebuilding = 0;
    const state = await runArticleImport(deps(), run.id, {
      rebuildThresholdRows: 1,
      tickMs: 100,
      async beforeRebuild() {
        rebuilding++;
        const response = await as(context.app, world.admin, {
          method: 'GET',
          url: '/api/article/import/abort',
        });
        expect(response.statusCode).toBe(200);
      },
    });
    if (!postgres) {
      // PGlite never writes in one transaction: the import ran chunk by chunk to its end.
      expect(rebuilding).toBe(0);
      expect(state).toBe('SUCCEEDED');
      await clear();
      return;
    }
    expect(rebuilding).toBe(1);
    expect(state).toBe('ABORTED');
    const aborted = (await findRun(context.db, run.id))!;
    expect(aborted).toMatchObject({ state: 'ABORTED', createdCount: 0, lastCommittedLine: null });
    expect(aborted.message).toBe('Der Import wurde beendet. Es wurden keine Artikel übernommen.');
    expect(await context.db.$count(articles)).toBe(0);
    expect(await catalogShape(context.database)).toEqual(shape);
    await clear();
  });

  it('writes in chunks instead when a long transaction holds the catalog', async () => {
    const run = await queueRun(context.db, context.files, seeded.configId);
    const batches: number[] = [];
    const tuning = {
      rebuildThresholdRows: 1,
      lockTimeoutMs: 200,
      initialBatchRows: 10_000,
      maxBatchRows: 10_000,
      targetBatchMs: 60_000,
      afterBatch: (batch: { lastLine: number }) => void batches.push(batch.lastLine),
    };
    if (postgres) {
      // A reader whose transaction stays open (a report, a slow export) holds a share lock on the catalog.
      const reader = await context.database.openBulkSession();
      try {
        await reader.transaction(async (tx) => {
          await tx.query('SELECT count(*) FROM articles');
          expect(await runArticleImport(deps(), run.id, tuning)).toBe('SUCCEEDED');
        });
      } finally {
        await reader.release();
      }
    } else {
      expect(await runArticleImport(deps(), run.id, tuning)).toBe('SUCCEEDED');
    }
    expect(batches).toEqual([10_001, 20_001]);
    expect((await expectConsistent(context.db, run.id)).createdCount).toBe(ROWS);
    await clear();
  });
});

describe('a server killed during a large import', () => {
  const temporary = mkdtempSync(path.join(os.tmpdir(), 'portal-import-rebuild-'));
  const filesDir = path.join(temporary, 'files');
  afterAll(() => rmSync(temporary, { recursive: true, force: true }));

  it('leaves the catalog as it was before the import (PostgreSQL rolls the one transaction back)', async () => {
    const files = createLocalStorage(filesDir);
    const shared = await sharedDatabase(temporary);
    let database = shared.database;
    try {
      const shape = await catalogShape(database);
      const { configId } = await seedConfig(database.db);
      const run = await queueRun(database.db, files, configId);
      await shared.handOver();
      const output = await killWhen(
        shared.target,
        filesDir,
        run.id,
        (printed) => printed.includes('rebuilding') || printed.includes('batch 1 '),
        'rebuild',
      );
      database = await shared.takeBack();
      expect(await failStaleRuns(database.db, 0)).toHaveLength(1);
      const failed = (await findRun(database.db, run.id))!;
      expect(failed.state).toBe('FAILED');
      expect(await catalogShape(database)).toEqual(shape);
      if (postgres) {
        // The rows were written and the indexes dropped when the process died: all of it is gone.
        expect(output).toContain('rebuilding');
        expect(failed).toMatchObject({ createdCount: 0, lastCommittedLine: null });
        expect(failed.message).toContain('Es wurden keine Artikel übernommen.');
        expect(await database.db.$count(articles)).toBe(0);
      } else {
        // PGlite wrote in chunks: the committed ones are there, completely.
        expect(output).not.toContain('rebuilding');
        const committed = await expectConsistent(database.db, run.id);
        expect(committed.createdCount).toBeGreaterThanOrEqual(500);
        expect(committed.createdCount).toBeLessThan(ROWS);
      }
    } finally {
      await database.close();
    }
    // A child process started from the sources: beside two other test runs this can outlast the default 30 s
    // (a limit against hanging, not a speed check).
  }, 120_000);
});
