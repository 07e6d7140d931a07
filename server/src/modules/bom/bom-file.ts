import type { Readable } from 'node:stream';
import { BOM_EXTENSIONS } from '@portal/domain/rules/file-type';
import { isBomHeaderTooWide } from '@portal/domain/rules/header-detection-width';
import { type BomFieldMappingEntry, unknownMappedHeaders } from '@portal/domain/schemas/bom';
import { AppError } from '../../errors';
import { storeCheckedUpload } from '../../files/checked-upload';
import { WrongFormatError } from '../../files/sheets/open-sheet';
import { type FileStorage, StoredFileNotFoundError } from '../../files/storage';
import { type BomHeader, readBomHeader, unknownHeaderNames } from './bom-sheet';

/**
 * The steps every BOM owner (an enquiry, the operator's BOM import) takes with its file: the
 * upload streamed into the storage with its first bytes checked, the header read again from the storage,
 * and the check that a mapping fits the stored header row.
 */

/**
 * Streams an upload into the storage under `storageKey`. Refuses a format other than .xlsx, .xls, .csv (415),
 * a content that does not fit the extension (415) and a file over the upload limit (413); nothing is kept.
 */
export async function storeBomUpload(
  storage: FileStorage,
  storageKey: string,
  sentName: string,
  stream: Readable,
): Promise<{ storageKey: string; filename: string; size: number }> {
  return storeCheckedUpload(storage, storageKey, sentName, stream, {
    extensions: BOM_EXTENSIONS,
    refusal: (filename) =>
      `Die Datei „${filename}“ ist keine Stückliste im erlaubten Format. Erlaubt sind: ${BOM_EXTENSIONS.map((extension) => `.${extension}`).join(', ')}.`,
  });
}

/** SPEC §5 noHeadersFound, naming the file and the row. */
export function noBomHeaders(filename: string, row: number): AppError {
  return new AppError(
    'BOM_NO_HEADERS',
    `In Zeile ${row} der Stückliste „${filename}“ wurden keine Spaltenüberschriften gefunden. Bitte geben Sie die Zeile der Spaltenüberschriften an.`,
  );
}

/**
 * The header of a stored BOM; `unreadable` is thrown when the readers refuse the file, 422
 * BOM_HEADER_TOO_WIDE for a row beyond 500 columns or 200 characters a header (a data row or a file that is
 * no BOM: its headers are not stored).
 */
export async function readStoredBomHeader(
  storage: FileStorage,
  stored: { storageKey: string; filename: string },
  chosenRow: number | undefined,
  unreadable: () => AppError,
): Promise<BomHeader> {
  let header: BomHeader;
  try {
    header = await storage.withLocalFile(stored.storageKey, (local) =>
      readBomHeader(local, stored.filename, chosenRow),
    );
  } catch (error) {
    if (error instanceof WrongFormatError || error instanceof StoredFileNotFoundError) throw unreadable();
    throw error;
  }
  if (isBomHeaderTooWide(header.headers)) throw new AppError('BOM_HEADER_TOO_WIDE');
  return header;
}

/** The mapping fits the stored header row (else 422 BOM_MAPPING_OUTDATED naming what does not). */
export function checkMappingFits(
  bom: { headerRowIndex: number; headers: readonly string[] },
  body: { headerRowIndex: number; fieldMapping: readonly BomFieldMappingEntry[] },
): void {
  if (bom.headerRowIndex !== body.headerRowIndex) {
    throw new AppError(
      'BOM_MAPPING_OUTDATED',
      `Die Zuordnung wurde für Zeile ${body.headerRowIndex} gemacht, die Kopfzeile der Stückliste ist Zeile ${bom.headerRowIndex}. Bitte übernehmen Sie zuerst die Kopfzeile.`,
      { issues: [{ path: 'headerRowIndex', message: 'Bitte übernehmen Sie zuerst die Kopfzeile.' }] },
    );
  }
  const unknown = unknownMappedHeaders(bom.headers, body.fieldMapping);
  if (unknown.length > 0) {
    throw new AppError(
      'BOM_MAPPING_OUTDATED',
      `Die Zuordnung nennt Spalten, die nicht in der Kopfzeile der Stückliste stehen (${unknownHeaderNames([...bom.headers], [...body.fieldMapping])}). Bitte übernehmen Sie zuerst die Kopfzeile.`,
      { issues: unknown },
    );
  }
}
