import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { canImportArticles, canSeeArticleImport, FILE_FOLDERS } from '@portal/domain/permissions';
import {
  isArticleImportFile,
  isCatalogImportFile,
  MAX_UPLOAD_BYTES,
  sanitizeFileName,
} from '@portal/domain/rules/file-type';
import { compileImportPlan } from '@portal/domain/rules/import-mapping';
import {
  type ImportPreviewResponse,
  type ImportRunListQuery,
  type ImportRunListResponse,
  type ImportStatusResponse,
  MISSING_IMPORT_CONFIG,
  type ResolveImportNameBody,
} from '@portal/domain/schemas/article-import';
import type { RequestActor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { isTooLarge } from '../../files/multipart';
import { readerRefusal, readHeaderCells } from '../../files/sheets/open-sheet';
import type { FileStorage } from '../../files/storage';
import type { JobQueue } from '../../jobs/queue';
import { findImportConfig } from '../import-config';
import { articleImportJob } from './article-import.job';
import { checkCatalogFile } from './catalog-config';
import { createGroupFileImport, datanormGroupFileOf } from './group-files';
import { createImportPreviewService } from './import-preview.service';
import { failStaleImports } from './import-recovery';
import {
  confirmPreview,
  findActiveRun,
  findCurrentRun,
  findRun,
  type ImportRunRow,
  insertRun,
  isActiveRunConflict,
  listRuns,
  requestAbort,
} from './import-run.repository';
import { toRunListItem, toRunResponse, toStatus } from './import-run-response';

/** 409 for a second import: a waiting preview says so, since nothing appears to run. */
function activeRunConflict(state: string): AppError {
  return new AppError(state === 'PREVIEW' ? 'ARTICLE_IMPORT_PREVIEW_WAITING' : 'ARTICLE_IMPORT_RUNNING');
}

export interface StoredUpload {
  path: string;
  fileName: string;
  size: number;
}

/**
 * SPEC §4/§7 article import: upload and start (one at a time, enforced by a unique index over active
 * runs), progress, abort and the error report. The import itself runs in the background job.
 */
export function createArticleImportService(deps: {
  database: Database;
  files: FileStorage;
  queue: JobQueue;
}) {
  const { database, files, queue } = deps;
  const db = database.db;
  /** Every call that shows or starts imports first ends those whose process died (import-recovery.ts). */
  const failStale = () => failStaleImports({ database, files });
  const previews = createImportPreviewService({ database });
  const importGroupFile = createGroupFileImport({ db, files });

  /** Records the run and queues its job (a second active run violates the unique index: 409). */
  async function queueRun(
    actor: RequestActor,
    upload: StoredUpload,
    source: { configId: string | null; configTitle: string; catalogFormat: string | null },
    preview: boolean,
  ): Promise<ImportStatusResponse> {
    await failStale();
    const run = await db.transaction(async (tx) => {
      const inserted = await insertRun(tx, {
        ...source,
        startedBy: actor.userId,
        fileName: upload.fileName,
        filePath: upload.path,
        fileSize: upload.size,
      });
      const phase = preview ? 'preview' : 'import';
      await queue.enqueue(articleImportJob, { runId: inserted.id, phase }, { tx });
      return inserted;
    });
    // Starts at once instead of at the worker's next poll (up to 2 s later).
    queue.wake(articleImportJob);
    return toStatus(run);
  }

  return {
    /**
     * Streams the uploaded file into the storage (SPEC §8: 424 when that fails). Checked before the first
     * byte: the right, the format (417) and that no import is running (409, saving a useless upload).
     */
    async receiveFile(actor: RequestActor, fileName: string, stream: Readable): Promise<StoredUpload> {
      if (!canImportArticles(actor)) throw new AppError('FORBIDDEN');
      if (!isArticleImportFile(fileName) && !isCatalogImportFile(fileName)) {
        throw new AppError('ARTICLE_IMPORT_WRONG_FORMAT');
      }
      await failStale();
      const active = await findActiveRun(db);
      if (active) throw activeRunConflict(active.state);
      const name = sanitizeFileName(fileName);
      const path = `${FILE_FOLDERS.articleImport}${randomUUID()}/${name}`;
      try {
        const { size } = await files.save(path, stream, { maxBytes: MAX_UPLOAD_BYTES - 1 });
        return { path, fileName: name, size };
      } catch (error) {
        if (isTooLarge(error)) throw new AppError('FILE_TOO_LARGE');
        throw new AppError('ARTICLE_IMPORT_UPLOAD_FAILED');
      }
    },

    /** Removes an upload that will not be imported. */
    async discard(upload: StoredUpload): Promise<void> {
      await files.remove(upload.path).catch(() => false);
    },

    /**
     * Checks the stored file against the configuration and queues the import; the file is removed on refusal.
     * With `preview` (the default) the import stops after reading the file and waits for
     * "Übernehmen"; without it writes at once.
     */
    async start(
      actor: RequestActor,
      upload: StoredUpload,
      importConfigId: string | undefined,
      preview = true,
    ): Promise<ImportStatusResponse> {
      try {
        if (!canImportArticles(actor)) throw new AppError('FORBIDDEN');
        const chosen = importConfigId ? await findImportConfig(db, importConfigId) : undefined;
        if (importConfigId && !chosen)
          throw new AppError('NOT_FOUND', 'Die Importkonfiguration wurde nicht gefunden.');
        const groupFile = datanormGroupFileOf(upload.fileName);
        if (groupFile) return await importGroupFile(actor, upload, groupFile, chosen);
        const catalog = isCatalogImportFile(upload.fileName)
          ? await files.withLocalFile(upload.path, (local) => checkCatalogFile(local, upload.fileName))
          : null;
        if (catalog) {
          // A configuration is optional here: it names the manufacturer a DATANORM 4 file leaves out.
          const source = {
            configId: chosen?.id ?? null,
            configTitle: catalog.title,
            catalogFormat: catalog.format,
          };
          return await queueRun(actor, upload, source, preview);
        }
        const config = chosen;
        if (!config) throw new AppError('VALIDATION', `importConfigId: ${MISSING_IMPORT_CONFIG}`);
        const headers = await files
          .withLocalFile(upload.path, (local) =>
            readHeaderCells(local, upload.fileName, config.headerRowIndex),
          )
          .catch((error: unknown) => {
            throw readerRefusal(error);
          });
        const compiled = compileImportPlan(headers, config.fieldMapping, config);
        if (!compiled.ok) {
          throw new AppError(
            'ARTICLE_IMPORT_WRONG_FORMAT',
            `Die Datei passt nicht zur Importkonfiguration „${config.title}“: In Zeile ${config.headerRowIndex} fehlen die Spalten ${compiled.missingHeaders
              .map((name) => `„${name}“`)
              .join(', ')}.`,
          );
        }
        return await queueRun(
          actor,
          upload,
          { configId: config.id, configTitle: config.title, catalogFormat: null },
          preview,
        );
      } catch (error) {
        await files.remove(upload.path).catch(() => false);
        if (isActiveRunConflict(error)) throw new AppError('ARTICLE_IMPORT_RUNNING');
        throw error;
      }
    },

    /** SPEC §7 GET /article/import: the running import, else the latest. */
    async status(actor: RequestActor): Promise<ImportStatusResponse> {
      if (!canSeeArticleImport(actor)) throw new AppError('FORBIDDEN');
      await failStale();
      return toStatus(await findCurrentRun(db));
    },

    /**
     * SPEC §7 GET /article/import/abort: the worker stops after the batch it is writing (well within 2 s); a
     * run waiting in its preview is discarded at once ("Verwerfen"), with the rows it read.
     */
    async abort(actor: RequestActor): Promise<ImportStatusResponse> {
      if (!canImportArticles(actor)) throw new AppError('FORBIDDEN');
      await failStale();
      const run = await previews.exclusive(() => requestAbort(db));
      if (!run) throw new AppError('NOT_FOUND', 'Es läuft kein Artikelimport.');
      // Ended before a worker had it (queued, or waiting in its preview): nobody else drops its rows.
      if (run.state === 'ABORTED') await previews.dropStaging(run.id);
      return toStatus(run);
    },

    /** GET /article/import/preview. */
    async preview(actor: RequestActor): Promise<ImportPreviewResponse> {
      return previews.preview(actor, toRunResponse);
    },

    /** POST /article/import/preview/names, answered with the preview counted again. */
    async resolveName(actor: RequestActor, body: ResolveImportNameBody): Promise<ImportPreviewResponse> {
      const run = await previews.resolveName(actor, body);
      return { run: toRunResponse(run), preview: run.preview.summary };
    },

    /** "Übernehmen" (POST /article/import/confirm) queues the write phase of the preview. */
    async confirm(actor: RequestActor): Promise<ImportStatusResponse> {
      if (!canImportArticles(actor)) throw new AppError('FORBIDDEN');
      const run = await previews.exclusive(() =>
        db.transaction(async (tx) => {
          const confirmed = await confirmPreview(tx);
          if (confirmed)
            await queue.enqueue(articleImportJob, { runId: confirmed.id, phase: 'write' }, { tx });
          return confirmed;
        }),
      );
      if (!run)
        throw new AppError('NOT_FOUND', 'Es wartet kein Artikelimport mit einer Vorschau auf „Übernehmen“.');
      queue.wake(articleImportJob);
      return toStatus(run);
    },

    /** The history of import runs, newest first, for those who may import. */
    async listRuns(actor: RequestActor, query: ImportRunListQuery): Promise<ImportRunListResponse> {
      if (!canImportArticles(actor)) throw new AppError('FORBIDDEN');
      await failStale();
      const { rows, total } = await listRuns(db, {
        offset: query.page * query.paginationSize,
        limit: query.paginationSize,
      });
      return { content: rows.map(toRunListItem), totalElements: total };
    },

    async findRunForReport(actor: RequestActor, runId: string): Promise<ImportRunRow> {
      if (!canImportArticles(actor)) throw new AppError('FORBIDDEN');
      const run = await findRun(db, runId);
      if (!run) throw new AppError('NOT_FOUND');
      return run;
    },
  };
}

export type ArticleImportService = ReturnType<typeof createArticleImportService>;
