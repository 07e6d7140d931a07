import { errorResponse } from '@portal/domain/schemas/common';
import {
  fileDeleteResponse,
  fileNamesResponse,
  filePathQuery,
  folderPath,
  folderQuery,
  storedFileResponse,
  uploadFolderQuery,
} from '@portal/domain/schemas/file';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import { AppError } from '../../errors';
import { parseFields, readMultipart, registerUploads } from '../../files/multipart';
import { sendStoredFile } from '../../files/send-file';
import type { FileService } from './file.service';

// The download helpers moved to files/send-file.ts; modules that still import them from here keep working.
export { attachmentHeader, contentTypeOf, sendAttachment, sendStoredFile } from '../../files/send-file';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  413: errorResponse,
  415: errorResponse,
};

/** SPEC §7 file calls: POST /file/, POST /file/delete, GET /file/, GET /file/names. */
export const fileRoutes: FastifyPluginAsyncZod<{ service: FileService }> = async (app, { service }) => {
  await registerUploads(app);

  app.post(
    '/api/file/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['file'],
        summary: 'Datei hochladen (multipart: path, file)',
        consumes: ['multipart/form-data'],
        querystring: uploadFolderQuery,
        response: { 201: storedFileResponse, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { file } = await readMultipart(request, async (incoming) => {
        const folder = request.query.path ?? incoming.fields.path;
        if (folder === undefined) {
          incoming.stream.resume();
          throw new AppError('VALIDATION', 'path: Bitte geben Sie den Zielordner vor der Datei an.');
        }
        const { path } = parseFields(z.object({ path: folderPath }), { path: folder });
        return service.upload(actor, path, incoming.filename, incoming.stream);
      });
      if (!file) throw new AppError('FILE_MISSING');
      reply.status(201);
      return file.result;
    },
  );

  app.post(
    '/api/file/delete',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['file'],
        summary: 'Datei löschen',
        querystring: filePathQuery,
        response: { 200: fileDeleteResponse, ...errors },
      },
    },
    async (request) => service.remove(requireActor(request), request.query.path),
  );

  app.get(
    '/api/file/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['file'],
        summary: 'Datei herunterladen',
        querystring: filePathQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { file, stream } = await service.download(requireActor(request), request.query.path);
      return sendStoredFile(reply, file, stream);
    },
  );

  app.get(
    '/api/file/names',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['file'],
        summary: 'Dateien eines Ordners (z. B. exportResult/)',
        querystring: folderQuery,
        response: { 200: fileNamesResponse, ...errors },
      },
    },
    async (request) => service.names(requireActor(request), request.query.path),
  );
};
