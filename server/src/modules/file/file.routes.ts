import type { Readable } from 'node:stream';
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
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import { AppError } from '../../errors';
import { parseFields, readMultipart, registerUploads } from '../../files/multipart';
import type { FileService } from './file.service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  413: errorResponse,
  415: errorResponse,
};

/**
 * A stored file as a download: type from the name, its length, attachment with the original name (also as
 * `x-filename` for the web app), never cached.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { name: string; size: number },
  stream: Readable,
): FastifyReply {
  reply.header('content-length', String(file.size));
  return sendAttachment(reply, file.name, contentTypeOf(file.name), stream);
}

/**
 * A download made for this request (a ZIP, an export, a report): the same headers as a stored file
 * (attachment under its name, `x-filename` for the web app, never cached), without a known length.
 */
export function sendAttachment(
  reply: FastifyReply,
  filename: string,
  contentType: string,
  body: Readable | Buffer,
): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', attachmentHeader(filename))
    .header('x-filename', encodeURIComponent(filename))
    .header('cache-control', 'no-store')
    .send(body);
}

/** RFC 6266 attachment header with an ASCII fallback and the UTF-8 name. */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replaceAll('"', '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

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

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

export function contentTypeOf(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
