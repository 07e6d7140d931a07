import type { FileType } from '@portal/domain/enums';
import { errorResponse } from '@portal/domain/schemas/common';
import {
  enquiryFile,
  enquiryFileRefBody,
  enquiryFileTypeBody,
  enquiryFileUploadFields,
  enquiryZipBody,
} from '@portal/domain/schemas/enquiry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import { AppError } from '../../errors';
import { parseFields, readMultipart, registerUploads } from '../../files/multipart';
import { sendAttachment, sendStoredFile } from '../file/file.routes';
import type { EnquiryFileService } from './enquiry-file.service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
const uploadErrors = { ...errors, 413: errorResponse, 415: errorResponse };
const tags = ['enquiry'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Issue 12, point 4: upload, classify, download and delete the files of an enquiry; all as one ZIP. */
export const enquiryFileRoutes: FastifyPluginAsyncZod<{ service: EnquiryFileService }> = async (
  app,
  { service },
) => {
  await registerUploads(app);

  app.post(
    '/api/enquiry/:id/file',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Datei zu einer Anfrage hochladen (multipart: fileType?, file)',
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string() }),
        response: { 201: enquiryFile, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const enquiryId = request.params.id;
      // Access first: a refused upload never reaches the storage.
      await service.checkUpload(actor, enquiryId);
      const { fields, file } = await readMultipart(request, async (incoming) => {
        // A type sent before the file is checked before a byte is stored.
        try {
          parseFields(enquiryFileUploadFields, incoming.fields);
        } catch (error) {
          incoming.stream.resume();
          throw error;
        }
        return service.store(enquiryId, incoming.filename, incoming.stream);
      });
      if (!file) throw new AppError('FILE_MISSING');
      let fileType: FileType | undefined;
      try {
        fileType = parseFields(enquiryFileUploadFields, fields).fileType;
      } catch (error) {
        await service.discard(file.result);
        throw error;
      }
      const stored = await service.attach(actor, enquiryId, file.result, fileType);
      reply.status(201);
      return stored;
    },
  );

  app.post(
    '/api/enquiry/file/type',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Dateityp einer Datei ändern (nur Entwürfe)',
        body: enquiryFileTypeBody,
        response: { 200: enquiryFile, ...errors },
      },
    },
    async (request) => {
      const { enquiryId, fileId, fileType } = request.body;
      return service.setType(requireActor(request), enquiryId, fileId, fileType);
    },
  );

  app.post(
    '/api/enquiry/file/delete',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Datei einer Anfrage löschen (nur Entwürfe)',
        body: enquiryFileRefBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(requireActor(request), request.body.enquiryId, request.body.fileId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/enquiry/:id/file/:fileId',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Datei einer Anfrage herunterladen',
        params: z.object({ id: z.string(), fileId: z.string() }),
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      if (!UUID.test(request.params.fileId)) throw new AppError('NOT_FOUND');
      const { file, stream } = await service.download(
        requireActor(request),
        request.params.id,
        request.params.fileId,
      );
      return sendStoredFile(reply, { name: file.filename, size: file.size }, stream);
    },
  );

  app.post(
    '/api/file/all/enquiry',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Alle Dateien einer Anfrage als ZIP („Alle herunterladen“)',
        body: enquiryZipBody,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { filename, stream } = await service.zip(requireActor(request), request.body.enquiryId);
      return sendAttachment(reply, filename, 'application/zip', stream);
    },
  );
};
