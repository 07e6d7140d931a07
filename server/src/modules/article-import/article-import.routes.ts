import {
  importPreviewResponse,
  importReportQuery,
  importRunListQuery,
  importRunListResponse,
  importStatusResponse,
  resolveImportNameBody,
  startImportFields,
  startImportQuery,
} from '@portal/domain/schemas/article-import';
import { errorResponse } from '@portal/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { parseFields, readMultipart, registerUploads } from '../../files/multipart';
import { sendAttachment } from '../../files/send-file';
import type { ArticleImportService, StoredUpload } from './article-import.service';
import { importReportStream, reportFileName } from './import-report';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  413: errorResponse,
  417: errorResponse,
  424: errorResponse,
};

/**
 * SPEC §7 POST/GET /article/import, GET /article/import/abort, the error report of a run, and the preview
 * that shows an import before it writes (GET /preview, POST /preview/names, POST /confirm).
 */
export const articleImportRoutes: FastifyPluginAsyncZod<{
  service: ArticleImportService;
  db: DbOrTx;
}> = async (app, { service, db }) => {
  await registerUploads(app);

  app.post(
    '/api/article/import',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['article'],
        summary:
          'Artikelimport starten (multipart: file, importConfigId, preview). Ein Katalog (BMEcat .xml/.zip, DATANORM .001/.dat) braucht keine importConfigId: sein Format wird am Inhalt erkannt. Ohne preview=false wartet der Import nach dem Lesen der Datei mit einer Vorschau auf „Übernehmen“ (POST /api/article/import/confirm); mit preview=false (Feld oder Query) schreibt er sofort.',
        consumes: ['multipart/form-data'],
        querystring: startImportQuery,
        response: { 201: importStatusResponse, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      let stored: StoredUpload | null = null;
      try {
        const { fields, file } = await readMultipart(request, async (incoming) => {
          try {
            stored = await service.receiveFile(actor, incoming.filename, incoming.stream);
            return stored;
          } catch (error) {
            incoming.stream.resume();
            throw error;
          }
        });
        if (!file) throw new AppError('FILE_MISSING');
        const preview = request.query.preview ?? fields.preview;
        const configId = request.query.importConfigId ?? fields.importConfigId;
        const parsed = parseFields(startImportFields, {
          ...(configId ? { importConfigId: configId } : {}),
          ...(preview === undefined ? {} : { preview }),
        });
        const upload = file.result;
        stored = null;
        const status = await service.start(actor, upload, parsed.importConfigId, parsed.preview);
        reply.status(201);
        return status;
      } catch (error) {
        // A refusal after the file was stored (bad field, request cut off) leaves nothing behind.
        if (stored) await service.discard(stored);
        throw error;
      }
    },
  );

  app.get(
    '/api/article/import',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['article'],
        summary: 'Fortschritt des Artikelimports (percent, minutesSinceStart)',
        response: { 200: importStatusResponse, ...errors },
      },
    },
    async (request) => service.status(requireActor(request)),
  );

  app.get(
    '/api/article/import/runs',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['article'],
        summary: 'Letzte Artikelimporte (neueste zuerst, seitenweise) mit ihren Ergebnissen',
        querystring: importRunListQuery,
        response: { 200: importRunListResponse, ...errors },
      },
    },
    async (request) => service.listRuns(requireActor(request), request.query),
  );

  app.get(
    '/api/article/import/abort',
    {
      config: { auth: 'signedIn', changesData: true },
      schema: {
        tags: ['article'],
        summary: 'Artikelimport beenden',
        response: { 200: importStatusResponse, ...errors },
      },
    },
    async (request) => service.abort(requireActor(request)),
  );

  app.get(
    '/api/article/import/preview',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['article'],
        summary:
          'Vorschau des Artikelimports, der auf „Übernehmen“ wartet: gelesene, neue, geänderte, unveränderte und abgelehnte Zeilen (nach Grund) und die unbekannten Hersteller- und Einheitennamen der Datei',
        response: { 200: importPreviewResponse, ...errors },
      },
    },
    async (request) => service.preview(requireActor(request)),
  );

  app.post(
    '/api/article/import/preview/names',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['article'],
        summary:
          'Unbekannten Namen der Vorschau auflösen: als Hersteller/Einheit anlegen (CREATE) oder als Namensvariante eines vorhandenen zuordnen (VARIANT); antwortet mit der neu gezählten Vorschau',
        body: resolveImportNameBody,
        response: { 200: importPreviewResponse, ...errors },
      },
    },
    async (request) => service.resolveName(requireActor(request), request.body),
  );

  app.post(
    '/api/article/import/confirm',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['article'],
        summary: '„Übernehmen“: den Artikelimport, der mit seiner Vorschau wartet, schreiben',
        response: { 200: importStatusResponse, ...errors },
      },
    },
    async (request) => service.confirm(requireActor(request)),
  );

  app.get(
    '/api/article/import/report',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['article'],
        summary: 'Fehlerbericht eines Artikelimports (CSV)',
        querystring: importReportQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const run = await service.findRunForReport(requireActor(request), request.query.runId);
      const name = reportFileName(run);
      return sendAttachment(reply, name, 'text/csv; charset=utf-8', importReportStream(db, run));
    },
  );
};
