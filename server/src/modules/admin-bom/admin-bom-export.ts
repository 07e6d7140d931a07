import * as XLSX from '@e965/xlsx';
import { ADMIN_BOM_EXPORT_HEADERS, ADMIN_BOM_SUMMED_HEADERS } from '@portal/domain/schemas/admin-bom';
import { BOM_LINE_STATUS_LABELS } from '@portal/domain/schemas/bom';
import { summedBom, toBomLine } from '../bom/bom-lines.mapper';
import type { LineRow } from '../bom/bom-lines.repository';

/**
 * Issue 13, point 7 "Alle herunterladen": a BOM import result as an Excel workbook. Sheet "Ergebnis" has
 * every line in file order with its German status and the assigned article; sheet "Summenstückliste" the
 * lines summed by article (issue 13, point 6). Texts come from the uploaded file, so every text is written
 * as a text cell (type 's'): a cell beginning with = + - @ shows as text and is never run as a formula
 * (ASVS 1.2.10, as the CSV writer in domain/rules/csv.ts guards its cells).
 */

type Cell = XLSX.CellObject;

function textCell(value: string | null | undefined): Cell {
  return { t: 's', v: value ?? '' };
}

function numberCell(value: number | null | undefined): Cell {
  return value === null || value === undefined ? { t: 's', v: '' } : { t: 'n', v: value };
}

/** A sheet of cell objects (no formula is ever set: cells carry `t` and `v` only). */
function sheetOf(rows: readonly Cell[][]): XLSX.WorkSheet {
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

function resultRows(rows: readonly LineRow[]): Cell[][] {
  return rows.map((row) => {
    const line = toBomLine(row);
    const article = line.matchedArticle;
    return [
      numberCell(line.rowNumber),
      numberCell(line.quantity),
      textCell(line.quantityUnitName),
      textCell(line.manufacturerName),
      textCell(line.orderNumber),
      textCell(line.manufacturerNumber),
      textCell(line.bmk),
      textCell(BOM_LINE_STATUS_LABELS[line.status]),
      textCell(article?.orderNumber),
      textCell(article?.manufacturerNumber),
      textCell(article?.manufacturerName),
      textCell(article?.description),
      numberCell(line.price),
    ];
  });
}

function summedRows(rows: readonly LineRow[]): Cell[][] {
  const summed = summedBom(rows);
  const lines = summed.content.map((line) => [
    textCell(line.orderNumber),
    textCell(line.manufacturerNumber),
    textCell(line.manufacturerName),
    textCell(line.unitName),
    numberCell(line.quantity),
    numberCell(line.lineCount),
    textCell(line.isSuppliedPart ? 'Ja' : 'Nein'),
    numberCell(line.price),
  ]);
  const total = [...ADMIN_BOM_SUMMED_HEADERS.slice(1).map(() => textCell('')), numberCell(summed.totalPrice)];
  total[0] = textCell('Summe');
  return [...lines, total];
}

/** The workbook of a mapped result's lines (file order) as .xlsx bytes. */
export function adminBomWorkbook(rows: readonly LineRow[]): Buffer {
  const book = XLSX.utils.book_new();
  const header = (names: readonly string[]) => names.map((name) => textCell(name));
  XLSX.utils.book_append_sheet(
    book,
    sheetOf([header(ADMIN_BOM_EXPORT_HEADERS), ...resultRows(rows)]),
    'Ergebnis',
  );
  XLSX.utils.book_append_sheet(
    book,
    sheetOf([header(ADMIN_BOM_SUMMED_HEADERS), ...summedRows(rows)]),
    'Summenstückliste',
  );
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** "Stückliste.xlsx" -> "Stückliste_Ergebnis.xlsx". */
export function exportFileName(bomFileName: string): string {
  const base = bomFileName.replace(/\.[^.]*$/, '') || 'Stückliste';
  return `${base}_Ergebnis.xlsx`;
}
