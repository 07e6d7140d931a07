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
import { dropStagingTable, indexStagingTable } from './staging';

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
 * 1. the file is read as a stream, rows are mapped and checked in Node and COPYed into a staging table;
 * 2. the staged rows are matched to the catalog with a few set-based statements;
 * 3. they are written either chunk by chunk (each chunk one transaction that also updates the run's
 *    counters: an abort or a crash leaves exactly the committed chunks) or — when they are many compared with
 *    the catalog — in ONE transaction that rebuilds the catalog's indexes instead of maintaining them row by
 *    row (all or nothing).
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
      if (answer.abortRequested && !progress.abort) {
        progress.abort = true;
        await progress.cancel?.();
      }
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
    await deps.files.withLocalFile(run.filePath, async (localPath) => {
      const source = await openSheet(localPath, run.fileName, tuning.chunkRows ?? 2000);
      const started = performance.now();
      const staged = await stageFile(deps, opened, config, source, progress, READ_SHARE);
      deps.log.info(
        `Artikelimport ${runId}: ${staged.rowCount} Zeilen gelesen in ${seconds(started)} s`,
      );
      if (!progress.abort) await writeCatalog(deps, opened, runId, config, staged, progress, tuning);
    });
    if (progress.abort) state = 'ABORTED';
  } catch (error) {
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

/** Matches the staged rows and writes them, in one transaction or chunk by chunk. */
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
  const writes = await session.transaction(async (tx) => {
    await indexStagingTable(tx, staged.columns);
    await matchStaged(tx, plan);
    return countWrites(tx, plan);
  });
  deps.log.info(
    `Artikelimport ${runId}: zugeordnet in ${seconds(started)} s (${writes.fresh} neu, ${writes.changed} geändert, Katalog ${writes.catalog})`,
  );
  started = performance.now();
  progress.percent = MATCH_DONE;
  if (progress.abort) return;
  const written = writes.fresh + writes.changed;
  // Rebuilding costs about a quarter of maintaining the indexes per written row, but over the whole catalog.
  const rebuild =
    written >= (tuning.rebuildThresholdRows ?? 100_000) && written * 4 >= writes.catalog + writes.fresh;
  if (rebuild) {
    try {
      await writeAllAtOnce(deps, session, plan, staged, progress, tuning);
      deps.log.info(`Artikelimport ${runId}: in einer Transaktion geschrieben in ${seconds(started)} s`);
      return;
    } catch (error) {
      if (!(error instanceof CatalogBusyError)) throw error;
      deps.log.info(`Artikelimport ${runId}: Katalog gesperrt, es wird in Blöcken geschrieben.`);
    }
  }
  await writeInChunks(deps, session, plan, staged, progress, tuning);
  deps.log.info(`Artikelimport ${runId}: in Blöcken geschrieben in ${seconds(started)} s`);
}

type Plan = Parameters<typeof writeStaged>[1];

/** All staged rows in ONE transaction, with the catalog's indexes rebuilt instead of maintained. */
async function writeAllAtOnce(
  deps: ImportRunnerDeps,
  session: BulkSession,
  plan: Plan,
  staged: StagedFile,
  progress: ImportProgress,
  tuning: ImportTuning,
): Promise<void> {
  const postgres = deps.database.kind === 'postgres';
  const checkAbort = () => {
    if (progress.abort) throw new AbortedError();
  };
  await session.transaction(async (tx) => {
    if (postgres) {
      // Ending the import cancels the running statement (an index build may take seconds).
      const pid = Number((await tx.query('SELECT pg_backend_pid() AS pid')).rows[0]?.pid);
      progress.cancel = async () => {
        await deps.database.db.execute(sql`SELECT pg_cancel_backend(${pid})`);
      };
    }
    try {
      const result = await withIndexesRebuilt(
        tx,
        {
          lockTimeoutMs: tuning.lockTimeoutMs ?? 5000,
          maintenanceWorkMem: postgres ? '256MB' : undefined,
          checkAbort,
          onStep: (share) => {
            progress.percent = percentOf(70 + 29 * share);
          },
        },
        async () => {
          const result = await writeStaged(tx, plan, null);
          progress.percent = 70;
          return result;
        },
      );
      checkAbort();
      const answer = await recordWritten(tx, plan.runId, result, {
        lastLine: staged.lastLine,
        processedRows: progress.processedRows,
        percent: 99,
      });
      if (answer.abortRequested) throw new AbortedError();
    } finally {
      progress.cancel = null;
    }
  });
  await tuning.afterBatch?.({ number: 1, lastLine: staged.lastLine });
}

/** Chunks of staged rows in file order, each its own transaction, sized to take about `targetBatchMs`. */
async function writeInChunks(
  deps: ImportRunnerDeps,
  session: BulkSession,
  plan: Plan,
  staged: StagedFile,
  progress: ImportProgress,
  tuning: ImportTuning,
): Promise<void> {
  const postgres = deps.database.kind === 'postgres';
  const targetMs = tuning.targetBatchMs ?? (postgres ? 800 : 400);
  const maxRows = tuning.maxBatchRows ?? 200_000;
  let chunkRows = tuning.initialBatchRows ?? (postgres ? 20_000 : 5_000);
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
      // New rows go to the pending lists of the trigram (GIN) indexes, merged once at the end.
      await tx.query("SET LOCAL gin_pending_list_limit = '256MB'");
      const result = await writeStaged(tx, plan, { from, to });
      const percent = percentOf(MATCH_DONE + (49 * (done + rows)) / Math.max(1, staged.rowCount));
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
    progress.percent = percentOf(MATCH_DONE + (49 * done) / Math.max(1, staged.rowCount));
    const took = Math.max(1, performance.now() - started);
    chunkRows = Math.round(Math.min(maxRows, Math.max(1000, chunkRows * Math.min(2, targetMs / took))));
    await tuning.afterBatch?.({ number, lastLine: to });
  }
}
