import { compileImportPlan, type ImportPlan } from '@portal/domain/rules/import-mapping';
import type { ImportConfigResponse } from '@portal/domain/schemas/import-config';
import type { BulkSession, Database } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import type { JobLog } from '../../jobs/queue';
import { findImportConfig } from '../import-config/import-config.repository';
import {
  type BatchData,
  type BatchPlan,
  createStagingTable,
  dropStagingTable,
  hasAlternativeNumbers,
  mergeSearchIndexes,
  RunStoppedError,
  stagedColumns,
  writeBatch,
} from './batch-writer';
import { claimRun, findRun, finishRun, heartbeat } from './import-run.repository';
import { manufacturerResolver, unitResolver } from './name-resolver';
import { openSheet, WrongFormatError } from './readers/open-sheet';
import type { SheetSource } from './readers/sheet-source';
import { RowPreparer } from './row-preparer';

export interface ImportRunnerDeps {
  database: Database;
  files: FileStorage;
  log: JobLog;
}

/** Knobs for tests and the bench; production uses the defaults. */
export interface ImportTuning {
  /** Rows of the first batch; later batches are sized to take about `targetBatchMs`. */
  initialBatchRows?: number;
  targetBatchMs?: number;
  maxBatchRows?: number;
  /** Rows read from the file at a time; a batch is one or more such chunks. */
  chunkRows?: number;
  /** Heartbeat and abort check interval (SPEC: progress at least once a second). */
  tickMs?: number;
  /** false: return as soon as the run is reported, while the search indexes are still merged. */
  awaitIndexMerge?: boolean;
  /** Awaited after every committed batch (tests stop or kill the import mid-way here). */
  afterBatch?: (batch: { number: number; lastLine: number }) => Promise<void> | void;
}

/** A reason the whole import cannot go on, in German for the progress display. */
class ImportFailure extends Error {}

const percentOf = (fraction: number) => Math.max(0, Math.min(99, Math.floor(fraction * 100)));

/**
 * Runs one article import (the background job's work). The file is read as a stream; rows are mapped,
 * checked and staged in batches, and every batch commits on its own (see README "Artikelimport"): an abort
 * or a crash leaves the catalog with exactly the committed batches, which the run's counters report.
 * Returns the final state, or null when the run was no longer queued.
 */
