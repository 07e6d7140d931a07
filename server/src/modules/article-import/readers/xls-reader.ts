import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { type Cell, type SheetRow, type SheetSource, WrongFormatError } from './sheet-source';

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
