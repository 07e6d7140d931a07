import { fileExtension } from '@portal/domain/rules/file-type';
import type { LeadingRow } from '@portal/domain/rules/header-detection';
import { cellText } from '@portal/domain/rules/import-mapping';
import { AppError } from '../../errors';
import { openDelimited } from './delimited-reader';
import { type Cell, type SheetSource, SpreadsheetTooLargeError, WrongFormatError } from './sheet-source';
import type { UnpackLimits } from './unpack-limits';
import { openXls } from './xls-reader';
import { openXlsx } from './xlsx-reader';

export { SpreadsheetTooLargeError, WrongFormatError };

export interface OpenSheetOptions {
  chunkRows?: number;
  /** Replaces the unpack limits of .xlsx files (tests and bench only). */
  limits?: UnpackLimits;
  /**
   * The caller stops after this row (header row, sample rows): an .xlsx then reads only the shared strings
   * these rows use. The other formats stream and stop where the caller stops.
   */
  lastRow?: number;
}

/** Opens a catalog file by its extension (SPEC §5: .xls, .xlsx, .csv, .txt). */
export async function openSheet(
  localPath: string,
  fileName: string,
  options: OpenSheetOptions = {},
): Promise<SheetSource> {
  const { chunkRows, limits, lastRow } = options;
  switch (fileExtension(fileName)) {
    case 'csv':
      return openDelimited(localPath, { chunkRows });
    case 'txt':
      return openDelimited(localPath, { chunkRows, preferTab: true });
    case 'xlsx':
      return openXlsx(localPath, { chunkRows, limits, lastRow });
    case 'xls':
      return openXls(localPath, { chunkRows });
    default:
      throw new WrongFormatError('Erlaubt sind .xls, .xlsx, .csv und .txt.');
  }
}

/**
 * The cells of row `headerRowIndex` (SPEC §5: >= 1), reading no further than that row. Throws
 * WrongFormatError when the file cannot be read as a table of its kind.
 */
export async function readHeaderCells(
  localPath: string,
  fileName: string,
  headerRowIndex: number,
): Promise<Cell[]> {
  const [row] = await readRowRange(localPath, fileName, headerRowIndex, headerRowIndex);
  return row ? [...row.cells] : [];
}

/**
 * The answer to a person whose file the readers refused (SPEC §8: 417): a file that would unpack too far
 * names the limit, any other unreadable file the formats allowed. Other errors are returned unchanged.
 */
export function readerRefusal(error: unknown): unknown {
  if (error instanceof SpreadsheetTooLargeError) return new AppError('SPREADSHEET_TOO_LARGE', error.message);
  if (error instanceof WrongFormatError) {
    return new AppError(
      'ARTICLE_IMPORT_WRONG_FORMAT',
      `${error.message} Erlaubt sind .xls, .xlsx, .csv und .txt.`,
    );
  }
  return error;
}

/** The headers as the configuration form offers them: non-empty, trimmed, each once, in column order. */
export function headerNames(cells: readonly Cell[]): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const cell of cells) {
    const name = cellText(cell).replace(/\s+/g, ' ');
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

/** The first `count` rows of a sheet, reading no further (header proposal of catalog files and BOMs). */
export function readLeadingRows(localPath: string, fileName: string, count: number): Promise<LeadingRow[]> {
  return readRowRange(localPath, fileName, 1, count);
}

/**
 * Rows `first` to `last` of a sheet, reading no further (an .xlsx reads only the shared strings they use):
 * a header row far down the file holds no more than these in memory.
 */
export async function readRowRange(
  localPath: string,
  fileName: string,
  first: number,
  last: number,
): Promise<LeadingRow[]> {
  const source = await openSheet(localPath, fileName, { chunkRows: Math.min(1000, last), lastRow: last });
  const generator = source.chunks();
  const rows: LeadingRow[] = [];
  try {
    for await (const chunk of generator) {
      for (const row of chunk) {
        if (row.line > last) return rows;
        if (row.line >= first) rows.push(row);
      }
    }
    return rows;
  } finally {
    await generator.return(undefined);
  }
}
