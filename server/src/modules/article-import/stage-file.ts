import type { BulkSession } from '../../db/client';
import { nextPieceSize, PGLITE_TARGET_MS, yieldToRequests } from '../../db/pacing';
import type { RunSettings } from './catalog-config';
import type { ImportProgress, ImportRunnerDeps } from './import-types';
import { type ReaderThread, readPieces } from './stage-thread';
import {
  CATALOG_EXTRAS,
  copyStatements,
  createStagingTable,
  type StagedColumn,
  stagedColumns,
} from './staging';

export interface StagedFile {
  /** The run's staging table. */
  table: string;
  columns: StagedColumn[];
  /** Staged rows, refused ones included. */
  rowCount: number;
  /** The last row number of the file. */
  lastLine: number;
}

/** Rows sent per COPY on PostgreSQL; the worker prepares the next rows while the database takes them. */
const COPY_ROWS = 50_000;
/** Most rows per COPY piece on PGlite (its pieces are sized to take about PGLITE_TARGET_MS). */
const PGLITE_COPY_ROWS = 20_000;

/**
 * Reads the file (a large one on a worker thread, stage-thread.ts), maps and checks each row, and COPYs the rows
 * (and the refused ones, with their German reason) into the staging table. The catalog is not touched:
 * stopping here leaves it as it was.
 */
export async function stageFile(
  deps: ImportRunnerDeps,
  session: BulkSession,
  table: string,
  config: RunSettings,
  file: { runId: string; path: string; name: string; chunkRows: number; reader?: ReaderThread },
  progress: ImportProgress,
  readShare: number,
): Promise<StagedFile> {
  const pglite = deps.database.kind === 'pglite';
  let copyRows = pglite ? 1000 : COPY_ROWS;
  let columns: StagedColumn[] = [];
  let copy = { rows: '', held: '', errors: '' };
  const pending = {
    rows: [] as string[],
    held: [] as string[],
    errors: [] as string[],
    extras: [] as string[],
  };
  const pendingCount = () => pending.rows.length + pending.held.length + pending.errors.length;
  let inflight: Promise<void> | null = null;
  let copyFailure: unknown = null;
  let rowCount = 0;
  let lastLine = 0;

  /** Sends the pending rows: on PostgreSQL in one COPY, on PGlite in pieces of `copyRows` with a yield after each. */
  const flush = async () => {
    while (pendingCount() > 0) {
      const rows = pglite ? pending.rows.splice(0, copyRows) : pending.rows.splice(0);
      const held = pglite
        ? pending.held.splice(0, Math.max(0, copyRows - rows.length))
        : pending.held.splice(0);
      const errors = pglite
        ? pending.errors.splice(0, Math.max(0, copyRows - rows.length - held.length))
        : pending.errors.splice(0);
      await send(rows, held, errors, pending.extras.splice(0));
    }
  };
  const send = async (rows: string[], held: string[], errors: string[], extras: string[]) => {
    const data = {
      rows: rows.join(''),
      held: held.join(''),
      errors: errors.join(''),
      // The catalog's classes and references by line, for the run (its id leads each line).
      extras: extras.map((line) => `${file.runId}\t${line}`).join(''),
    };
    if (inflight) await inflight;
    if (copyFailure) throw copyFailure;
    inflight = session
      .transaction(async (tx) => {
        const started = performance.now();
        if (data.rows) await tx.copyFrom(copy.rows, data.rows);
        if (data.held) await tx.copyFrom(copy.held, data.held);
        if (data.errors) await tx.copyFrom(copy.errors, data.errors);
        if (data.extras)
          await tx.copyFrom(`COPY ${CATALOG_EXTRAS} (run_id, line, classes, refs) FROM STDIN`, data.extras);
        if (pglite) {
          const took = Math.max(1, performance.now() - started);
          const sent = Math.max(1, rows.length + held.length + errors.length);
          copyRows = nextPieceSize(sent, took, {
            targetMs: PGLITE_TARGET_MS,
            min: 100,
            max: PGLITE_COPY_ROWS,
          });
        }
      })
      .catch((error: unknown) => {
        copyFailure = error;
      });
    if (pglite) {
      await inflight;
      await yieldToRequests();
    }
  };

  const pieces = readPieces(
    deps.database.db,
    {
      path: file.path,
      fileName: file.name,
      chunkRows: file.chunkRows,
      catalog: config.catalogFormat,
      config: {
        headerRowIndex: config.headerRowIndex,
        fieldMapping: config.fieldMapping.map(({ importHeader, articleField }) => ({
          importHeader,
          articleField,
        })),
        units: {
          unitWidth: config.unitWidth,
          unitHeight: config.unitHeight,
          unitDepth: config.unitDepth,
          unitWeight: config.unitWeight,
        },
        manufacturerId: config.manufacturerId,
      },
    },
    file.reader,
  );
  for await (const piece of pieces) {
    if (progress.abort) break;
    if (piece.kind === 'header') {
      columns = stagedColumns(piece.fields);
      copy = copyStatements(table, columns);
      const stagedWith = columns;
      await session.transaction((tx) => createStagingTable(tx, table, stagedWith, { indexed: pglite }));
      continue;
    }
    progress.processedRows += piece.read;
    pending.rows.push(...piece.rows);
    pending.held.push(...piece.held);
    pending.errors.push(...piece.errors);
    if (piece.extras) pending.extras.push(...piece.extras);
    rowCount += piece.rows.length + piece.held.length + piece.errors.length;
    lastLine = Math.max(lastLine, piece.lastLine);
    if (pendingCount() >= copyRows) await flush();
    else if (pglite) await yieldToRequests();
    if (copyFailure) throw copyFailure;
    progress.percent = Math.floor(readShare * Math.min(1, piece.progress));
  }
  if (!progress.abort) await flush();
  if (inflight) await inflight;
  if (copyFailure) throw copyFailure;
  return { table, columns, rowCount, lastLine };
}
