/**
 * SPEC §9 CSV files: written as UTF-8 with byte-order mark, every cell quoted; read tolerantly (CRLF or LF,
 * with or without BOM, quotes and separators inside quoted cells). Errors name the first bad row and column
 * in German, counted as a spreadsheet shows them (row 1 = header). Cells that a spreadsheet program would
 * run as a formula are written with a leading apostrophe and read back without it (ASVS 1.2.10).
 */

import { parseDelimited } from './delimited-text';
import { containsNul, NUL_MESSAGE } from './nul-character';

export const CSV_BOM = '\uFEFF';
export type CsvSeparator = ',' | ';';

/** A problem in a file: `row` is the spreadsheet row (1 = header), `column` the header text when known. */
export interface CsvError {
  row: number;
  column?: string;
  message: string;
}

export type CsvResult<T> = { ok: true; value: T } | { ok: false; error: CsvError };

/**
 * What a spreadsheet program takes for a formula (OWASP "CSV injection"): a cell beginning with =, +, -, @,
 * tab or carriage return, or with the full-width ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20), which
 * spreadsheets with East Asian input settings read as the ASCII ones. Leading apostrophes count along, so
 * that a text that itself begins with an apostrophe before such a character reads back unchanged too.
 */
const FORMULA_START = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A signed number ('-12,50', '+5') is no formula: it stays a number in the spreadsheet. */
const SIGNED_NUMBER = /^[+-]\d+(?:[.,]\d+)?$/;
const APOSTROPHE = 39;

/** A cell as written: a would-be formula gets a leading apostrophe, so that it shows as text (ASVS 1.2.10). */
export function neutralizeCsvCell(cell: string): string {
  return FORMULA_START.test(cell) && !SIGNED_NUMBER.test(cell) ? `'${cell}` : cell;
}

