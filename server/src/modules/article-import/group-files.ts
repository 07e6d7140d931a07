import type { DatanormGroups } from '@portal/domain/rules/datanorm-groups';
import { fileExtension } from '@portal/domain/rules/file-type';
import type { ImportStatusResponse } from '@portal/domain/schemas/article-import';
import type { ImportConfigResponse } from '@portal/domain/schemas/import-config';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { readDatanormGroups } from '../../files/catalogs';
import { WrongFormatError } from '../../files/sheets/sheet-source';
import type { FileStorage } from '../../files/storage';
import { createDiscountGroupDatanormService } from '../discountgroup';
import type { StoredUpload } from './article-import.service';
import { insertRun } from './import-run.repository';
import { toStatus } from './import-run-response';

/**
 * The group files a wholesaler sends beside its DATANORM article file, taken through the article import's
 * upload: DATANORM.RAB feeds the discount groups (SPEC §3: of the configuration's manufacturer, as the
 * configuration's wholesaler's discounts), DATANORM.WRG is read and its product groups counted, but not
 * kept: an article has no product group in the data model. Both are small (a few hundred lines), so they
 * are done at once, all or nothing, and recorded as a finished run in the import history.
 */
export type DatanormGroupFile = 'RAB' | 'WRG';

export function datanormGroupFileOf(fileName: string): DatanormGroupFile | null {
  const extension = fileExtension(fileName);
  return extension === 'rab' ? 'RAB' : extension === 'wrg' ? 'WRG' : null;
}

const TITLES: Record<DatanormGroupFile, string> = {
  RAB: 'DATANORM-Rabattgruppen',
  WRG: 'DATANORM-Warengruppen',
};

/** The file read; 417 naming the line when it is no group file or has a record the portal cannot take. */
async function readGroups(files: FileStorage, upload: StoredUpload): Promise<DatanormGroups> {
  const groups = await files.withLocalFile(upload.path, readDatanormGroups).catch((error: unknown) => {
    if (error instanceof WrongFormatError) throw new AppError('ARTICLE_IMPORT_WRONG_FORMAT', error.message);
    throw error;
  });
  const [first] = groups.refusals;
  if (first) {
    const more = groups.refusals.length - 1;
    throw new AppError(
      'ARTICLE_IMPORT_WRONG_FORMAT',
      `Zeile ${first.line}: ${first.reason}${more > 0 ? ` (und ${more} weitere ${more === 1 ? 'Zeile' : 'Zeilen'})` : ''} Die Datei wurde nicht übernommen.`,
    );
  }
  return groups;
}

export function createGroupFileImport(deps: { db: Db; files: FileStorage }) {
  const { db, files } = deps;
  const discounts = createDiscountGroupDatanormService({ db });

  return async function importGroupFile(
    actor: RequestActor,
    upload: StoredUpload,
    kind: DatanormGroupFile,
    config: ImportConfigResponse | undefined,
  ): Promise<ImportStatusResponse> {
    const groups = await readGroups(files, upload);
    let counts = { created: 0, updated: 0, unchanged: 0 };
    let message: string | null = null;
    if (groups.discountGroups.length > 0) {
      if (!config?.manufacturerId) {
        throw new AppError(
          'VALIDATION',
          'Rabattgruppen gehören zu einem Hersteller: Bitte wählen Sie für die Datei eine Importkonfiguration mit Hersteller (und dem Großhändler, der sie schickt).',
        );
      }
      counts = await discounts.importDatanormGroups(actor, groups.discountGroups, {
        manufacturerId: config.manufacturerId,
        wholesalerId: config.wholesalerId,
      });
    }
    const productGroups = groups.productGroups.length;
    if (productGroups > 0 || groups.discountGroups.length === 0) {
      // A succeeded run with a message is shown as "nothing taken over" (import-run-response.ts): true here.
      message = `${productGroups} ${productGroups === 1 ? 'Warengruppe' : 'Warengruppen'} gelesen und übersprungen: Das Portal führt keine Warengruppen am Artikel.`;
    }
    const read = groups.discountGroups.length + productGroups;
    const now = new Date();
    const run = await insertRun(db, {
      configId: config?.id ?? null,
      configTitle: TITLES[kind],
      catalogFormat: 'DATANORM',
      startedBy: actor.userId,
      fileName: upload.fileName,
      filePath: upload.path,
      fileSize: upload.size,
      state: 'SUCCEEDED',
      percent: 100,
      totalRows: read,
      processedRows: read,
      createdCount: counts.created,
      updatedCount: counts.updated,
      unchangedCount: counts.unchanged,
      message,
      startedAt: now,
      finishedAt: now,
    });
    await files.remove(upload.path).catch(() => false);
    return toStatus(run);
  };
}
