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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import { parseFields, registerUploads } from '../../files/multipart';
import { sendAttachment, sendStoredFile } from '../../files/send-file';
import { bomErrors, bomUploadErrors, receiveBomUpload, registerBomHeaderAndMap } from '../bom';
import type { AdminBomService } from './admin-bom.service';

const errors = bomErrors;
const tags = ['admin-bom'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * SPEC §7 /admin/bom: the operator's BOM import on /import/stueckliste, without an
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
        response: { 200: adminBom, ...bomUploadErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return receiveBomUpload(request, adminBomUploadFields, {
        async check(fields) {
          service.checkUpload(actor);
          parseFields(adminBomUploadFields, fields);
        },
        store: (_none, filename, stream) => service.store(filename, stream),
        discard: (stored) => service.discard(stored),
        checkWithoutFile: () => service.checkUpload(actor),
        attach: (_none, stored, headerRowIndex) => service.attach(actor, stored, headerRowIndex),
      });
    },
  );

  registerBomHeaderAndMap(app, {
    base: '/api/admin/bom',
    tags,
    response: adminBom,
    header: {
      body: adminBomHeaderBody,
      run: (actor, body) => service.changeHeader(actor, body.id, body.headerRowIndex),
    },
    map: {
      body: adminBomMapBody,
      summary:
        'Zuordnung speichern und die Zeilen mit dem Katalog abgleichen (ersetzt frühere Zeilen); mit Erfolgsquote',
      run: (actor, body) => service.map(actor, body),
    },
  });

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
