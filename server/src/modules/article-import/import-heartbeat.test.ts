import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { articleImportRuns } from '../../db/schema';
import { createImportWorld, type ImportWorld } from '../../test/import-world';
import { as, createTestApp, type TestContext } from '../../test/test-app';
import { failStaleImports } from './import-recovery';
import { findRun, insertRun } from './import-run.repository';
import { runArticleImport } from './import-runner';
import { stagingTable } from './staging';
import { seedConfig, silent } from './testing/catalog-run';

/**
 * A running import writes its heartbeat every few hundred milliseconds; any process that finds one silent
 * for 10 s reports it failed and removes what it left: its staging table and its upload.
 */
let context: TestContext;
let world: ImportWorld;
beforeAll(async () => {
  context = await createTestApp();
  world = await createImportWorld(context);
});
afterAll(async () => {
  await context.close();
});
beforeEach(async () => {
  await context.db.delete(articleImportRuns);
});

const staged = async (runId: string) =>
  (await context.database.executeSql(`select to_regclass('${stagingTable(runId)}') is not null as present`))
    .rows[0]?.present === true;

/** A run as a server left it: RUNNING with its staging table and upload, last heartbeat `silentFor` ago. */
async function leftRun(state: 'RUNNING' | 'QUEUED', silentFor: string) {
  const filePath = `articleImport/${randomUUID()}/katalog.csv`;
  await context.files.save(filePath, Readable.from(['Bestellnummer\nK-1\n']));
  const [run] = await context.db
    .insert(articleImportRuns)
    .values({
      configTitle: 'Katalog',
      fileName: 'katalog.csv',
      filePath,
      state,
      startedAt: sql`now() - interval '1 minute'`,
      heartbeatAt: sql`now() - ${silentFor}::interval`,
    })
    .returning();
  if (state === 'RUNNING') {
    await context.database.executeSql(`create unlogged table ${stagingTable(run!.id)} (line integer)`);
  }
  return run!;
}

const status = () => as(context.app, world.admin, { method: 'GET', url: '/api/article/import' });

describe('an import whose heartbeat stopped', () => {
  it('is reported failed after 10 s of silence, with its staging table and upload removed', async () => {
    const run = await leftRun('RUNNING', '12 seconds');
    const answer = (await status()).json();
    expect(answer).toMatchObject({ running: false, run: { id: run.id, state: 'FAILED' } });
    expect(answer.run.message).toBe(
      'Der Import wurde unterbrochen, weil der Server beendet wurde. Es wurden keine Artikel übernommen. Bitte starten Sie den Import erneut; bereits übernommene Artikel werden dabei aktualisiert.',
    );
    expect(await staged(run.id)).toBe(false);
    expect(await context.files.stat(run.filePath)).toBeNull();
  });

  it('is left alone while its heartbeat is younger than 10 s', async () => {
    const run = await leftRun('RUNNING', '3 seconds');
    expect((await status()).json()).toMatchObject({ running: true, run: { id: run.id, state: 'RUNNING' } });
    expect(await failStaleImports({ database: context.database, files: context.files })).toBe(0);
    expect(await staged(run.id)).toBe(true);
    expect(await context.files.stat(run.filePath)).not.toBeNull();
  });

  it('leaves a queued run to the workers for 30 s', async () => {
    const run = await leftRun('QUEUED', '12 seconds');
    expect(await failStaleImports({ database: context.database, files: context.files })).toBe(0);
    await context.db
      .update(articleImportRuns)
      .set({ heartbeatAt: sql`now() - interval '31 seconds'` })
      .where(eq(articleImportRuns.id, run.id));
    expect(await failStaleImports({ database: context.database, files: context.files })).toBe(1);
    expect((await findRun(context.db, run.id))!.state).toBe('FAILED');
    expect(await context.files.stat(run.filePath)).toBeNull();
  });

  it('keeps beating while the import waits between batches, so another process leaves it alone', async () => {
    const { configId } = await seedConfig(context.db);
    const filePath = `articleImport/${randomUUID()}/katalog.csv`;
    const rows = Array.from({ length: 1500 }, (_, index) => `K-${index + 1};Artikel ${index + 1};1,50`);
    await context.files.save(
      filePath,
      Readable.from([`Bestellnummer;Bezeichnung;Preis\n${rows.join('\n')}\n`]),
    );
    const run = await insertRun(context.db, {
      configId,
      configTitle: 'Katalog',
      fileName: 'katalog.csv',
      filePath,
    });
    const deps = { database: context.database, files: context.files, log: silent };
    const heartbeatAge = async () => {
      const [row] = await context.db
        .select({
          seconds: sql<number>`extract(epoch from now() - ${articleImportRuns.heartbeatAt})::float8`,
        })
        .from(articleImportRuns)
        .where(eq(articleImportRuns.id, run.id));
      return Number(row!.seconds);
    };
    let checked = false;
    const state = await runArticleImport(deps, run.id, {
      initialBatchRows: 500,
      maxBatchRows: 500,
      rebuildThresholdRows: Number.MAX_SAFE_INTEGER,
      async afterBatch({ number }) {
        if (number !== 1) return;
        // As another process would see it after a long pause: silent for an hour ...
        await context.db
          .update(articleImportRuns)
          .set({ heartbeatAt: sql`now() - interval '1 hour'` })
          .where(eq(articleImportRuns.id, run.id));
        // ... until the next heartbeat of the import, which is alive.
        await vi.waitFor(async () => expect(await heartbeatAge()).toBeLessThan(10), { timeout: 10_000 });
        expect(await failStaleImports({ database: context.database, files: context.files })).toBe(0);
        checked = true;
      },
    });
    expect(checked).toBe(true);
    expect(state).toBe('SUCCEEDED');
    expect((await findRun(context.db, run.id))!.createdCount).toBe(1500);
  });
});
