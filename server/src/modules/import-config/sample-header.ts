import {
  detectArticleHeaderRow,
  HEADER_SEARCH_ROWS,
  proposeArticleMapping,
} from '@portal/domain/rules/header-detection';
import type { ImportHeaderProposal } from '@portal/domain/schemas/import-config';
import { headerNames, readHeaderCells, readLeadingRows } from '../../files/sheets/open-sheet';

export interface SampleHeader {
  headerRowIndex: number;
  headerRowProposed: boolean;
  headers: string[];
  proposal: ImportHeaderProposal;
}

/**
 * SPEC §2 import configuration form: the headers of a sample file with a proposed mapping and units. Without a chosen row the row
 * is proposed too (the best match among the first HEADER_SEARCH_ROWS rows), so a file with a title row
 * above its table needs no hand work. Throws the readers' WrongFormatError for an unreadable file.
 */
export async function readSampleHeader(
  localPath: string,
  fileName: string,
  chosenRow: number | undefined,
): Promise<SampleHeader> {
  let headerRowIndex: number;
  let cells: Awaited<ReturnType<typeof readHeaderCells>>;
  if (chosenRow === undefined) {
    const rows = await readLeadingRows(localPath, fileName, HEADER_SEARCH_ROWS);
    headerRowIndex = detectArticleHeaderRow(rows);
    cells = [...(rows.find((row) => row.line === headerRowIndex)?.cells ?? [])];
  } else {
    headerRowIndex = chosenRow;
    cells = await readHeaderCells(localPath, fileName, chosenRow);
  }
  const headers = headerNames(cells);
  const { fieldMapping, units } = proposeArticleMapping(headers);
  return {
    headerRowIndex,
    headerRowProposed: chosenRow === undefined,
    headers,
    proposal: { fieldMapping, ...units },
  };
}
