import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { canManageImportConfigs, FILE_FOLDERS } from '@portal/domain/permissions';
import { isArticleImportFile, MAX_UPLOAD_BYTES, sanitizeFileName } from '@portal/domain/rules/file-type';
import type {
  ImportConfigResponse,
  ImportConfigValues,
  ImportHeaderResponse,
} from '@portal/domain/schemas/import-config';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { claimLoadedState } from '../../db/last-update';
import { isForeignKeyViolation } from '../../db/pg-errors';
import { importConfigs } from '../../db/schema';
import { AppError } from '../../errors';
import { isTooLarge } from '../../files/multipart';
import { readerRefusal, WrongFormatError } from '../../files/sheets/open-sheet';
import { baseName, type FileStorage } from '../../files/storage';
import {
  deleteImportConfig,
  findImportConfig,
  insertImportConfig,
  isSampleInUse,
  listImportConfigs,
  updateImportConfig,
} from './import-config.repository';
import { readSampleHeader } from './sample-header';

/** A sample path must point into the samples folder (it comes back from the browser). */
function checkSamplePath(path: string | null): void {
  if (path !== null && (!path.startsWith(FILE_FOLDERS.importSample) || path.includes('..'))) {
    throw new AppError('VALIDATION', 'samplePath: Ungültiger Pfad der Beispieldatei.');
  }
}

/**
 * SPEC §2/§3/§7 import configurations: how a supplier's file maps onto articles. Operator administrators
 * only (SPEC §6). The sample file is kept in the storage (`importSample/`) so that the header row can be
 * changed later without uploading it again.
 */
export function createImportConfigService(deps: { db: Db; files: FileStorage }) {
  const { db, files } = deps;

  function requireManage(actor: RequestActor): void {
    if (!canManageImportConfigs(actor)) throw new AppError('FORBIDDEN');
  }

  async function save(write: () => Promise<string | null>): Promise<ImportConfigResponse> {
    let id: string | null;
    try {
      id = await write();
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw new AppError(
          'VALIDATION',
          'Der gewählte Hersteller, Großhändler oder die Einheit existiert nicht mehr.',
        );
      }
      throw error;
    }
    const saved = id ? await findImportConfig(db, id) : undefined;
    if (!saved) throw new AppError('NOT_FOUND');
    return saved;
  }

  async function releaseSample(path: string | null): Promise<void> {
    if (path && !(await isSampleInUse(db, path))) await files.remove(path).catch(() => false);
  }

  return {
    async list(actor: RequestActor): Promise<ImportConfigResponse[]> {
      requireManage(actor);
      return listImportConfigs(db);
    },

    async get(actor: RequestActor, id: string): Promise<ImportConfigResponse> {
      requireManage(actor);
      const config = await findImportConfig(db, id);
      if (!config) throw new AppError('NOT_FOUND');
      return config;
    },

    async create(actor: RequestActor, values: ImportConfigValues): Promise<ImportConfigResponse> {
      requireManage(actor);
      checkSamplePath(values.samplePath);
      return save(() => insertImportConfig(db, values));
    },

    /** Saves the form based on the state it was loaded with (`lastUpdate`, db/last-update.ts). */
    async update(
      actor: RequestActor,
      loaded: { id: string; lastUpdate: string },
      values: ImportConfigValues,
    ): Promise<ImportConfigResponse> {
      requireManage(actor);
      checkSamplePath(values.samplePath);
      const { id } = loaded;
      const before = await findImportConfig(db, id);
      if (!before) throw new AppError('NOT_FOUND');
      const saved = await save(() =>
        db.transaction(async (tx) => {
          await claimLoadedState(tx, importConfigs, id, { ...loaded, userId: actor.userId });
          return (await updateImportConfig(tx, id, values)) ? id : null;
        }),
      );
      if (before.samplePath !== saved.samplePath) await releaseSample(before.samplePath);
      return saved;
    },

    async remove(actor: RequestActor, id: string): Promise<{ deleted: boolean }> {
      requireManage(actor);
      const deleted = await deleteImportConfig(db, id);
      if (!deleted) throw new AppError('NOT_FOUND');
      await releaseSample(deleted.samplePath);
      return { deleted: true };
    },

    async discardSample(path: string): Promise<void> {
      await releaseSample(path);
    },

    /** SPEC §5: a sample file (xls, xlsx, csv, txt) is stored before its headers are read. */
    async receiveSample(actor: RequestActor, fileName: string, stream: Readable): Promise<string> {
      requireManage(actor);
      if (!isArticleImportFile(fileName)) throw new AppError('ARTICLE_IMPORT_WRONG_FORMAT');
      const path = `${FILE_FOLDERS.importSample}${randomUUID()}/${sanitizeFileName(fileName)}`;
      try {
        await files.save(path, stream, { maxBytes: MAX_UPLOAD_BYTES - 1 });
      } catch (error) {
        if (isTooLarge(error)) throw new AppError('FILE_TOO_LARGE');
        throw new AppError('ARTICLE_IMPORT_UPLOAD_FAILED');
      }
      return path;
    },

    /**
     * The headers in row `headerRowIndex` of a stored sample (an empty list when that row is empty), with a
     * proposed mapping and units; without a row, the proposed header row (a file may have a title row above its table).
     */
    async readHeaders(
      actor: RequestActor,
      samplePath: string,
      headerRowIndex: number | undefined,
    ): Promise<ImportHeaderResponse> {
      requireManage(actor);
      checkSamplePath(samplePath);
      if (!(await files.stat(samplePath)))
        throw new AppError('NOT_FOUND', 'Die Beispieldatei wurde nicht gefunden.');
      const filename = baseName(samplePath);
      try {
        const header = await files.withLocalFile(samplePath, (local) =>
          readSampleHeader(local, filename, headerRowIndex),
        );
        return { filename, samplePath, ...header };
      } catch (error) {
        if (error instanceof WrongFormatError) await releaseSample(samplePath);
        throw readerRefusal(error);
      }
    },
  };
}

export type ImportConfigService = ReturnType<typeof createImportConfigService>;