/** The inverse of neutralizeCsvCell: the apostrophe it added, and only that, is removed. */
export function restoreCsvCell(cell: string): string {
  return cell.charCodeAt(0) === APOSTROPHE && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

function quote(cell: string): string {
  return `"${neutralizeCsvCell(cell).replaceAll('"', '""')}"`;
}

/** One CSV line of cells (each quoted, formulas neutralised) with its CRLF. */
export function csvLine(cells: readonly string[], separator: CsvSeparator): string {
  return `${cells.map(quote).join(separator)}\r\n`;
}

/** Writes a CSV file: BOM, every cell quoted, CRLF between rows (what spreadsheet programs expect). */
export function formatCsv(rows: readonly (readonly string[])[], separator: CsvSeparator): string {
  return `${CSV_BOM}${rows.map((row) => csvLine(row, separator)).join('')}`;
}

/**
 * Splits CSV text into records of cells. Rows are counted as a spreadsheet shows them: a line break inside
 * a quoted cell stays in its row, a blank line is a row without a record. A quote that is never closed, or
 * text right after a closing quote, is an error. Cells come back as formatCsv was given them.
 */
export function parseCsv(
  text: string,
  separator: CsvSeparator,
): CsvResult<{ row: number; cells: string[] }[]> {
  const input = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const parsed = parseDelimited(input, separator, true, { strict: true });
  if (parsed.error) return { ok: false, error: { row: parsed.records.length + 1, message: parsed.error } };
  // Each record is one spreadsheet row; blank lines are rows without a record.
  const records: { row: number; cells: string[] }[] = [];
  for (const [index, cells] of parsed.records.entries()) {
    if (cells.length > 0) records.push({ row: index + 1, cells: cells.map(restoreCsvCell) });
  }
  return { ok: true, value: records };
}

/** How one column is read: the header text and a parser that returns the value or a German reason. */
export interface CsvColumn<T> {
  header: string;
  parse(cell: string): { ok: true; value: T } | { ok: false; message: string };
}

type ColumnValues<C extends readonly CsvColumn<unknown>[]> = {
  [K in keyof C]: C[K] extends CsvColumn<infer T> ? T : never;
};

function sameHeader(found: string, expected: string): boolean {
  return found.trim().toLowerCase() === expected.toLowerCase();
}

/**
 * Reads a whole table in exactly the given column layout (header row first). Empty cells at the end of a
 * row (what spreadsheet programs sometimes add) and empty rows are ignored; anything else out of place is
 * reported with its row and column.
 */
export function readCsvTable<const C extends readonly CsvColumn<unknown>[]>(
  text: string,
  separator: CsvSeparator,
  columns: C,
): CsvResult<{ row: number; values: ColumnValues<C> }[]> {
  const parsed = parseCsv(text, separator);
  if (!parsed.ok) {
    // A header that cannot even be split (e.g. another separator) is best explained by the expected header.
    if (parsed.error.row !== 1) return parsed;
    return { ok: false, error: { row: 1, message: expectedHeader(columns, separator) } };
  }
  const records = parsed.value
    .map(({ row, cells }) => {
      const trimmed = [...cells];
      while (trimmed.length > 0 && trimmed.at(-1)!.trim() === '') trimmed.pop();
      return { row, cells: trimmed };
    })
    .filter((record) => record.cells.length > 0);
  const [header, ...body] = records;
  if (!header) return { ok: false, error: { row: 1, message: 'Die Datei enthält keine Kopfzeile.' } };
  for (const [index, column] of columns.entries()) {
    const found = header.cells[index];
    if (found === undefined || !sameHeader(found, column.header)) {
      return {
        ok: false,
        error: {
          row: header.row,
          column: column.header,
          message:
            found === undefined
              ? 'Die Spalte fehlt in der Kopfzeile.'
              : `In der Kopfzeile steht „${found.trim()}“ statt „${column.header}“.`,
        },
      };
    }
  }
  if (header.cells.length > columns.length) {
    return { ok: false, error: { row: header.row, message: expectedHeader(columns, separator) } };
  }
  const rows: { row: number; values: ColumnValues<C> }[] = [];
  for (const record of body) {
    if (record.cells.length > columns.length) {
      return {
        ok: false,
        error: { row: record.row, message: `Die Zeile hat mehr als ${columns.length} Spalten.` },
      };
    }
    const values: unknown[] = [];
    for (const [index, column] of columns.entries()) {
      const cell = record.cells[index] ?? '';
      // ASVS 2.2.1: the database cannot store NUL; the file is refused here with the cell named.
      if (containsNul(cell)) {
        return { ok: false, error: { row: record.row, column: column.header, message: NUL_MESSAGE } };
      }
      const result = column.parse(cell);
      if (!result.ok) {
        return { ok: false, error: { row: record.row, column: column.header, message: result.message } };
      }
      values.push(result.value);
    }
    rows.push({ row: record.row, values: values as ColumnValues<C> });
  }
  return { ok: true, value: rows };
}

function expectedHeader(columns: readonly CsvColumn<unknown>[], separator: CsvSeparator): string {
  const names = columns.map((column) => `„${column.header}“`).join(', ');
  return `Die Kopfzeile muss genau die Spalten ${names} enthalten, getrennt durch ${separator === ',' ? 'Kommas' : 'Semikolons'}.`;
}

/** The German sentence shown for a file problem, e.g. 'Zeile 3, Spalte „Rabatt in %“: …'. */
export function describeCsvError(error: CsvError): string {
  const where = error.column ? `Zeile ${error.row}, Spalte „${error.column}“` : `Zeile ${error.row}`;
  return `${where}: ${error.message}`;
}

/** A required text cell (trimmed). */
export function requiredText(header: string, maxLength = 200): CsvColumn<string> {
  return {
    header,
    parse(cell) {
      const value = cell.trim();
      if (value === '') return { ok: false, message: 'Der Wert fehlt.' };
      if (value.length > maxLength) return { ok: false, message: `Höchstens ${maxLength} Zeichen.` };
      return { ok: true, value };
    },
  };
}

/** Every non-empty line of a multi-line cell, trimmed (how lists such as name variants are written). */
export function cellLines(cell: string): string[] {
  return cell
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * A decimal as people type it: '12,5', '12.5' or '12' (optionally with a trailing %), with at most
 * `decimals` decimal places, within [min, max]. Null when the text is no such number.
 */
export function parseDecimal(
  text: string,
  options: { min: number; max: number; decimals: number },
): number | null {
  const cleaned = text.trim().replace(/\s*%$/, '');
  const match = /^(\d{1,12})(?:[.,](\d+))?$/.exec(cleaned);
  if (!match) return null;
  if ((match[2] ?? '').length > options.decimals) return null;
  const value = Number(`${match[1]}.${match[2] ?? '0'}`);
  return value >= options.min && value <= options.max ? value : null;
}

/** A decimal written the German way ('12,5'), without thousands separators, as the exports write it. */
export function formatDecimal(value: number, decimals: number): string {
  const fixed = value.toFixed(decimals);
  const trimmed = fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
  return trimmed.replace('.', ',');
}
