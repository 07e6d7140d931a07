import type { ImportConfigResponse } from '@portal/domain/schemas/import-config';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import {
  CATALOG_FORMAT_NAMES,
  type CatalogFormat,
  detectCatalogFormat,
  probeCatalog,
} from '../../files/catalogs';
import { SpreadsheetTooLargeError, WrongFormatError } from '../../files/sheets/sheet-source';
import { findImportConfig } from '../import-config';
import type { ImportRunRow } from './import-run.repository';

/**
 * What a run is imported with: its import configuration, or for a catalog file (BMEcat, DATANORM) the
 * implied one of its format, which maps no columns (the reader gives the fields) and names no defaults.
 */
export type RunSettings = ImportConfigResponse & { catalogFormat: CatalogFormat | null };

const EPOCH = new Date(0).toISOString();

export function catalogSettings(format: CatalogFormat): RunSettings {
  return {
    id: '00000000-0000-0000-0000-000000000000',
    title: CATALOG_FORMAT_NAMES[format],
    description: CATALOG_FORMAT_NAMES[format],
    manufacturerId: null,
    manufacturerName: null,
    wholesalerId: null,
    wholesalerName: null,
    defaultUnitId: null,
    defaultUnitName: null,
    filename: null,
    samplePath: null,
    headers: [],
    headerRowIndex: 0,
    fieldMapping: [],
    unitWidth: 'MM',
    unitHeight: 'MM',
    unitDepth: 'MM',
    unitWeight: 'KG',
    createDate: EPOCH,
    lastUpdate: EPOCH,
    catalogFormat: format,
  };
}

const isCatalogFormat = (value: string | null): value is CatalogFormat =>
  value === 'BMECAT' || value === 'DATANORM';

/**
 * A catalog file sent with an import configuration takes its manufacturer, wholesaler and default unit: a
 * wholesaler's DATANORM 4 file names no manufacturer at all, so without one every article would be refused.
 * The configuration's columns and units stay unused (the format gives the fields).
 */
export function catalogSettingsWith(
  format: CatalogFormat,
  config: ImportConfigResponse | undefined,
): RunSettings {
  const settings = catalogSettings(format);
  if (!config) return settings;
  return {
    ...settings,
    id: config.id,
    manufacturerId: config.manufacturerId,
    manufacturerName: config.manufacturerName,
    wholesalerId: config.wholesalerId,
    wholesalerName: config.wholesalerName,
    defaultUnitId: config.defaultUnitId,
    defaultUnitName: config.defaultUnitName,
  };
}

/** The settings of a run; undefined when its configuration was deleted meanwhile. */
export async function runSettings(db: DbOrTx, run: ImportRunRow): Promise<RunSettings | undefined> {
  const config = run.configId ? await findImportConfig(db, run.configId) : undefined;
  if (isCatalogFormat(run.catalogFormat)) {
    if (run.configId && !config) return undefined;
    return catalogSettingsWith(run.catalogFormat, config);
  }
  return config && { ...config, catalogFormat: null };
}

/**
 * The format of an uploaded catalog file, checked by reading its start (SPEC §8: 417 for a file that is
 * not a readable catalog of its kind, or a hostile one; the message names why).
 */
export async function checkCatalogFile(
  localPath: string,
  fileName: string,
): Promise<{ format: CatalogFormat; title: string }> {
  const format = await detectCatalogFormat(localPath, fileName);
  if (!format) throw new AppError('ARTICLE_IMPORT_WRONG_FORMAT');
  try {
    await probeCatalog(format, localPath);
  } catch (error) {
    if (error instanceof SpreadsheetTooLargeError) throw new AppError('SPREADSHEET_TOO_LARGE', error.message);
    if (error instanceof WrongFormatError) throw new AppError('ARTICLE_IMPORT_WRONG_FORMAT', error.message);
    throw error;
  }
  return { format, title: CATALOG_FORMAT_NAMES[format] };
}
