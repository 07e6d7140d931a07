import {
  enquiryBom,
  enquiryBomHeaderBody,
  enquiryBomMapBody,
  enquiryBomQuery,
  enquiryBomRefBody,
  enquiryBomUploadFields,
} from '@portal/domain/schemas/bom';
import { errorResponse } from '@portal/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import { AppError } from '../../errors';
import { parseFields, readMultipart, registerUploads } from '../../files/multipart';
import { sendStoredFile } from '../../files/send-file';
import type { EnquiryBomService } from './enquiry-bom.service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
const readErrors = { ...errors, 422: errorResponse };
const uploadErrors = { ...readErrors, 413: errorResponse, 415: errorResponse };
const tags = ['enquiry'];

/**
 * Issue 13, points 1 and 2 (SPEC §7 BOM): the BOM of an enquiry. Upload, header row, mapping and delete on the customer's
 * draft; download for everyone who may read the enquiry. The offer's BOM (offerId) and the operator's BOM
 * import (query admin) come with their issues.
 */
export const enquiryBomRoutes: FastifyPluginAsyncZod<{ service: EnquiryBomService }> = async (
  app,
  { service },
) => {
  await registerUploads(app);

  app.post(
    '/api/enquiry/bom/upload',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary:
          'Stückliste einer Anfrage hochladen (multipart: enquiryId, headerRowIndex?, dann file; ersetzt eine frühere)',
        consumes: ['multipart/form-data'],
        response: { 200: enquiryBom, ...uploadErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { fields, file } = await readMultipart(request, async (incoming) => {
        // The fields come before the file: the access is checked before a byte is stored.
        let enquiryId: string;
        try {
          enquiryId = parseFields(enquiryBomUploadFields, incoming.fields).enquiryId;
          await service.checkUpload(actor, enquiryId);
        } catch (error) {
          incoming.stream.resume();
          throw error;
        }
        return { enquiryId, stored: await service.store(enquiryId, incoming.filename, incoming.stream) };
      });
      if (!file) {
        parseFields(enquiryBomUploadFields, fields);
        throw new AppError('FILE_MISSING');
      }
      const { enquiryId, stored } = file.result;
      let headerRowIndex: number | undefined;
      try {
        const parsed = parseFields(enquiryBomUploadFields, fields);
        if (parsed.enquiryId !== enquiryId) {
          throw new AppError('VALIDATION', 'enquiryId: Bitte senden Sie die Anfrage nur einmal.');
        }
        headerRowIndex = parsed.headerRowIndex;
      } catch (error) {
        await service.discard(stored);
        throw error;
      }
      return service.attach(actor, enquiryId, stored, headerRowIndex);
    },
  );

  app.post(
    '/api/enquiry/bom/header',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary:
          'Kopfzeile der Stückliste übernehmen: Spaltenüberschriften der Zeile und Zuordnungsvorschlag',
        body: enquiryBomHeaderBody,
        response: { 200: enquiryBom, ...readErrors },
      },
    },
    async (request) =>
      service.changeHeader(requireActor(request), request.body.enquiryId, request.body.headerRowIndex),
  );

  app.post(
    '/api/enquiry/bom/map',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary:
          'Zuordnung der Stückliste speichern (Spalte -> Feld, Text für beigestellte Teile) und die Zeilen mit dem Katalog abgleichen',
        body: enquiryBomMapBody,
        response: { 200: enquiryBom, ...readErrors },
      },
    },
    async (request) => service.map(requireActor(request), request.body),
  );

  app.get(
    '/api/enquiry/bom/info',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Die Stückliste einer Anfrage (Dateizeile, Kopfzeile, Zuordnung); null ohne Stückliste',
        querystring: enquiryBomQuery,
        response: { 200: enquiryBom.nullable(), ...errors },
      },
    },
    async (request) => service.info(requireActor(request), request.query.enquiryId),
  );

  app.get(
    '/api/enquiry/bom/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Stückliste einer Anfrage herunterladen (Originaldatei)',
        querystring: enquiryBomQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { bom, stream } = await service.download(requireActor(request), request.query.enquiryId);
      return sendStoredFile(reply, { name: bom.filename, size: bom.size }, stream);
    },
  );

  app.post(
    '/api/enquiry/bom/delete',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Stückliste einer Anfrage löschen (nur Entwürfe)',
        body: enquiryBomRefBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(requireActor(request), request.body.enquiryId);
      return reply.status(204).send(null);
    },
  );
};
