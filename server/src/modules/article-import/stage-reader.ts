import { compileImportPlan, type ImportField } from '@portal/domain/rules/import-mapping';
import { openSheet } from '../../files/sheets/open-sheet';
import { ImportFailure } from './import-types';
import { NameResolver } from './name-resolver';
import { RowPreparer, stagedFields } from './row-preparer';
import type { NamesKind, StagedPiece, StageJob } from './stage-thread';

/** What reading yields: the mapped fields of the header row once, then the prepared rows piece by piece. */
export type ReadPiece = { kind: 'header'; fields: ImportField[] } | ({ kind: 'rows' } & StagedPiece);

/**
 * Reads the file of `job`, finds its header row, maps and checks each row (RowPreparer) and yields the COPY
 * text of the rows in file order. Names are resolved through `lookup` (a query in the server's thread, a
 * message to it from the worker thread). Throws ImportFailure when the file does not fit the configuration.
 */
export async function* readStagedPieces(
  job: Omit<StageJob, 'credits'>,
  lookup: (names: NamesKind, keys: string[]) => Promise<{ key: string; id: string }[]>,
): AsyncGenerator<ReadPiece> {
  const { config, catalog } = job;
  if (catalog) {
    // Loaded for catalog files only: the reading of spreadsheets (and its worker thread) starts without them.
    const { readCatalogPieces } = await import('./stage-catalog');
    yield* readCatalogPieces({ ...job, catalog }, lookup);
    return;
  }
  const source = await openSheet(job.path, job.fileName, { chunkRows: job.chunkRows });
  let preparer: RowPreparer | null = null;
  /** Lines seen before the header row was found (for the message when it never is). */
  let fileLines = 0;
  let lastLine = 0;
  for await (const chunk of source.chunks()) {
    let rows = chunk;
    if (!preparer) {
      const header = chunk.find((row) => row.line === config.headerRowIndex);
      fileLines = Math.max(fileLines, chunk.at(-1)?.line ?? 0);
      if (!header && (chunk.at(-1)?.line ?? 0) < config.headerRowIndex) continue;
      const compiled = compileImportPlan(header?.cells ?? [], config.fieldMapping, config.units);
      if (!compiled.ok) {
        const list = compiled.missingHeaders.map((name) => `„${name}“`).join(', ');
        throw new ImportFailure(
          `Die Datei passt nicht zur Importkonfiguration: In Zeile ${config.headerRowIndex} fehlt ${
            compiled.missingHeaders.length === 1 ? 'die Spalte' : 'die Spalten'
          } ${list}.`,
        );
      }
      const fields = compiled.plan.columns.map((column) => column.field);
      yield { kind: 'header', fields };
      preparer = new RowPreparer({
        plan: compiled.plan,
        fields: stagedFields(fields),
        manufacturers: new NameResolver((keys) => lookup('manufacturers', keys)),
        units: new NameResolver((keys) => lookup('units', keys)),
        defaultManufacturerId: config.manufacturerId,
      });
      rows = chunk.filter((row) => row.line > config.headerRowIndex);
    }
    const prepared = await preparer.prepare(rows);
    lastLine = Math.max(lastLine, prepared.lastLine, chunk.at(-1)?.line ?? 0);
    yield { kind: 'rows', ...prepared, lastLine, read: rows.length, progress: source.progress() };
  }
  if (!preparer) {
    throw new ImportFailure(
      fileLines === 0
        ? 'Die Datei ist leer.'
        : `Die Kopfzeile ${config.headerRowIndex} liegt hinter dem Ende der Datei: Die Datei hat nur ${fileLines} ${fileLines === 1 ? 'Zeile' : 'Zeilen'}.`,
    );
  }
}
