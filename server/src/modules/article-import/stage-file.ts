import { compileImportPlan, type ImportPlan } from '@portal/domain/rules/import-mapping';
import type { ImportConfigResponse } from '@portal/domain/schemas/import-config';
import type { BulkSession } from '../../db/client';
import { ImportFailure, type ImportProgress, type ImportRunnerDeps } from './import-types';
import { manufacturerResolver, unitResolver } from './name-resolver';
import type { SheetSource } from './readers/sheet-source';
import { RowPreparer } from './row-preparer';
import {
  copyStatements,
  createStagingTable,
  type StagedColumn,
  stagedColumns,
  yieldToRequests,
} from './staging';

export interface StagedFile {
  columns: StagedColumn[];
  /** Staged rows, refused ones included. */
  rowCount: number;
  /** The last row number of the file. */
  lastLine: number;
}

/** Rows sent per COPY on PostgreSQL; the next rows are read and checked while the database takes them. */
const COPY_ROWS = 20_000;
/**
 * PGlite runs in the server's event loop: each COPY is one statement that stops every other request, so
 * its size follows the measured time (ARCHITECTURE §3a: no request waits more than ~100 ms).
 */
const PGLITE_COPY_MS = 40;
/** Rows checked in Node between two turns of the event loop on PGlite. */
const PGLITE_PREPARE_ROWS = 250;

/**
 * Reads the file, maps and checks each row and COPYs the rows (and the refused ones, with their German
 * reason) into the staging table. The catalog is not touched: stopping here leaves it as it was.
 */
export async function stageFile(
  deps: ImportRunnerDeps,
  session: BulkSession,
  config: ImportConfigResponse,
  source: SheetSource,
  progress: ImportProgress,
  readShare: number,
): Promise<StagedFile> {
  const { db } = deps.database;
  const pglite = deps.database.kind === 'pglite';
  let copyRows = pglite ? 1000 : COPY_ROWS;
  let plan: ImportPlan | null = null;
  let preparer: RowPreparer | null = null;
  let columns: StagedColumn[] = [];
  let copy = { rows: '', errors: '' };
  const pending = { rows: [] as string[], errors: [] as string[] };
  let inflight: Promise<void> | null = null;
  let copyFailure: unknown = null;
  let rowCount = 0;
  let lastLine = 0;
  /** Lines seen before the header row was found (for the message when it never is). */
  let fileLines = 0;

  /** Sends the pending rows: on PostgreSQL in one COPY, on PGlite in pieces of `copyRows` with a yield after each. */
  const flush = async () => {
    while (pending.rows.length > 0 || pending.errors.length > 0) {
      const rows = pglite ? pending.rows.splice(0, copyRows) : pending.rows.splice(0);
      const errors = pglite
        ? pending.errors.splice(0, Math.max(0, copyRows - rows.length))
        : pending.errors.splice(0);
      await send(rows, errors);
    }
  };
  const send = async (rows: string[], errors: string[]) => {
    const data = { rows: rows.join(''), errors: errors.join('') };
    if (inflight) await inflight;
    if (copyFailure) throw copyFailure;
    inflight = session
      .transaction(async (tx) => {
        const started = performance.now();
        if (data.rows) await tx.copyFrom(copy.rows, data.rows);
        if (data.errors) await tx.copyFrom(copy.errors, data.errors);
        if (pglite) {
          const took = Math.max(1, performance.now() - started);
          const sent = Math.max(1, rows.length + errors.length);
          copyRows = Math.round(
            Math.min(COPY_ROWS, Math.max(100, sent * Math.min(2, PGLITE_COPY_MS / took))),
          );
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

  for await (const chunk of source.chunks()) {
    if (progress.abort) break;
    let rows = chunk;
    if (!plan) {
      const header = chunk.find((row) => row.line === config.headerRowIndex);
      fileLines = Math.max(fileLines, chunk.at(-1)?.line ?? 0);
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
      columns = stagedColumns(plan.columns.map((column) => column.field));
      copy = copyStatements(columns);
      const stagedWith = columns;
      await session.transaction((tx) => createStagingTable(tx, stagedWith, { indexed: pglite }));
      preparer = new RowPreparer({
        plan,
        columns,
        manufacturers: manufacturerResolver(db),
        units: unitResolver(db),
        defaultManufacturerId: config.manufacturerId,
      });
      rows = chunk.filter((row) => row.line > config.headerRowIndex);
    }
    // PGlite: checked in pieces with a turn of the event loop between them (the server's only thread).
    const piece = pglite ? PGLITE_PREPARE_ROWS : rows.length;
    for (let start = 0; start < rows.length; start += piece) {
      const part = piece >= rows.length ? rows : rows.slice(start, start + piece);
      progress.processedRows += part.length;
      const prepared = await preparer!.prepare(part);
      pending.rows.push(...prepared.rows);
      pending.errors.push(...prepared.errors);
      rowCount += prepared.rows.length + prepared.errors.length;
      lastLine = Math.max(lastLine, prepared.lastLine);
      if (pending.rows.length + pending.errors.length >= copyRows) await flush();
      else if (pglite) await yieldToRequests();
      if (copyFailure) throw copyFailure;
      if (progress.abort) break;
    }
    lastLine = Math.max(lastLine, chunk.at(-1)?.line ?? 0);
    progress.percent = Math.floor(readShare * Math.min(1, source.progress()));
  }
  if (!plan && !progress.abort) {
    throw new ImportFailure(
      fileLines === 0
        ? 'Die Datei ist leer.'
        : `Die Kopfzeile ${config.headerRowIndex} liegt hinter dem Ende der Datei: Die Datei hat nur ${fileLines} ${fileLines === 1 ? 'Zeile' : 'Zeilen'}.`,
    );
  }
  if (!progress.abort) await flush();
  if (inflight) await inflight;
  if (copyFailure) throw copyFailure;
  return { columns, rowCount, lastLine };
}
