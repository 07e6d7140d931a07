import type { ImportConfigResponse } from '@portal/domain/schemas/import-config';
import { sql } from 'drizzle-orm';
import type { BulkSession } from '../../db/client';
import { findImportConfig } from '../import-config/import-config.repository';
import {
  countWrites,
  matchStaged,
  mergeSearchIndexes,
  RunStoppedError,
  recordWritten,
  writeStaged,
} from './catalog-merge';
import { claimRun, findRun, finishRun, heartbeat } from './import-run.repository';
import { ImportFailure, type ImportProgress, type ImportRunnerDeps, type ImportTuning } from './import-types';
import { CatalogBusyError, withIndexesRebuilt } from './index-rebuild';
import { openSheet, WrongFormatError } from './readers/open-sheet';
import { type StagedFile, stageFile } from './stage-file';
import { analyzeStagingTable, dropStagingTable, indexStagingTable } from './staging';

export type { ImportRunnerDeps, ImportTuning } from './import-types';

/** Shares of the progress bar: reading and staging the file, matching, then writing. */
const READ_SHARE = 45;
const MATCH_DONE = 50;
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const percentOf = (value: number) => Math.max(0, Math.min(99, Math.floor(value)));

/** The import was ended by the operator; thrown inside a transaction to roll it back. */
class AbortedError extends Error {}

/**
 * Runs one article import (the background job's work), see README "Artikelimport":
 * 1. the file is read as a stream, rows are mapped and checked in Node and COPYed into a staging table
 *    (the catalog is untouched until the whole file is read);
 * 2. the staged rows are matched to the catalog with a few set-based statements and written either chunk by
 *    chunk (each chunk one transaction that also updates the run's counters: an abort or a crash leaves
 *    exactly the committed chunks) or — on PostgreSQL, when they are many compared with the catalog — in ONE
 *    transaction that rebuilds the catalog's indexes instead of maintaining them row by row (all or nothing).
 * Returns the final state, or null when the run was no longer queued.
 */
export async function runArticleImport(deps: ImportRunnerDeps, runId: string, tuning: ImportTuning = {}) {
  const { db } = deps.database;
  const run = await claimRun(db, runId);
  if (!run) return null;
  const progress: ImportProgress = { processedRows: 0, percent: 0, abort: false, cancel: null };
  const tick = setInterval(() => void beat(), tuning.tickMs ?? 500);
  let beating = false;
  async function beat() {
    if (beating) return;
    beating = true;
    try {
      const answer = await heartbeat(db, runId, progress);
      if (answer.abortRequested) progress.abort = true;
      // Until the import's connection is idle: a statement that started after the last cancel is cancelled too.
      if (progress.abort) await progress.cancel?.();
    } catch (error) {
      deps.log.error(`Artikelimport ${runId}: Fortschritt nicht gespeichert: ${(error as Error).message}`);
    } finally {
      beating = false;
    }
  }

  let session: BulkSession | null = null;
  let state: 'SUCCEEDED' | 'FAILED' | 'ABORTED' = 'SUCCEEDED';
  let failure: string | null = null;
  try {
    const config = run.configId ? await findImportConfig(db, run.configId) : undefined;
    if (!config) throw new ImportFailure('Die Importkonfiguration wurde inzwischen gelöscht.');
    session = await deps.database.openBulkSession();
    const opened = session;
    if (deps.database.kind === 'postgres') {
      // Ending the import cancels the statement running on its connection (an index build, a large UPDATE).
      const backend = await opened.transaction((tx) => tx.query('SELECT pg_backend_pid() AS pid'));
      const pid = Number(backend.rows[0]?.pid);
      progress.cancel = async () => {
        await db.execute(sql`SELECT pg_cancel_backend(${pid})`);
      };
    }
    await deps.files.withLocalFile(run.filePath, async (localPath) => {
      const source = await openSheet(localPath, run.fileName, tuning.chunkRows ?? 2000);
      const started = performance.now();
      const staged = await stageFile(deps, opened, config, source, progress, READ_SHARE);
      deps.log.info(`Artikelimport ${runId}: ${staged.rowCount} Zeilen gelesen in ${seconds(started)} s`);
      if (!progress.abort) await writeCatalog(deps, opened, runId, config, staged, progress, tuning);
    });
    progress.cancel = null;
    if (progress.abort) state = 'ABORTED';
  } catch (error) {
    progress.cancel = null;
    if (progress.abort) {
      state = 'ABORTED';
    } else if (error instanceof RunStoppedError) {
      deps.log.error(`Artikelimport ${runId} wurde von außen beendet.`);
    } else {
      state = 'FAILED';
      failure =
        error instanceof ImportFailure || error instanceof WrongFormatError
          ? error.message
          : 'Beim Import ist ein unerwarteter Fehler aufgetreten.';
      deps.log.error(`Artikelimport ${runId} fehlgeschlagen: ${(error as Error).stack ?? error}`);
    }
  } finally {
    clearInterval(tick);
  }
  const final = await findRun(db, runId);
  const committed = final?.lastCommittedLine
    ? `Übernommen wurden alle Zeilen bis Zeile ${final.lastCommittedLine} (${final.createdCount} neu, ${final.updatedCount} aktualisiert, ${final.errorCount} fehlerhaft); die übrigen nicht.`
    : 'Es wurden keine Artikel übernommen.';
  const message =
    state === 'ABORTED'
      ? `Der Import wurde beendet. ${committed}`
      : state === 'FAILED'
        ? `${failure} ${committed}`
        : null;
  await finishRun(db, runId, {
    state,
    message,
    totalRows: progress.processedRows,
    processedRows: progress.processedRows,
  });
  await deps.files.remove(run.filePath).catch(() => false);
  if (session) {
    // After the run is reported: the articles are committed and searchable already (the pending lists are
    // searched too); merging only makes the search fast again.
    const merging = session;
    const merge = merging
      .transaction(async (tx) => {
        await dropStagingTable(tx);
        if (final?.lastCommittedLine) await mergeSearchIndexes(tx);
      })
      .catch((error: unknown) =>
        deps.log.error(`Artikelimport ${runId}: Suchindizes: ${(error as Error).message}`),
      )
      .finally(() => merging.release());
    if (tuning.awaitIndexMerge !== false) await merge;
  }
  return state;
}

