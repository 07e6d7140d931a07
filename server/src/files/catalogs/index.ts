import { open } from 'node:fs/promises';
import { fileExtension } from '@portal/domain/rules/file-type';
import { readBmecat } from './bmecat';
import type { CatalogChunk } from './catalog-chunk';
import { readDatanorm } from './datanorm';

export { BMECAT_LIMITS, type BmecatLimits, readBmecat } from './bmecat';
export { readDatanormGroups } from './datanorm';
export type { CatalogChunk };

/**
 * SPEC §5 catalog files of the trade, imported without a column mapping: BMEcat (.xml, or a .zip holding
 * one) and DATANORM 4/5 (.001, .dat). Each reader streams its file into CatalogRecords
 * (domain/rules/catalog-record.ts); the article import maps those onto its fields.
 */
export const CATALOG_FORMATS = ['BMECAT', 'DATANORM'] as const;
export type CatalogFormat = (typeof CATALOG_FORMATS)[number];

/** German names of the formats (history "Import <Datei>", preview). */
export const CATALOG_FORMAT_NAMES: Record<CatalogFormat, string> = {
  BMECAT: 'BMEcat-Katalog',
  DATANORM: 'DATANORM-Datei',
};

/** Catalog files by their extension: these never need an import configuration. */
export function catalogFormatByName(fileName: string): CatalogFormat | null {
  switch (fileExtension(fileName)) {
    case 'xml':
    case 'zip':
      return 'BMECAT';
    case '001':
    case 'dat':
      return 'DATANORM';
    default:
      return null;
  }
}

/**
 * The format of a catalog file by its content, the extension deciding only where the content does not:
 * an XML or zip file is a BMEcat, whatever its name ends with; a .001/.dat file anything else is DATANORM.
 * Null for a file that is no catalog (a spreadsheet).
 */
export async function detectCatalogFormat(path: string, fileName: string): Promise<CatalogFormat | null> {
  const byName = catalogFormatByName(fileName);
  if (byName === null) return null;
  const handle = await open(path, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(64);
    const { bytesRead } = await handle.read(buffer, 0, 64, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const text = head
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart();
  if (text.startsWith('<') || (head.length >= 2 && head[0] === 0x50 && head[1] === 0x4b)) return 'BMECAT';
  return byName === 'BMECAT' ? 'BMECAT' : 'DATANORM';
}

/** The records of a catalog file in chunks; throws WrongFormatError when the file is not of its format. */
export function readCatalogRecords(
  format: CatalogFormat,
  path: string,
  options: { chunkRecords?: number } = {},
): AsyncGenerator<CatalogChunk> {
  return format === 'BMECAT' ? readBmecat(path, options) : readDatanorm(path, options);
}

/**
 * Reads a catalog just far enough to know it is one (the first chunk): a hostile or foreign file is refused
 * while the person uploading it waits, as the header check does for spreadsheets.
 */
export async function probeCatalog(format: CatalogFormat, path: string): Promise<void> {
  const reading = readCatalogRecords(format, path, { chunkRecords: 1 });
  try {
    await reading.next();
  } finally {
    await reading.return(undefined);
  }
}
