import { readFile, stat } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import {
  type Cell,
  type SheetRow,
  type SheetSource,
  SpreadsheetTooLargeError,
  WrongFormatError,
} from './sheet-source';

/**
 * SheetJS holds the whole workbook: a .xls with the format's 65,536 rows × 16 columns is ~30 MB and takes
 * ~700 MB of memory to read; an HTML table saved as .xls 15 to 20 times its size. Larger files are refused
 * rather than read at the cost of the server's memory (ASVS 5.2.3).
 */
const MAX_XLS_BYTES = 64 * 1024 * 1024;

/** The old Excel format: an OLE2 compound file. Excel also opens HTML and XML tables saved as .xls. */
function looksLikeXls(head: Buffer): boolean {
  const ole2 = head.length >= 8 && head.readUInt32BE(0) === 0xd0cf11e0 && head.readUInt32BE(4) === 0xa1b11ae1;
  const markup = /^\s*</.test(head.subarray(0, 256).toString('latin1'));
  return ole2 || markup;
}

/**
 * SPEC §5 import format .xls, read with SheetJS. The format holds at most 65,536 rows, so the whole
 * workbook is read at once (a few MB); the rows are then handed on in chunks like the streaming readers.
 */
export async function openXls(path: string, options: { chunkRows?: number } = {}): Promise<SheetSource> {
  const chunkRows = options.chunkRows ?? 5000;
  if ((await stat(path)).size > MAX_XLS_BYTES) {
    throw new SpreadsheetTooLargeError(
      `Die Excel-Datei (.xls) ist größer als ${MAX_XLS_BYTES / 1024 ** 2} MB. Bitte speichern Sie den Katalog als .xlsx- oder CSV-Datei.`,
    );
  }
  const content = await readFile(path);
  if (!looksLikeXls(content)) throw new WrongFormatError('Die Datei ist keine Excel-Datei (.xls).');
  let rows: Cell[][];
  let firstLine = 1;
  try {
    const workbook = XLSX.read(content, {
      dense: true,
      cellDates: false,
      cellHTML: false,
      cellFormula: false,
    });
    const name = workbook.SheetNames[0];
    const sheet = name ? workbook.Sheets[name] : undefined;
    if (!sheet) throw new WrongFormatError('Die Excel-Datei enthält kein Tabellenblatt.');
    firstLine = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']).s.r + 1 : 1;
    rows = XLSX.utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  } catch (error) {
    if (error instanceof WrongFormatError) throw error;
    throw new WrongFormatError('Die Excel-Datei (.xls) kann nicht gelesen werden.');
  }
  let handed = 0;

  async function* chunks(): AsyncGenerator<SheetRow[]> {
    for (let start = 0; start < rows.length; start += chunkRows) {
      const chunk = rows.slice(start, start + chunkRows).map((cells, offset) => ({
        line: firstLine + start + offset,
        cells,
      }));
      handed = start + chunk.length;
      yield chunk;
    }
  }

  return {
    chunks,
    progress: () => (rows.length === 0 ? 1 : handed / rows.length),
    estimatedRows: () => rows.length,
  };
}
