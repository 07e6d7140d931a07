import { type BomLineValues, readBomLineValues } from '@portal/domain/rules/bom-matching';
import { type Cell, cellText, headerKey } from '@portal/domain/rules/import-mapping';
import type { BomField, BomFieldMappingEntry } from '@portal/domain/schemas/bom';
import { AppError } from '../../errors';
import { openSheet } from '../../files/sheets/open-sheet';

/** At most this many data lines are matched per BOM (SPEC has no figure; 4x the bench). */
export const MAX_BOM_LINES = 20_000;

/**
 * The longest order or manufacturer number a line takes, as when a line is edited (bomLineValues). The
 * lines are indexed by these numbers, and an index entry holds at most 2.7 KB: a longer cell (a text
 * column mapped as number, a broken file) is refused with the row named instead of failing the map.
 */
const MAX_NUMBER_LENGTH = 200;

/** A data line of a BOM file: its row, its values by the mapping and every cell keyed by its header. */
export interface BomFileLine {
  rowNumber: number;
  values: BomLineValues;
  raw: Record<string, string>;
}

/**
 * The data lines below row `headerRowIndex` of a BOM file, read with the catalog readers (.xlsx, .xls,
 * .csv), handed on in pieces of `pieceSize` lines as they are read (the last one may be shorter). Empty
 * rows are skipped. A header text that occurs twice counts with its first column (as the header list shows
 * it once). Throws the readers' WrongFormatError for an unreadable file and BOM_TOO_MANY_LINES beyond
 * MAX_BOM_LINES.
 */
export async function* readBomFileLines(
  localPath: string,
  fileName: string,
  options: {
    headerRowIndex: number;
    mapping: readonly BomFieldMappingEntry[];
    suppliedPartText: string | null;
  },
  pieceSize: number,
): AsyncGenerator<BomFileLine[]> {
  const source = await openSheet(localPath, fileName, { chunkRows: 1000 });
  const generator = source.chunks();
  let piece: BomFileLine[] = [];
  let count = 0;
  let columns: { header: string; index: number }[] | null = null;
  let fieldColumns: [BomField, number][] = [];
  try {
    for await (const chunk of generator) {
      for (const row of chunk) {
        if (row.line < options.headerRowIndex) continue;
        if (row.line === options.headerRowIndex) {
          columns = headerColumns(row.cells);
          fieldColumns = mappedColumns(columns, options.mapping);
          continue;
        }
        if (!columns || row.cells.every((cell) => cellText(cell) === '')) continue;
        if (count === MAX_BOM_LINES) throw new AppError('BOM_TOO_MANY_LINES');
        const cells: Partial<Record<BomField, Cell>> = {};
        for (const [field, index] of fieldColumns) cells[field] = row.cells[index];
        const raw: Record<string, string> = {};
        for (const { header, index } of columns) {
          const text = cellText(row.cells[index]);
          if (text !== '') raw[header] = text;
        }
        const values = readBomLineValues(cells, options.suppliedPartText);
        checkNumberLengths(row.line, values);
        piece.push({ rowNumber: row.line, values, raw });
        count += 1;
        if (piece.length === pieceSize) {
          yield piece;
          piece = [];
        }
      }
    }
    if (piece.length > 0) yield piece;
  } finally {
    await generator.return(undefined);
  }
}

function checkNumberLengths(rowNumber: number, values: BomLineValues): void {
  const numbers = { Bestellnummer: values.orderNumber, Herstellernummer: values.manufacturerNumber };
  for (const [label, value] of Object.entries(numbers)) {
    if (value === null || value.length <= MAX_NUMBER_LENGTH) continue;
    throw new AppError(
      'BOM_VALUE_TOO_LONG',
      `In Zeile ${rowNumber} der Stückliste ist die ${label} länger als ${MAX_NUMBER_LENGTH} Zeichen (${value.length}). Bitte prüfen Sie die Zuordnung der Spalten.`,
    );
  }
}

function headerColumns(cells: readonly Cell[]): { header: string; index: number }[] {
  const seen = new Set<string>();
  const columns: { header: string; index: number }[] = [];
  cells.forEach((cell, index) => {
    const header = cellText(cell).replace(/\s+/g, ' ');
    const key = headerKey(header);
    if (header === '' || seen.has(key)) return;
    seen.add(key);
    columns.push({ header, index });
  });
  return columns;
}

function mappedColumns(
  columns: readonly { header: string; index: number }[],
  mapping: readonly BomFieldMappingEntry[],
): [BomField, number][] {
  const byKey = new Map(columns.map((column) => [headerKey(column.header), column.index]));
  return mapping.flatMap((entry): [BomField, number][] => {
    const index = byKey.get(headerKey(entry.importHeader));
    return index === undefined ? [] : [[entry.bomField, index]];
  });
}
