import { detectBomHeaderRow, HEADER_SEARCH_ROWS } from '@portal/domain/rules/header-detection';
import { headerKey } from '@portal/domain/rules/import-mapping';
import {
  proposeSuppliedPartColumn,
  SUPPLIED_PART_SAMPLE_ROWS,
  type SuppliedPartProposal,
} from '@portal/domain/rules/supplied-part-proposal';
import type { BomFieldMappingEntry } from '@portal/domain/schemas/bom';
import { headerNames, readRowRange } from '../../files/sheets/open-sheet';

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
  /** The column whose values say "beigestellt"/"Beistellung" (proposeSuppliedPartColumn), else null. */
  suppliedPart: SuppliedPartProposal | null;
}

/**
 * Row `chosenRow`, or without one the row proposed among the first HEADER_SEARCH_ROWS (detectBomHeaderRow),
 * and the supplied-part column proposed from the SUPPLIED_PART_SAMPLE_ROWS rows below it.
 */
export async function readBomHeader(
  localPath: string,
  fileName: string,
  chosenRow: number | undefined,
): Promise<BomHeader> {
  const first = chosenRow ?? 1;
  const rows = await readRowRange(
    localPath,
    fileName,
    first,
    (chosenRow ?? HEADER_SEARCH_ROWS) + SUPPLIED_PART_SAMPLE_ROWS,
  );
  const headerRowIndex =
    chosenRow ?? detectBomHeaderRow(rows.filter((row) => row.line <= HEADER_SEARCH_ROWS));
  const cells = rows.find((row) => row.line === headerRowIndex)?.cells ?? [];
  const below = rows.filter((row) => row.line > headerRowIndex).map((row) => row.cells);
  return {
    headerRowIndex,
    headers: headerNames(cells),
    suppliedPart: proposeSuppliedPartColumn(cells, below),
  };
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
