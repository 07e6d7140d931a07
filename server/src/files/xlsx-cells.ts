import * as XLSX from '@e965/xlsx';

/**
 * Safe Excel cells for the exports (operator's BOM result, an offer's BOMs). Their texts come from uploaded
 * files and users, so every text is written as a text cell (type 's'): a cell beginning with = + - @ shows
 * as text and is never run as a formula (ASVS 1.2.10, as the CSV writer in domain/rules/csv.ts guards its
 * cells). No cell ever carries a formula (`f`): cells have `t`, `v` and at most a number format `z`.
 */

export type Cell = XLSX.CellObject;

export function textCell(value: string | null | undefined): Cell {
  return { t: 's', v: value ?? '' };
}

/** A number cell; an empty text cell without a value. `format` is an Excel number format ('#,##0.00'). */
export function numberCell(value: number | null | undefined, format?: string): Cell {
  if (value === null || value === undefined) return { t: 's', v: '' };
  return format ? { t: 'n', v: value, z: format } : { t: 'n', v: value };
}

/** A sheet of cell objects. */
export function sheetOf(rows: readonly Cell[][]): XLSX.WorkSheet {
  const sheet: XLSX.WorkSheet = {};
  let width = 0;
  rows.forEach((row, r) => {
    width = Math.max(width, row.length);
    row.forEach((cell, c) => {
      sheet[XLSX.utils.encode_cell({ r, c })] = cell;
    });
  });
  sheet['!ref'] = XLSX.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: Math.max(rows.length - 1, 0), c: Math.max(width - 1, 0) },
  });
  return sheet;
}

/** A header row of text cells. */
export function headerCells(names: readonly string[]): Cell[] {
  return names.map((name) => textCell(name));
}

/** A workbook of named sheets (in this order) as .xlsx bytes. */
export function workbookBuffer(sheets: readonly { name: string; rows: readonly Cell[][] }[]): Buffer {
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) XLSX.utils.book_append_sheet(book, sheetOf(sheet.rows), sheet.name);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
