import { ADMIN_BOM_EXPORT_HEADERS, ADMIN_BOM_SUMMED_HEADERS } from '@portal/domain/schemas/admin-bom';
import { BOM_LINE_STATUS_LABELS } from '@portal/domain/schemas/bom';
import { type Cell, headerCells, numberCell, textCell, workbookBuffer } from '../../files/xlsx-cells';
import { type LineRow, summedBom, toBomLine } from '../bom';

/**
 * SPEC §2 /import/stueckliste "download all": a BOM import result as an Excel workbook. Sheet "Ergebnis" has
 * every line in file order with its German status and the assigned article; sheet "Summenstückliste" the
 * lines summed by article (bom/bom-lines.mapper.ts). Texts come from the uploaded file, so they are written with the
 * safe cells of files/xlsx-cells.ts (text cells, never formulas; ASVS 1.2.10).
 */

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
      textCell(line.description),
      textCell(line.erpNumber),
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
  return workbookBuffer([
    { name: 'Ergebnis', rows: [headerCells(ADMIN_BOM_EXPORT_HEADERS), ...resultRows(rows)] },
    { name: 'Summenstückliste', rows: [headerCells(ADMIN_BOM_SUMMED_HEADERS), ...summedRows(rows)] },
  ]);
}

/** "Stückliste.xlsx" -> "Stückliste_Ergebnis.xlsx". */
export function exportFileName(bomFileName: string): string {
  const base = bomFileName.replace(/\.[^.]*$/, '') || 'Stückliste';
  return `${base}_Ergebnis.xlsx`;
}