/**
 * Matches the staged rows and writes them. PostgreSQL: all rows are matched at once (the import's own
 * connection; nobody waits), and when many articles are new or change, they are written in one transaction
 * with the indexes rebuilt. PGlite has ONE connection for everybody: a long transaction would stop every
 * other request, so there every chunk is matched and written in a transaction of its own.
 */
async function writeCatalog(
  deps: ImportRunnerDeps,
  session: BulkSession,
  runId: string,
  config: ImportConfigResponse,
  staged: StagedFile,
  progress: ImportProgress,
  tuning: ImportTuning,
): Promise<void> {
  const plan = {
    runId,
    columns: staged.columns,
    defaultUnitId: config.defaultUnitId,
    wholesalerId: config.wholesalerId,
  };
  let started = performance.now();
  if (deps.database.kind !== 'postgres') {
    await session.transaction(async (tx) => {
      await indexStagingTable(tx);
      await analyzeStagingTable(tx, staged.columns);
    });
    await writeInChunks(deps, session, plan, staged, progress, tuning, true);
    deps.log.info(`Artikelimport ${runId}: in Blöcken zugeordnet und geschrieben in ${seconds(started)} s`);
    return;
  }
  const writes = await session.transaction(async (tx) => {
    await analyzeStagingTable(tx, staged.columns);
    await matchStaged(tx, plan, null);
    const writes = await countWrites(tx, plan);
    await indexStagingTable(tx);
    return writes;
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
  await writeInChunks(deps, session, plan, staged, progress, tuning, false);
  deps.log.info(`Artikelimport ${runId}: in Blöcken geschrieben in ${seconds(started)} s`);
}

type Plan = Parameters<typeof writeStaged>[1];

/** All staged rows in ONE transaction, with the catalog's indexes rebuilt instead of maintained. */
async function writeAllAtOnce(
  session: BulkSession,
  plan: Plan,
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
 * sized to take about `targetBatchMs`.
 */
async function writeInChunks(
  deps: ImportRunnerDeps,
  session: BulkSession,
  plan: Plan,
  staged: StagedFile,
  progress: ImportProgress,
  tuning: ImportTuning,
  matchEachChunk: boolean,
): Promise<void> {
  const postgres = deps.database.kind === 'postgres';
  const targetMs = tuning.targetBatchMs ?? (postgres ? 800 : 400);
  const maxRows = tuning.maxBatchRows ?? 200_000;
  let chunkRows = tuning.initialBatchRows ?? (postgres ? 20_000 : 5_000);
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
           SELECT line FROM import_staging WHERE line > $1 ORDER BY line LIMIT $2) s`,
        [from, chunkRows],
      );
      const rows = Number(next.rows[0]?.rows ?? 0);
      const to = rows < chunkRows ? staged.lastLine : Number(next.rows[0]?.last);
      // Each chunk pairs a few thousand staged rows with the (large) catalog through its indexes; a hash
      // join would read the whole catalog for every chunk.
      await tx.query('SET LOCAL enable_hashjoin = off');
      await tx.query('SET LOCAL enable_mergejoin = off');
      // PostgreSQL: new rows go to the pending lists of the trigram (GIN) indexes, merged once at the end on
      // this connection. Not on PGlite: merging a large list there is one long statement that would stop
      // every other request; its default small lists are merged chunk by chunk.
      if (postgres) await tx.query("SET LOCAL gin_pending_list_limit = '256MB'");
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
    chunkRows = Math.round(Math.min(maxRows, Math.max(1000, chunkRows * Math.min(2, targetMs / took))));
    await tuning.afterBatch?.({ number, lastLine: to });
  }
}
