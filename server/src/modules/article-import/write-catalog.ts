import { isPriceUpdate } from '@portal/domain/rules/catalog-import';
import type { BulkSession } from '../../db/client';
import { nextPieceSize, PGLITE_TARGET_MS, yieldToRequests } from '../../db/pacing';
import type { RunSettings } from './catalog-config';
import {
  countWrites,
  hasAlternativeNumbers,
  type MergePlan,
  matchStaged,
  recordWritten,
  writeStaged,
} from './catalog-merge';
import type { ImportProgress, ImportRunnerDeps, ImportTuning } from './import-types';
import { CatalogBusyError, withIndexesRebuilt } from './index-rebuild';
import type { StagedFile } from './stage-file';
import { analyzeStagingTable, indexStagingTable } from './staging';

/** Shares of the progress bar: reading and staging the file, matching, then writing. */
export const READ_SHARE = 45;
const MATCH_DONE = 50;
/** Seconds since `since` for the log lines of the import's phases. */
export const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const percentOf = (value: number) => Math.max(0, Math.min(99, Math.floor(value)));

/** The import was ended by the operator; thrown inside a transaction to roll it back. */
class AbortedError extends Error {}

/** How the staged rows of a run are matched and written (the same for its preview and its write phase). */
export async function buildMergePlan(
  session: BulkSession,
  runId: string,
  fileName: string,
  config: RunSettings,
  staged: StagedFile,
): Promise<MergePlan> {
  const fields = staged.columns.map((column) => column.field);
  return {
    runId,
    staging: staged.table,
    columns: staged.columns,
    defaultUnitId: config.defaultUnitId,
    wholesalerId: config.wholesalerId,
    alternatives: await session.transaction(hasAlternativeNumbers),
    author: `Import ${fileName}`,
    // A catalog's price update (BMEcat T_UPDATE_PRICES, DATANORM DATPREIS) changes known articles only.
    updateOnly: config.catalogFormat !== null && isPriceUpdate(fields),
  };
}

/**
 * Matches the staged rows and writes them. PostgreSQL: all rows are matched at once (the import's own
 * connection; nobody waits), and when many articles are new or change, they are written in one transaction
 * with the indexes rebuilt. PGlite has ONE connection for everybody: a long transaction would stop every
 * other request, so there every chunk is matched and written in a transaction of its own.
 */
export async function writeCatalog(
  deps: ImportRunnerDeps,
  session: BulkSession,
  runId: string,
  fileName: string,
  config: RunSettings,
  staged: StagedFile,
  progress: ImportProgress,
  tuning: ImportTuning,
): Promise<void> {
  let started = performance.now();
  const plan = await buildMergePlan(session, runId, fileName, config, staged);
  if (deps.database.kind !== 'postgres') {
    // The staging table was indexed while it was filled; no statistics: each chunk probes the catalog's
    // indexes anyway (hash and merge joins are off), and one ANALYZE would be one long statement.
    await writeInChunks(deps, session, plan, staged, progress, tuning, true);
    deps.log.info(`Artikelimport ${runId}: in Blöcken zugeordnet und geschrieben in ${seconds(started)} s`);
    return;
  }
  const writes = await session.transaction(async (tx) => {
    await analyzeStagingTable(tx, staged.table, staged.columns);
    await matchStaged(tx, plan, null);
    return countWrites(tx, plan);
  });
  deps.log.info(
    `Artikelimport ${runId}: zugeordnet in ${seconds(started)} s (${writes.fresh} neu, ${writes.changed} geändert, Katalog ${writes.catalog})`,
  );
  progress.percent = MATCH_DONE;
  if (progress.abort) return;
  started = performance.now();
  const written = writes.fresh + writes.changed;
  // Rebuilding costs about a quarter of maintaining the indexes per written row, but over the whole catalog.
  const rebuild =
    written >= (tuning.rebuildThresholdRows ?? 100_000) && written * 4 >= writes.catalog + writes.fresh;
  if (rebuild) {
    try {
      await writeAllAtOnce(session, plan, staged, progress, tuning);
      deps.log.info(`Artikelimport ${runId}: in einer Transaktion geschrieben in ${seconds(started)} s`);
      return;
    } catch (error) {
      if (!(error instanceof CatalogBusyError)) throw error;
      deps.log.info(`Artikelimport ${runId}: Katalog gesperrt, es wird in Blöcken geschrieben.`);
    }
  }
  // Only the chunks look up their lines; the write in one transaction reads the whole table.
  await session.transaction((tx) => indexStagingTable(tx, staged.table));
  await writeInChunks(deps, session, plan, staged, progress, tuning, false);
  deps.log.info(`Artikelimport ${runId}: in Blöcken geschrieben in ${seconds(started)} s`);
}

