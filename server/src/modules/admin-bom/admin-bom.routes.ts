import {
  adminBom,
  adminBomDeleteQuery,
  adminBomHeaderBody,
  adminBomLinesQuery,
  adminBomListQuery,
  adminBomListResponse,
  adminBomMapBody,
  adminBomQuery,
  adminBomUploadFields,
} from '@portal/domain/schemas/admin-bom';
import { bomLinesPage, bomSummedResponse } from '@portal/domain/schemas/bom-lines';
import { errorResponse } from '@portal/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import { AppError } from '../../errors';
import { parseFields, readMultipart, registerUploads } from '../../files/multipart';
import { sendAttachment, sendStoredFile } from '../../files/send-file';
import type { AdminBomService } from './admin-bom.service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
const readErrors = { ...errors, 422: errorResponse };
const uploadErrors = { ...readErrors, 413: errorResponse, 415: errorResponse };
const tags = ['admin-bom'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Issue 13, point 7 (SPEC §7 /admin/bom): the operator's BOM import on /import/stueckliste, without an
 * enquiry. Upload, header row and mapping as for an enquiry's BOM; the results form a history with lines,
 * summed BOM, original file and the result as .xlsx.
 */
export const adminBomRoutes: FastifyPluginAsyncZod<{ service: AdminBomService }> = async (
  app,
  { service },
) => {
  await registerUploads(app);

  app.post(
    '/api/admin/bom/upload',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Stückliste für den Stücklistenimport hochladen (multipart: headerRowIndex?, dann file)',
        consumes: ['multipart/form-data'],
        response: { 200: adminBom, ...uploadErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { fields, file } = await readMultipart(request, async (incoming) => {
        // The access and the fields before the file are checked before a byte is stored.
        try {
          service.checkUpload(actor);
          parseFields(adminBomUploadFields, incoming.fields);
        } catch (error) {
          incoming.stream.resume();
          throw error;
        }
        return service.store(incoming.filename, incoming.stream);
      });
      if (!file) {
        service.checkUpload(actor);
        parseFields(adminBomUploadFields, fields);
        throw new AppError('FILE_MISSING');
      }
      let headerRowIndex: number | undefined;
      try {
        headerRowIndex = parseFields(adminBomUploadFields, fields).headerRowIndex;
      } catch (error) {
        await service.discard(file.result);
        throw error;
      }
      return service.attach(actor, file.result, headerRowIndex);
    },
  );

  app.post(
    '/api/admin/bom/header',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary:
          'Kopfzeile der Stückliste übernehmen: Spaltenüberschriften der Zeile und Zuordnungsvorschlag',
        body: adminBomHeaderBody,
        response: { 200: adminBom, ...readErrors },
      },
    },
    async (request) =>
      service.changeHeader(requireActor(request), request.body.id, request.body.headerRowIndex),
  );

  app.post(
    '/api/admin/bom/map',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary:
          'Zuordnung speichern und die Zeilen mit dem Katalog abgleichen (ersetzt frühere Zeilen); mit Erfolgsquote',
        body: adminBomMapBody,
        response: { 200: adminBom, ...readErrors },
      },
    },
    async (request) => service.map(requireActor(request), request.body),
  );

  app.get(
    '/api/admin/bom/all/simple',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Verlauf des Stücklistenimports, neueste zuerst (Seite, Seitengröße)',
        querystring: adminBomListQuery,
        response: { 200: adminBomListResponse, ...errors },
      },
    },
    async (request) => service.list(requireActor(request), request.query),
  );

  app.get(
    '/api/admin/bom/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Ein Ergebnis des Stücklistenimports laden',
        querystring: adminBomQuery,
        response: { 200: adminBom, ...errors },
      },
    },
    async (request) => service.get(requireActor(request), request.query.id),
  );

  app.get(
    '/api/admin/bom/delete',
    {
      config: { auth: 'signedIn', changesData: true },
      schema: {
        tags,
        summary: 'Ergebnisse des Stücklistenimports löschen (kommagetrennte IDs), mit Zeilen und Dateien',
        querystring: adminBomDeleteQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(requireActor(request), request.query.adminBOMResultIds);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/admin/bom/lines',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary:
          'Zeilen eines Ergebnisses (Seite, Sortierung, Statusfilter, nur Fehler) mit der Anzahl je Status',
        querystring: adminBomLinesQuery,
        response: { 200: bomLinesPage, ...errors },
      },
    },
    async (request) => {
      const { id, ...query } = request.query;
      return service.linesPage(requireActor(request), id, query);
    },
  );

  app.get(
    '/api/admin/bom/summed',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Summenstückliste eines Ergebnisses',
        querystring: adminBomQuery,
        response: { 200: bomSummedResponse, ...errors },
      },
    },
    async (request) => service.summed(requireActor(request), request.query.id),
  );

  app.get(
    '/api/admin/bom/file',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Originaldatei eines Ergebnisses herunterladen',
        querystring: adminBomQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { bom, stream } = await service.download(requireActor(request), request.query.id);
      return sendStoredFile(reply, { name: bom.filename, size: bom.size }, stream);
    },
  );

  app.get(
    '/api/admin/bom/export',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Alle herunterladen: Ergebnis und Summenstückliste als Excel-Datei (.xlsx)',
        querystring: adminBomQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { filename, content } = await service.export(requireActor(request), request.query.id);
      return sendAttachment(reply, filename, XLSX_TYPE, content);
    },
  );
};
