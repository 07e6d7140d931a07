import { detectBomHeaderRow, HEADER_SEARCH_ROWS } from '@portal/domain/rules/header-detection';
import { headerKey } from '@portal/domain/rules/import-mapping';
import type { BomFieldMappingEntry } from '@portal/domain/schemas/bom';
import { headerNames, readHeaderCells, readLeadingRows } from '../../files/sheets/open-sheet';

/**
 * SPEC §5 BOM header row and formats: the header of a BOM file, read with the article import's readers (.xlsx, .xls, and
 * .csv in UTF-8 with or without byte-order mark or Windows-1252, separator detected) and proposed by the
 * same header detection, with the BOM's synonyms. Reads no further than the rows it needs; throws the
 * readers' WrongFormatError for a file that is no table of its kind.
 */

export interface BomHeader {
  headerRowIndex: number;
  /** The row's cell texts: non-empty, trimmed, each once; empty for an empty row or one beyond the end. */
  headers: string[];
}

/** Row `chosenRow`, or without one the row proposed among the first HEADER_SEARCH_ROWS (detectBomHeaderRow). */
export async function readBomHeader(
  localPath: string,
  fileName: string,
  chosenRow: number | undefined,
): Promise<BomHeader> {
  if (chosenRow !== undefined) {
    return {
      headerRowIndex: chosenRow,
      headers: headerNames(await readHeaderCells(localPath, fileName, chosenRow)),
    };
  }
  const rows = await readLeadingRows(localPath, fileName, HEADER_SEARCH_ROWS);
  const headerRowIndex = detectBomHeaderRow(rows);
  const cells = rows.find((row) => row.line === headerRowIndex)?.cells ?? [];
  return { headerRowIndex, headers: headerNames(cells) };
}

/** The mapped headers the header row lacks, quoted, for the 422 message. */
export function unknownHeaderNames(
  headers: readonly string[],
  mapping: readonly BomFieldMappingEntry[],
): string {
  const known = new Set(headers.map(headerKey));
  return mapping
    .filter((entry) => !known.has(headerKey(entry.importHeader)))
    .map((entry) => `„${entry.importHeader}“`)
    .join(', ');
}

/** Whether two header rows are the same, cell by cell. */
export const sameHeaders = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((header, index) => header === b[index]);