/** All staged rows in ONE transaction, with the catalog's indexes rebuilt instead of maintained. */
async function writeAllAtOnce(
  session: BulkSession,
  plan: MergePlan,
  staged: StagedFile,
  progress: ImportProgress,
  tuning: ImportTuning,
): Promise<void> {
  const checkAbort = () => {
    if (progress.abort) throw new AbortedError();
  };
  await session.transaction(async (tx) => {
    const result = await withIndexesRebuilt(
      tx,
      {
        lockTimeoutMs: tuning.lockTimeoutMs ?? 5000,
        maintenanceWorkMem: '256MB',
        checkAbort,
        onStep: (share) => {
          progress.percent = percentOf(70 + 29 * share);
        },
      },
      async () => {
        const result = await writeStaged(tx, plan, null);
        progress.percent = 70;
        await tuning.beforeRebuild?.();
        return result;
      },
    );
    checkAbort();
    const answer = await recordWritten(tx, plan.runId, result, {
      lastLine: staged.lastLine,
      processedRows: progress.processedRows,
      percent: 99,
    });
    if (answer.abortRequested) {
      progress.abort = true;
      throw new AbortedError();
    }
  });
  await tuning.afterBatch?.({ number: 1, lastLine: staged.lastLine });
}

/**
 * Chunks of staged rows in file order, each its own transaction (matched in it too with `matchEachChunk`),
 * sized to take about `targetBatchMs`. On PGlite a transaction holds the one connection of every request,
 * so chunks are small (about 40 ms) and the event loop turns between them (ARCHITECTURE §3a).
 */
async function writeInChunks(
  deps: ImportRunnerDeps,
  session: BulkSession,
  plan: MergePlan,
  staged: StagedFile,
  progress: ImportProgress,
  tuning: ImportTuning,
  matchEachChunk: boolean,
): Promise<void> {
  const postgres = deps.database.kind === 'postgres';
  const targetMs = tuning.targetBatchMs ?? (postgres ? 800 : PGLITE_TARGET_MS);
  const maxRows = tuning.maxBatchRows ?? 200_000;
  const minRows = postgres ? 1000 : 50;
  // PGlite starts small: the first chunk of an import runs before its size is known.
  let chunkRows = tuning.initialBatchRows ?? (postgres ? 20_000 : 100);
  const base = matchEachChunk ? READ_SHARE : MATCH_DONE;
  const share = (rows: number) => base + ((99 - base) * rows) / Math.max(1, staged.rowCount);
  let from = 0;
  let done = 0;
  let number = 0;
  while (from < staged.lastLine && !progress.abort) {
    const started = performance.now();
    const { abortRequested, to, rows } = await session.transaction(async (tx) => {
      const next = await tx.query(
        `SELECT max(line) AS last, count(*)::int AS rows FROM (
           SELECT line FROM ${plan.staging} WHERE line > $1 ORDER BY line LIMIT $2) s`,
        [from, chunkRows],
      );
      const rows = Number(next.rows[0]?.rows ?? 0);
      const to = rows < chunkRows ? staged.lastLine : Number(next.rows[0]?.last);
      // Each chunk pairs a few thousand staged rows with the (large) catalog through its indexes; a hash
      // join would read the whole catalog for every chunk.
      // PostgreSQL: new rows go to the pending lists of the trigram (GIN) indexes, merged once at the end on
      // this connection. Not on PGlite: merging a large list there is one long statement that would stop
      // every other request; there the smallest lists are merged chunk by chunk, a little at a time.
      // One statement for the three settings (SET LOCAL each): a chunk on PGlite is a few milliseconds.
      await tx.query(
        `SELECT set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true),
           set_config('gin_pending_list_limit', '${postgres ? '256MB' : '64kB'}', true)`,
      );
      if (matchEachChunk) await matchStaged(tx, plan, { from, to });
      const result = await writeStaged(tx, plan, { from, to });
      const percent = percentOf(share(done + rows));
      const answer = await recordWritten(tx, plan.runId, result, {
        lastLine: to,
        processedRows: progress.processedRows,
        percent,
      });
      return { ...answer, to, rows };
    });
    from = to;
    done += rows;
    number++;
    if (abortRequested) progress.abort = true;
    progress.percent = percentOf(share(done));
    const took = Math.max(1, performance.now() - started);
    chunkRows = nextPieceSize(chunkRows, took, { targetMs, min: minRows, max: maxRows });
    await tuning.afterBatch?.({ number, lastLine: to });
    await yieldToRequests();
  }
}
