import type { BomFieldMappingEntry } from '@portal/domain/schemas/bom';
import { AppError } from '../../errors';
import type { FileStorage } from '../../files/storage';
import { checkMappingFits, noBomHeaders, readStoredBomHeader } from './bom-file';
import type { BomReadOptions } from './bom-lines.service';
import type { BomHeader } from './bom-sheet';

/**
 * SPEC §5: the header, mapping and lines flow every BOM owner (an enquiry, the operator's BOM import) takes
 * with its stored file. The owner keeps its own access checks, rows and history; these steps read the file.
 */

/**
 * The header of a fresh upload (row `chosenRow`, else the proposed row): 422 BOM_UNREADABLE when the
 * readers refuse the file, BOM_NO_HEADERS when the row holds no headers.
 */
export async function readUploadedBomHeader(
  storage: FileStorage,
  stored: { storageKey: string; filename: string },
  chosenRow: number | undefined,
): Promise<BomHeader> {
  const header = await readStoredBomHeader(
    storage,
    stored,
    chosenRow,
    () =>
      new AppError(
        'BOM_UNREADABLE',
        `Die Stückliste „${stored.filename}“ kann nicht gelesen werden. Erlaubt sind Tabellen im Format .xlsx, .xls oder .csv mit einer Kopfzeile.`,
      ),
  );
  if (header.headers.length === 0) throw noBomHeaders(stored.filename, header.headerRowIndex);
  return header;
}

/** "Kopfzeile übernehmen": the headers of row `headerRowIndex` of a stored BOM (422 when unreadable or empty). */
export async function readChosenBomHeader(
  storage: FileStorage,
  bom: { storageKey: string; filename: string },
  headerRowIndex: number,
): Promise<BomHeader> {
  const header = await readStoredBomHeader(
    storage,
    bom,
    headerRowIndex,
    () => new AppError('BOM_HEADER_READ_FAILED'),
  );
  if (header.headers.length === 0) throw noBomHeaders(bom.filename, headerRowIndex);
  return header;
}

/** A mapping as the user confirmed it ("Zuordnung speichern"). */
export interface ConfirmedBomMapping {
  headerRowIndex: number;
  fieldMapping: readonly BomFieldMappingEntry[];
  suppliedPartString?: string | null | undefined;
}

/**
 * The confirmed mapping, checked against the stored header row (422 BOM_MAPPING_OUTDATED), as the options to
 * read the file's lines with (storeBomFileLines). The owner's transaction checks again that the BOM is still
 * the file read (checkMappingFits) before it activates the lines.
 */
export function confirmedReadOptions(
  read: { headerRowIndex: number; headers: readonly string[] },
  body: ConfirmedBomMapping,
): BomReadOptions & { mapping: BomFieldMappingEntry[] } {
  checkMappingFits(read, body);
  return {
    headerRowIndex: read.headerRowIndex,
    mapping: body.fieldMapping.map(({ importHeader, bomField }) => ({ importHeader, bomField })),
    suppliedPartText: body.suppliedPartString ?? null,
  };
}
