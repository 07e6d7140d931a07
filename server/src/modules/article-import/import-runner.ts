import type { BulkSession } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/connection-errors';
import type { StoredImportPreview } from '../../db/schema';
import { WrongFormatError } from '../../files/sheets/open-sheet';
import { runSettings } from './catalog-config';
import { applyCatalogExtras, dropCatalogExtras } from './catalog-extras';
import { RunStoppedError } from './catalog-merge';
import { previewStagedFile } from './import-preview';
import {
  cancelBackendStatement,
  claimRun,
  findRun,
  finishRun,
  heartbeat,
  holdForPreview,
  type ImportRunRow,
} from './import-run.repository';
import { ImportFailure, type ImportProgress, type ImportRunnerDeps, type ImportTuning } from './import-types';
import { mergeSearchIndexes } from './index-rebuild';
import { type StagedFile, stageFile } from './stage-file';
import {
  dropOtherStagingTables,
  dropStagingTable,
  stagedColumns,
  stagingTable,
  stagingTableExists,
} from './staging';
import { buildMergePlan, READ_SHARE, seconds, writeCatalog } from './write-catalog';

export type { ImportRunnerDeps, ImportTuning } from './import-types';

/**
 * A run that succeeded but took nothing over says why (shown as a warning, not as "Abgeschlossen").
 */
function successWarning(
  stagedRows: number | null,
  run: { createdCount: number; updatedCount: number; unchangedCount: number; errorCount: number } | undefined,
): string | null {
  if (stagedRows === 0) return 'Die Datei enthält keine Datenzeilen.';
  if (run && run.errorCount > 0 && run.createdCount + run.updatedCount + run.unchangedCount === 0) {
    return `Es wurde kein Artikel übernommen: Alle ${run.errorCount} Datenzeilen sind fehlerhaft. Die Gründe stehen im Fehlerbericht.`;
  }
  return null;
}

/**
 * What a job does with its run: `import` reads the file and writes it (preview=false);
 * `preview` reads it and stops in state PREVIEW with what writing would do; `write` writes a run whose
 * preview was confirmed ("Übernehmen") from the rows read then.
 */
export type ImportPhase = 'import' | 'preview' | 'write';

/** The import's own connection ended under it (database restarted, backend terminated). */
const CONNECTION_LOST =
  'Die Verbindung zur Datenbank wurde während des Imports unterbrochen. Bitte starten Sie den Import erneut.';

/** The staged file of a run confirmed after its preview; refused when its rows are gone. */
async function restoreStagedFile(
  session: BulkSession,
  run: ImportRunRow,
  table: string,
): Promise<StagedFile> {
  const stored = run.preview;
  const present = await session.transaction(async (tx) => {
    if (!(await stagingTableExists(tx, table))) return false;
    if (!stored || stored.rowCount === 0) return true;
    // An UNLOGGED table is emptied when the database server crashes.
    const rows = await tx.query(`SELECT EXISTS (SELECT 1 FROM ${table}) AS filled`);
    return rows.rows[0]?.filled === true;
  });
  if (!stored || !present) {
    throw new ImportFailure(
      'Die gelesenen Zeilen dieses Imports sind nicht mehr vorhanden (die Datenbank wurde inzwischen neu gestartet). Bitte starten Sie den Import erneut.',
    );
  }
  return {
    table,
    columns: stagedColumns(stored.fields),
    rowCount: stored.rowCount,
    lastLine: stored.lastLine,
  };
}

/**
 * Runs one article import (the background job's work), see README "Artikelimport":
 * 1. the file is read as a stream, rows are mapped and checked in Node and COPYed into a staging table
 *    (the catalog is untouched until the whole file is read);
 * 2. the staged rows are matched to the catalog with a few set-based statements and written either chunk by
 *    chunk (each chunk one transaction that also updates the run's counters: an abort or a crash leaves
 *    exactly the committed chunks) or — on PostgreSQL, when they are many compared with the catalog — in ONE
 *    transaction that rebuilds the catalog's indexes instead of maintaining them row by row (all or nothing).
 * With a preview the first job stops after step 1 and the matching of step 2, in state
 * PREVIEW with the counts of what writing would do; the staging table stays until "Übernehmen" queues the
 * `write` phase or the preview is discarded.
 * Returns the final state (PREVIEW for a run now waiting), or null when the run was no longer queued.
 */
