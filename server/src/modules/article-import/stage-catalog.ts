import { catalogCells, catalogPlan } from '@portal/domain/rules/catalog-import';
import type { CatalogRecord } from '@portal/domain/rules/catalog-record';
import { readCatalogRecords } from '../../files/catalogs';
import { NameResolver } from './name-resolver';
import { copyValue, RowPreparer, refusedLine, stagedFields } from './row-preparer';
import type { ReadPiece } from './stage-reader';
import type { NamesKind, StageJob } from './stage-thread';

/**
 * A catalog file (BMEcat, DATANORM) read like a spreadsheet with the fixed fields of `catalogPlan`: no
 * header row, no mapping; the names, duplicates and values are checked by the same RowPreparer. What a
 * record has beyond the article's fields (classes, references) travels as `extras`, by line; the records
 * a reader refused are refused rows with its reason.
 */
export async function* readCatalogPieces(
  job: Omit<StageJob, 'credits'> & { catalog: NonNullable<StageJob['catalog']> },
  lookup: (names: NamesKind, keys: string[]) => Promise<{ key: string; id: string }[]>,
): AsyncGenerator<ReadPiece> {
  let preparer: RowPreparer | null = null;
  let pricesOnly = false;
  let lastLine = 0;
  for await (const chunk of readCatalogRecords(job.catalog, job.path, { chunkRecords: job.chunkRows })) {
    if (!preparer) {
      // A file is one kind of transaction: a price update or articles (BMEcat T_UPDATE_PRICES, DATPREIS).
      pricesOnly = chunk.records[0]?.kind === 'PRICES_ONLY';
      const plan = catalogPlan(pricesOnly);
      const fields = plan.columns.map((column) => column.field);
      yield { kind: 'header', fields };
      preparer = new RowPreparer({
        plan,
        fields: stagedFields(fields),
        manufacturers: new NameResolver((keys) => lookup('manufacturers', keys)),
        units: new NameResolver((keys) => lookup('units', keys)),
        // The import configuration's manufacturer, when the file came with one (catalog-config.ts).
        defaultManufacturerId: job.config.manufacturerId,
      });
    }
    const rows = chunk.records.map((record) => ({
      line: record.line,
      cells: catalogCells(record, pricesOnly),
    }));
    const prepared = await preparer.prepare(rows);
    for (const refusal of chunk.refusals) {
      prepared.errors.push(refusedLine(refusal.line, null, refusal.reason, 'CATALOG_RECORD'));
    }
    const extras = chunk.records.flatMap(extraLine);
    const read = chunk.records.length + chunk.refusals.length;
    for (const { line } of [...chunk.records, ...chunk.refusals]) lastLine = Math.max(lastLine, line);
    yield { kind: 'rows', ...prepared, extras, lastLine, read, progress: chunk.progress };
  }
}

/** COPY line of a record's classes and references (none when it has neither). */
function extraLine(record: CatalogRecord): string[] {
  const classes = record.classes?.length ? JSON.stringify(record.classes) : null;
  const refs = record.references?.length ? JSON.stringify(record.references) : null;
  if (classes === null && refs === null) return [];
  return [`${record.line}\t${copyValue(classes)}\t${copyValue(refs)}\n`];
}