export async function runArticleImport(deps: ImportRunnerDeps, runId: string, tuning: ImportTuning = {}) {
  const { db } = deps.database;
  const run = await claimRun(db, runId);
  if (!run) return null;
  const progress = { processedRows: 0, abort: false };
  const tick = setInterval(() => void beat(), tuning.tickMs ?? 500);
  let beating = false;
  async function beat() {
    if (beating) return;
    beating = true;
    try {
      const answer = await heartbeat(db, runId, progress);
      if (answer.abortRequested) progress.abort = true;
    } catch (error) {
      deps.log.error(`Artikelimport ${runId}: Fortschritt nicht gespeichert: ${(error as Error).message}`);
    } finally {
      beating = false;
    }
  }

  let session: BulkSession | null = null;
  let state: 'SUCCEEDED' | 'FAILED' | 'ABORTED' = 'SUCCEEDED';
  let failure: string | null = null;
  let totalRows = 0;
  try {
    const config = run.configId ? await findImportConfig(db, run.configId) : undefined;
    if (!config) throw new ImportFailure('Die Importkonfiguration wurde inzwischen gelöscht.');
    session = await deps.database.openBulkSession();
    const opened = session;
    totalRows = await deps.files.withLocalFile(run.filePath, async (localPath) =>
      importFile(
        deps,
        opened,
        runId,
        config,
        await openSheet(localPath, run.fileName, tuning.chunkRows ?? 2000),
        progress,
        tuning,
      ),
    );
    if (progress.abort) state = 'ABORTED';
  } catch (error) {
    if (error instanceof RunStoppedError) {
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
  await finishRun(db, runId, { state, message, totalRows, processedRows: progress.processedRows });
  await deps.files.remove(run.filePath).catch(() => false);
  if (session) {
    // After the run is reported: the articles are committed and searchable already (the pending lists are
    // searched too); merging only makes the search fast again.
    const merging = session;
    const merge = merging
      .transaction(async (tx) => {
        await dropStagingTable(tx);
        await mergeSearchIndexes(tx);
      })
      .catch((error: unknown) =>
        deps.log.error(`Artikelimport ${runId}: Suchindizes: ${(error as Error).message}`),
      )
      .finally(() => merging.release());
    if (tuning.awaitIndexMerge !== false) await merge;
  }
  return state;
}

/** Reads the file and writes it batch by batch; returns the number of data rows read. */
async function importFile(
  deps: ImportRunnerDeps,
  session: BulkSession,
  runId: string,
  config: ImportConfigResponse,
  source: SheetSource,
  progress: { processedRows: number; abort: boolean },
  tuning: ImportTuning,
): Promise<number> {
  const { db } = deps.database;
  const postgres = deps.database.kind === 'postgres';
  const targetMs = tuning.targetBatchMs ?? (postgres ? 800 : 400);
  const maxRows = tuning.maxBatchRows ?? 200_000;
  let batchRows = tuning.initialBatchRows ?? (postgres ? 20_000 : 5_000);
  let plan: ImportPlan | null = null;
  let preparer: RowPreparer | null = null;
  let batchPlan: BatchPlan | null = null;
  let pending = { rows: [] as string[], errors: [] as string[], lastLine: 0 };
  let inflight: Promise<void> | null = null;
  let writeFailure: unknown = null;
  let batchNumber = 0;

  const flush = async () => {
    if (!batchPlan || (pending.rows.length === 0 && pending.errors.length === 0)) return;
    const data: BatchData = {
      rows: pending.rows.join(''),
      rowCount: pending.rows.length,
      errors: pending.errors.join(''),
      errorCount: pending.errors.length,
      lastLine: pending.lastLine,
      processedRows: progress.processedRows,
      percent: percentOf(source.progress()),
    };
    pending = { rows: [], errors: [], lastLine: pending.lastLine };
    if (inflight) await inflight;
    if (writeFailure) throw writeFailure;
    if (progress.abort) return;
    const plannedBatch = batchPlan;
    inflight = (async () => {
      const started = performance.now();
      const written = await session.transaction((tx) => writeBatch(tx, plannedBatch, data));
      if (written.abortRequested) progress.abort = true;
      const took = Math.max(1, performance.now() - started);
      batchRows = Math.round(Math.min(maxRows, Math.max(1000, batchRows * Math.min(2, targetMs / took))));
      batchNumber++;
      await tuning.afterBatch?.({ number: batchNumber, lastLine: data.lastLine });
    })().catch((error: unknown) => {
      writeFailure = error;
    });
  };

  for await (const chunk of source.chunks()) {
    if (progress.abort) break;
    let rows = chunk;
    if (!plan) {
      const header = chunk.find((row) => row.line === config.headerRowIndex);
      if (!header && (chunk.at(-1)?.line ?? 0) < config.headerRowIndex) continue;
      const compiled = compileImportPlan(header?.cells ?? [], config.fieldMapping, config);
      if (!compiled.ok) {
        const list = compiled.missingHeaders.map((name) => `„${name}“`).join(', ');
        throw new ImportFailure(
          `Die Datei passt nicht zur Importkonfiguration: In Zeile ${config.headerRowIndex} fehlt ${
            compiled.missingHeaders.length === 1 ? 'die Spalte' : 'die Spalten'
          } ${list}.`,
        );
      }
      plan = compiled.plan;
      const columns = stagedColumns(plan.columns.map((column) => column.field));
      batchPlan = {
        runId,
        columns,
        defaultUnitId: config.defaultUnitId,
        wholesalerId: config.wholesalerId,
        alternatives: await session.transaction(async (tx) => {
          await createStagingTable(tx, columns);
          return hasAlternativeNumbers(tx);
        }),
      };
      preparer = new RowPreparer({
        runId,
        plan,
        columns,
        manufacturers: manufacturerResolver(db),
        units: unitResolver(db),
        defaultManufacturerId: config.manufacturerId,
      });
      rows = chunk.filter((row) => row.line > config.headerRowIndex);
    }
    progress.processedRows += rows.length;
    const prepared = await preparer!.prepare(rows);
    pending.rows.push(...prepared.rows);
    pending.errors.push(...prepared.errors);
    pending.lastLine = Math.max(pending.lastLine, prepared.lastLine);
    if (pending.rows.length + pending.errors.length >= batchRows) await flush();
    if (writeFailure) throw writeFailure;
  }
  if (!plan)
    throw new ImportFailure(`Die Kopfzeile ${config.headerRowIndex} wurde in der Datei nicht gefunden.`);
  if (!progress.abort) await flush();
  if (inflight) await inflight;
  if (writeFailure) throw writeFailure;
  return progress.processedRows;
}