export async function runArticleImport(
  deps: ImportRunnerDeps,
  runId: string,
  tuning: ImportTuning = {},
  phase: ImportPhase = 'import',
) {
  const { db } = deps.database;
  const run = await claimRun(db, runId);
  if (!run) return null;
  const writing = phase === 'write';
  const progress: ImportProgress = {
    processedRows: writing ? run.processedRows : 0,
    percent: writing ? run.percent : 0,
    abort: false,
    cancel: null,
  };
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
  let stagedRows: number | null = null;
  let preview: StoredImportPreview | null = null;
  let connectionLost = false;
  const table = stagingTable(runId);
  try {
    const config = await runSettings(db, run);
    if (!config) throw new ImportFailure('Die Importkonfiguration wurde inzwischen gelöscht.');
    session = await deps.database.openBulkSession();
    const opened = session;
    const applyExtras = async (lastLine: number) => {
      const started = performance.now();
      await applyCatalogExtras(opened, runId, table, lastLine, {
        pglite: deps.database.kind === 'pglite',
        progress,
      });
      deps.log.info(`Artikelimport ${runId}: Klassen und Verweise in ${seconds(started)} s`);
    };
    if (deps.database.kind === 'postgres') {
      // Ending the import cancels the statement running on its connection (an index build, a large UPDATE).
      const backend = await opened.transaction((tx) => tx.query('SELECT pg_backend_pid() AS pid'));
      const pid = Number(backend.rows[0]?.pid);
      progress.cancel = async () => {
        await cancelBackendStatement(db, pid);
      };
    }
    if (writing) {
      const staged = await restoreStagedFile(opened, run, table);
      stagedRows = staged.rowCount;
      await writeCatalog(deps, opened, runId, run.fileName, config, staged, progress, tuning);
      if (config.catalogFormat) await applyExtras(staged.lastLine);
    } else {
      await opened.transaction(async (tx) => {
        await dropOtherStagingTables(tx, table);
        await dropCatalogExtras(tx, runId, true);
      });
      await deps.files.withLocalFile(run.filePath, async (localPath) => {
        let started = performance.now();
        const file = {
          runId,
          path: localPath,
          name: run.fileName,
          chunkRows: tuning.chunkRows ?? 2000,
          reader: { fromBytes: tuning.readInWorkerFromBytes, heapMb: tuning.readerHeapMb },
        };
        const staged = await stageFile(deps, opened, table, config, file, progress, READ_SHARE);
        deps.log.info(`Artikelimport ${runId}: ${staged.rowCount} Zeilen gelesen in ${seconds(started)} s`);
        stagedRows = staged.rowCount;
        if (progress.abort) return;
        if (phase === 'preview') {
          started = performance.now();
          const plan = await buildMergePlan(opened, runId, run.fileName, config, staged);
          preview = await previewStagedFile(deps.database.kind, opened, plan, staged, progress);
          deps.log.info(`Artikelimport ${runId}: Vorschau gezählt in ${seconds(started)} s`);
        } else {
          await writeCatalog(deps, opened, runId, run.fileName, config, staged, progress, tuning);
          if (config.catalogFormat) await applyExtras(staged.lastLine);
        }
      });
    }
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
      connectionLost = isDatabaseUnavailable(error);
      failure =
        error instanceof ImportFailure || error instanceof WrongFormatError
          ? error.message
          : connectionLost
            ? CONNECTION_LOST
            : 'Beim Import ist ein unerwarteter Fehler aufgetreten.';
      deps.log.error(`Artikelimport ${runId} fehlgeschlagen: ${(error as Error).stack ?? error}`);
    }
  } finally {
    clearInterval(tick);
  }
  if (state === 'SUCCEEDED' && preview) {
    const values = { preview, processedRows: progress.processedRows, percent: READ_SHARE };
    if (await holdForPreview(db, runId, values)) {
      // The rows are in the staging table now; the file is not needed any more.
      await deps.files.remove(run.filePath).catch(() => false);
      await session?.release();
      return 'PREVIEW' as const;
    }
    state = 'ABORTED';
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
        : successWarning(stagedRows, final);
  await finishRun(db, runId, {
    state,
    message,
    totalRows: progress.processedRows,
    processedRows: progress.processedRows,
  });
  await deps.files.remove(run.filePath).catch(() => false);
  if (session && connectionLost) {
    // The staging table outlives the connection that made it: a new one drops it and merges the indexes
    // (none when the database is still away; the next import or the restart's recovery drops it then).
    await session.release().catch(() => {});
    session = await deps.database.openBulkSession().catch(() => null);
  }
  if (session) {
    // After the run is reported: the articles are committed and searchable already (the pending lists are
    // searched too); merging only makes the search fast again.
    const merging = session;
    const merge = merging
      .transaction(async (tx) => {
        await dropStagingTable(tx, table);
        await dropCatalogExtras(tx, runId);
      })
      .then(async () => {
        if (final?.lastCommittedLine) await mergeSearchIndexes(merging, deps.database.kind === 'pglite');
      })
      .catch((error: unknown) =>
        deps.log.error(`Artikelimport ${runId}: Suchindizes: ${(error as Error).message}`),
      )
      .finally(() => merging.release());
    if (tuning.awaitIndexMerge !== false) await merge;
  }
  return state;
}
