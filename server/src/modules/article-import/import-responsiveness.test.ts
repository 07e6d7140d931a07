import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { articleImportRuns, articles } from '../../db/schema';
import { type ImportWorld, postImport, useImportWorld } from '../../test/import-world';
import { as, type TestContext } from '../../test/test-app';
import { runArticleImport } from './import-runner';
import { silent } from './testing/catalog-run';

/**
 * ARCHITECTURE §3a: the embedded database has one connection in the server's event loop; an import must
 * run in short statements and yield between them, so requests (here `/api/health`, which asks the
 * database) keep being answered and "Import beenden" works while it writes.
 */

const ROWS = 20_000;
let context: TestContext;
let world: ImportWorld;
let configId: string;

/** A supplier catalog of `ROWS` new articles in the format of the fixtures. */
function catalog(): string {
  const lines = [
    'Hersteller;Bestellnummer;Herstellernummer;Bezeichnung;Einheit;Breite (mm);Höhe (mm);Tiefe (mm);Gewicht (g);Listenpreis;Einkaufspreis',
  ];
  for (let index = 1; index <= ROWS; index++) {
    lines.push(
      `Weidmüller;R-${index};RM-${index};Reihenklemme ${index}, 2,5 mm²;Stück;5,1;47,5;36,5;6,2;${index},25;${index}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

useImportWorld((setup) => {
  ({ context, world, configId } = setup);
});

const get = (url: string) => as(context.app, world.admin, { method: 'GET', url });

async function runState() {
  const [run] = await context.db.select().from(articleImportRuns);
  return run!;
}

describe('an import of 20,000 rows', () => {
  it('keeps answering requests while it writes: the portal is served between the chunks', async () => {
    expect((await postImport(context, world.admin, configId, 'gross.csv', catalog())).statusCode).toBe(201);
    let finished = false;
    const draining = context.drainJobs().finally(() => {
      finished = true;
    });
    // Every answer notes where the import stood when it was given. Before, on PGlite one long statement or
    // transaction after another kept every request waiting until the import was through (3.9 s for 30,000
    // rows): no request was answered while the catalog was being written (progress 50–99 %).
    const seen: { percent: number; committed: number; state: string }[] = [];
    while (!finished) {
      const health = await context.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const state = await runState();
      seen.push({ percent: state.percent, committed: state.lastCommittedLine ?? 0, state: state.state });
      await nextTurn();
    }
    await draining;
    const run = await runState();
    expect(run).toMatchObject({ state: 'SUCCEEDED', createdCount: ROWS, errorCount: 0 });
    expect(await context.db.$count(articles)).toBe(ROWS);
    const whileWriting = seen.filter((answer) => answer.state === 'RUNNING' && answer.percent >= 50);
    expect(whileWriting.length).toBeGreaterThanOrEqual(3);
    if (context.database.kind !== 'postgres') {
      // PGlite writes in short chunks: answers came between them, not only before the first or after the last.
      const lines = new Set(whileWriting.map((answer) => answer.committed).filter((line) => line > 0));
      expect(lines.size).toBeGreaterThanOrEqual(2);
    }
  }, 180_000);

  it('ends within the write phase on "Import beenden" sent while it runs, keeping exactly the committed rows', async () => {
    expect((await postImport(context, world.admin, configId, 'gross.csv', catalog())).statusCode).toBe(201);
    const [queued] = await context.db.select().from(articleImportRuns);
    // Chunks of 1000 rows; after the first one the import waits until the operator's click has arrived from
    // outside the import, so the click lands in the write phase on both databases.
    let firstBatchWritten = () => {};
    const written = new Promise<void>((resolve) => {
      firstBatchWritten = resolve;
    });
    let clickSent = () => {};
    const clicked = new Promise<void>((resolve) => {
      clickSent = resolve;
    });
    const running = runArticleImport(
      { database: context.database, files: context.files, log: silent },
      queued!.id,
      {
        initialBatchRows: 1000,
        maxBatchRows: 1000,
        targetBatchMs: 60_000,
        tickMs: 100,
        async afterBatch(batch) {
          if (batch.number !== 1) return;
          firstBatchWritten();
          await clicked;
        },
      },
    );
    await written;
    expect((await runState()).lastCommittedLine).toBeGreaterThan(1);
    const abort = await get('/api/article/import/abort');
    clickSent();
    expect(abort.statusCode).toBe(200);
    expect(abort.json()).toMatchObject({ running: true, run: { abortRequested: true } });
    expect(await running).toBe('ABORTED');
    const run = await runState();
    expect(run.state).toBe('ABORTED');
    expect(run.lastCommittedLine).toBeLessThan(ROWS + 1);
    expect(run.createdCount).toBeLessThan(ROWS);
    expect(run.createdCount).toBe(run.lastCommittedLine! - 1);
    expect(await context.db.$count(articles)).toBe(run.createdCount);
    expect(run.message).toBe(
      `Der Import wurde beendet. Übernommen wurden alle Zeilen bis Zeile ${run.lastCommittedLine} (${run.createdCount} neu, 0 aktualisiert, 0 fehlerhaft); die übrigen nicht.`,
    );
    const status = (await get('/api/article/import')).json();
    expect(status).toMatchObject({ running: false, run: { state: 'ABORTED' } });
  }, 180_000);
});
