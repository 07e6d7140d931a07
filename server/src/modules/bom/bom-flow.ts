import type { BomFieldMappingEntry } from '@portal/domain/schemas/bom';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { FileStorage } from '../../files/storage';
import { checkMappingFits, noBomHeaders, readStoredBomHeader } from './bom-file';
import type { BomOwner } from './bom-lines.repository';
import { storeBomFileLines } from './bom-lines.service';
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
 * SPEC §5 "Zuordnung speichern" for any owner: the confirmed mapping, checked against the stored header row
 * (422 BOM_MAPPING_OUTDATED), and the file's lines read with it, matched and stored as the owner's lines
 * (storeBomFileLines). `commit` runs in the owner's transaction: it checks again that the BOM is still the
 * file read (checkMappingFits), stores the mapping it is given and calls `activate`.
 */
export function storeConfirmedMapping<T>(
  deps: { db: Db; storage: FileStorage; embedded: boolean },
  read: { storageKey: string; filename: string; headerRowIndex: number; headers: readonly string[] },
  body: ConfirmedBomMapping,
  owner: BomOwner,
  commit: (
    tx: Tx,
    activate: () => Promise<void>,
    confirmed: { mapping: BomFieldMappingEntry[]; suppliedPartText: string | null },
  ) => Promise<T>,
): Promise<T> {
  checkMappingFits(read, body);
  const confirmed = {
    mapping: body.fieldMapping.map(({ importHeader, bomField }) => ({ importHeader, bomField })),
    suppliedPartText: body.suppliedPartString ?? null,
  };
  return storeBomFileLines(
    deps.db,
    deps.storage,
    read,
    { headerRowIndex: read.headerRowIndex, ...confirmed, embedded: deps.embedded },
    owner,
    (tx, activate) => commit(tx, activate, confirmed),
  );
}
