import { compileImportPlan, type ImportPlan } from '@portal/domain/rules/import-mapping';
import type { ImportConfigResponse } from '@portal/domain/schemas/import-config';
import type { BulkSession } from '../../db/client';
import { yieldToRequests } from '../../db/pacing';
import type { SheetSource } from '../../files/sheets/sheet-source';
import { ImportFailure, type ImportProgress, type ImportRunnerDeps } from './import-types';
import { manufacturerResolver, unitResolver } from './name-resolver';
import { nextPieceSize, PGLITE_TARGET_MS } from './pacing';
import { RowPreparer } from './row-preparer';
import { copyStatements, createStagingTable, type StagedColumn, stagedColumns } from './staging';

export interface StagedFile {
  /** The run's staging table. */
  table: string;
  columns: StagedColumn[];
  /** Staged rows, refused ones included. */
  rowCount: number;
  /** The last row number of the file. */
  lastLine: number;
}

/** Rows sent per COPY on PostgreSQL; the next rows are read and checked while the database takes them. */
const COPY_ROWS = 20_000;
/** Rows checked in Node between two turns of the event loop on PGlite. */
const PGLITE_PREPARE_ROWS = 250;

/**
 * Reads the file, maps and checks each row and COPYs the rows (and the refused ones, with their German
 * reason) into the staging table. The catalog is not touched: stopping here leaves it as it was.
 */
export async function stageFile(
  deps: ImportRunnerDeps,
  session: BulkSession,
  table: string,
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
  let copy = { rows: '', held: '', errors: '' };
  const pending = { rows: [] as string[], held: [] as string[], errors: [] as string[] };
  const pendingCount = () => pending.rows.length + pending.held.length + pending.errors.length;
  let inflight: Promise<void> | null = null;
  let copyFailure: unknown = null;
  let rowCount = 0;
  let lastLine = 0;
  /** Lines seen before the header row was found (for the message when it never is). */
  let fileLines = 0;

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
      await send(rows, held, errors);
    }
  };
  const send = async (rows: string[], held: string[], errors: string[]) => {
    const data = { rows: rows.join(''), held: held.join(''), errors: errors.join('') };
    if (inflight) await inflight;
    if (copyFailure) throw copyFailure;
    inflight = session
      .transaction(async (tx) => {
        const started = performance.now();
        if (data.rows) await tx.copyFrom(copy.rows, data.rows);
        if (data.held) await tx.copyFrom(copy.held, data.held);
        if (data.errors) await tx.copyFrom(copy.errors, data.errors);
        if (pglite) {
          const took = Math.max(1, performance.now() - started);
          const sent = Math.max(1, rows.length + held.length + errors.length);
          copyRows = nextPieceSize(sent, took, { targetMs: PGLITE_TARGET_MS, min: 100, max: COPY_ROWS });
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
      copy = copyStatements(table, columns);
      const stagedWith = columns;
      await session.transaction((tx) => createStagingTable(tx, table, stagedWith, { indexed: pglite }));
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
      pending.held.push(...prepared.held);
      pending.errors.push(...prepared.errors);
      rowCount += prepared.rows.length + prepared.held.length + prepared.errors.length;
      lastLine = Math.max(lastLine, prepared.lastLine);
      if (pendingCount() >= copyRows) await flush();
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
  return { table, columns, rowCount, lastLine };
}
