import {
  enquiryBom,
  enquiryBomHeaderBody,
  enquiryBomMapBody,
  enquiryBomQuery,
  enquiryBomRefBody,
  enquiryBomUploadFields,
} from '@portal/domain/schemas/bom';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import { AppError } from '../../errors';
import { parseFields, registerUploads } from '../../files/multipart';
import { sendStoredFile } from '../../files/send-file';
import { bomErrors, bomUploadErrors, receiveBomUpload, registerBomHeaderAndMap } from '../bom';
import type { EnquiryBomService } from './enquiry-bom.service';

const errors = bomErrors;
const tags = ['enquiry'];

/**
 * SPEC §7 BOM: the BOM of an enquiry. Upload, header row, mapping and delete on the customer's
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
        response: { 200: enquiryBom, ...bomUploadErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return receiveBomUpload(request, enquiryBomUploadFields, {
        // The fields come before the file: the access is checked before a byte is stored.
        async check(fields) {
          const { enquiryId } = parseFields(enquiryBomUploadFields, fields);
          await service.checkUpload(actor, enquiryId);
          return enquiryId;
        },
        store: (enquiryId, filename, stream) => service.store(enquiryId, filename, stream),
        discard: (stored) => service.discard(stored),
        confirm(enquiryId, fields) {
          if (fields.enquiryId !== enquiryId) {
            throw new AppError('VALIDATION', 'enquiryId: Bitte senden Sie die Anfrage nur einmal.');
          }
        },
        attach: (enquiryId, stored, headerRowIndex) =>
          service.attach(actor, enquiryId, stored, headerRowIndex),
      });
    },
  );

  registerBomHeaderAndMap(app, {
    base: '/api/enquiry/bom',
    tags,
    response: enquiryBom,
    header: {
      body: enquiryBomHeaderBody,
      run: (actor, body) => service.changeHeader(actor, body.enquiryId, body.headerRowIndex),
    },
    map: {
      body: enquiryBomMapBody,
      summary:
        'Zuordnung der Stückliste speichern (Spalte -> Feld, Text für beigestellte Teile) und die Zeilen mit dem Katalog abgleichen',
      run: (actor, body) => service.map(actor, body),
    },
  });

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
