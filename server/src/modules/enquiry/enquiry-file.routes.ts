import { errorResponse } from '@portal/domain/schemas/common';
import {
  enquiryFile,
  enquiryFileRefBody,
  enquiryFileTypeBody,
  enquiryZipBody,
} from '@portal/domain/schemas/enquiry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import { AppError } from '../../errors';
import { receiveTypedUpload, registerUploads } from '../../files/multipart';
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
      const stored = await receiveTypedUpload(request, {
        check: () => service.checkUpload(actor, enquiryId),
        store: (filename, stream) => service.store(enquiryId, filename, stream),
        discard: (file) => service.discard(file),
        attach: (file, fileType) => service.attach(actor, enquiryId, file, fileType),
      });
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
