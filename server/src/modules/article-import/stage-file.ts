import { compileImportPlan, type ImportPlan } from '@portal/domain/rules/import-mapping';
import type { ImportConfigResponse } from '@portal/domain/schemas/import-config';
import type { BulkSession } from '../../db/client';
import { ImportFailure, type ImportProgress, type ImportRunnerDeps } from './import-types';
import { manufacturerResolver, unitResolver } from './name-resolver';
import type { SheetSource } from './readers/sheet-source';
import { RowPreparer } from './row-preparer';
import { copyStatements, createStagingTable, type StagedColumn, stagedColumns } from './staging';

export interface StagedFile {
  columns: StagedColumn[];
  /** Staged rows, refused ones included. */
  rowCount: number;
  /** The last row number of the file. */
  lastLine: number;
}

/** Rows sent per COPY; the next rows are read and checked while the database takes them. */
const COPY_ROWS = 20_000;

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
  let plan: ImportPlan | null = null;
  let preparer: RowPreparer | null = null;
  let columns: StagedColumn[] = [];
  let copy = { rows: '', errors: '' };
  let pending = { rows: [] as string[], errors: [] as string[] };
  let inflight: Promise<void> | null = null;
  let copyFailure: unknown = null;
  let rowCount = 0;
  let lastLine = 0;

  const flush = async () => {
    if (pending.rows.length === 0 && pending.errors.length === 0) return;
    const data = { rows: pending.rows.join(''), errors: pending.errors.join('') };
    pending = { rows: [], errors: [] };
    if (inflight) await inflight;
    if (copyFailure) throw copyFailure;
    inflight = session
      .transaction(async (tx) => {
        if (data.rows) await tx.copyFrom(copy.rows, data.rows);
        if (data.errors) await tx.copyFrom(copy.errors, data.errors);
      })
      .catch((error: unknown) => {
        copyFailure = error;
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
      columns = stagedColumns(plan.columns.map((column) => column.field));
      copy = copyStatements(columns);
      const stagedWith = columns;
      await session.transaction((tx) => createStagingTable(tx, stagedWith));
      preparer = new RowPreparer({
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
    rowCount += prepared.rows.length + prepared.errors.length;
    lastLine = Math.max(lastLine, prepared.lastLine, chunk.at(-1)?.line ?? 0);
    progress.percent = Math.floor(readShare * Math.min(1, source.progress()));
    if (pending.rows.length + pending.errors.length >= COPY_ROWS) await flush();
    if (copyFailure) throw copyFailure;
  }
  if (!plan)
    throw new ImportFailure(`Die Kopfzeile ${config.headerRowIndex} wurde in der Datei nicht gefunden.`);
  if (!progress.abort) await flush();
  if (inflight) await inflight;
  if (copyFailure) throw copyFailure;
  return { columns, rowCount, lastLine };
}
