import { Readable } from 'node:stream';
import { CSV_BOM, csvLine as formatLine } from '@portal/domain/rules/csv';
import { IMPORT_REPORT_HEADER } from '@portal/domain/schemas/article-import';
import type { DbOrTx } from '../../db/client';
import { errorPage, type ImportRunRow } from './import-run.repository';

const PAGE = 5000;

/** The cells come from the imported file: the shared writer neutralises would-be formulas (ASVS 1.2.10). */
function csvLine(cells: readonly (string | number | null)[]): string {
  return formatLine(
    cells.map((cell) => String(cell ?? '')),
    ';',
  );
}

/** File name of a run's report: Importfehler_<Datei>_<Datum>.csv. */
export function reportFileName(run: ImportRunRow): string {
  const base = run.fileName.replace(/\.[^.]+$/, '');
  const date = (run.startedAt ?? run.createdAt).toISOString().slice(0, 10);
  return `Importfehler_${base}_${date}.csv`;
}

/**
 * The German error report of a run (SPEC §9 CSV conventions: UTF-8 with BOM, semicolon, every cell quoted):
 * one line per refused row with its row number, order number and reason, streamed page by page.
 */
export function importReportStream(db: DbOrTx, run: ImportRunRow): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(IMPORT_REPORT_HEADER);
    let after = 0;
    for (;;) {
      const rows = await errorPage(db, run.id, after, PAGE);
      if (rows.length === 0) break;
      yield rows.map((row) => csvLine([row.line, row.orderNumber, row.reason])).join('');
      after = rows.at(-1)!.line;
      if (rows.length < PAGE) break;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
