import {
  folderDeleteResponse,
  folderFileQuery,
  folderIdQuery,
  folderItem,
  folderItemsBody,
  folderListPage,
  folderListQuery,
  folderLogPage,
  folderLogQuery,
  folderResponse,
  folderZipQuery,
} from '@portal/domain/schemas/business-data';
import { errorResponse } from '@portal/domain/schemas/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { readMultipart, registerUploads } from '../../files/multipart';
import { attachmentHeader, sendAttachment, sendStoredFile } from '../../files/send-file';
import type { FileStorage } from '../../files/storage';
import type { JobQueue } from '../../jobs/queue';
import { resolveFolderAccess } from './folder-access';
import { createFolderFilesService, type FolderFilesService } from './folder-files.service';
import { findFolderPage } from './folder-list.repository';
import { logOf, recordFolderEvent } from './folder-log';
import { findFolderLogPage } from './folder-log.repository';
import { buildFolderResponse } from './folder-view';

const BASE = '/api/offer/businessdata';
const tags = ['business-data'];
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  412: errorResponse,
};
const uploadErrors = { ...errors, 413: errorResponse, 415: errorResponse };

/**
 * Counts a download only when the response went out completely ('finish'); a client that breaks off
 * (only 'close') leaves the counters as they were.
 */
function onCompleted(request: FastifyRequest, reply: FastifyReply, work: () => Promise<void>): void {
  reply.raw.once('finish', () => {
    work().catch((error) => request.log.error({ err: error }, 'Projektordner: Download nicht gezählt'));
  });
}

/** POST / multipart: the folderId field first, then the file (checked before a byte is stored). */
async function receiveUpload(request: FastifyRequest, files: FolderFilesService) {
  let access: Awaited<ReturnType<FolderFilesService['checkUpload']>> | null = null;
  const { file } = await readMultipart(request, async (incoming) => {
    const folderId = incoming.fields.folderId;
    try {
      if (!folderId) {
        throw new AppError('VALIDATION', 'Bitte senden Sie den Projektordner vor der Datei.');
      }
      access = await files.checkUpload(request, folderId);
    } catch (error) {
      incoming.stream.resume();
      throw error;
    }
    return files.store(folderId, incoming.filename, incoming.stream);
  });
  if (!file || !access) throw new AppError('FILE_MISSING');
  return files.attach(access, file.result);
}

/**
 * The project folder itself (SPEC §2 project folder, §7 /offer/businessdata): the list, opening a
 * folder, its files (upload, download, PDF view, ZIP, delete) and the access log. Every folder call is
 * `optional`: folder-access.ts decides for a signed-in user and for an anonymous visitor's token alike.
 */
export const folderRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  queue: JobQueue;
  baseUrl: string;
}> = async (app, { db, storage }) => {
  const files = createFolderFilesService({ db, storage });
  await registerUploads(app);

  app.get(
    `${BASE}/list`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Projektordner der eigenen und der mit mir geteilten Angebote (offen, bestellt, Auftrag)',
        querystring: folderListQuery,
        response: { 200: folderListPage, ...errors },
      },
    },
    async (request) => findFolderPage(db, requireActor(request), request.query),
  );

  app.get(
    `${BASE}/`,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Projektordner öffnen',
        querystring: folderIdQuery,
        response: { 200: folderResponse, ...errors },
      },
    },
    async (request) => {
      const access = await resolveFolderAccess(db, request, request.query.folderId, 'read');
      await recordFolderEvent(db, logOf(access, 'OPEN'));
      return buildFolderResponse(db, access);
    },
  );

  app.post(
    `${BASE}/`,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Datei in den Projektordner hochladen (multipart: folderId, dann file)',
        consumes: ['multipart/form-data'],
        response: { 201: folderItem, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const item = await receiveUpload(request, files);
      reply.status(201);
      return item;
    },
  );

  app.get(
    `${BASE}/file`,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Datei des Projektordners herunterladen oder (PDF) ansehen',
        querystring: folderFileQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { folderId, itemId, inline } = request.query;
      const found = await files.file(request, folderId, itemId, inline === 'true');
      if (found.inline) {
        return reply
          .header('content-type', 'application/pdf')
          .header('content-length', String(found.item.size))
          .header(
            'content-disposition',
            attachmentHeader(found.item.filename).replace(/^attachment/, 'inline'),
          )
          .header('x-filename', encodeURIComponent(found.item.filename))
          .header('cache-control', 'no-store')
          .send(found.stream);
      }
      onCompleted(request, reply, () => files.countDownloads(found.access, [found.item]));
      return sendStoredFile(reply, { name: found.item.filename, size: found.item.size }, found.stream);
    },
  );

  app.get(
    `${BASE}/zip`,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Gewählte Dateien des Projektordners als ZIP herunterladen',
        querystring: folderZipQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const ids = request.query.itemIds
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean);
      const zip = await files.zip(request, request.query.folderId, ids);
      onCompleted(request, reply, () => files.countDownloads(zip.access, zip.items));
      return sendAttachment(reply, zip.filename, 'application/zip', zip.stream);
    },
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Dateien des Projektordners löschen (208: einige waren schon gelöscht)',
        body: folderItemsBody,
        response: { 200: folderDeleteResponse, 208: folderDeleteResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await files.remove(request, request.body.folderId, request.body.itemIds);
      reply.status(result.alreadyDeleted > 0 ? 208 : 200);
      return result;
    },
  );

  app.get(
    `${BASE}/log`,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Zugriffsprotokoll des Projektordners',
        querystring: folderLogQuery,
        response: { 200: folderLogPage, ...errors },
      },
    },
    async (request) => {
      const { folderId, ...page } = request.query;
      const access = await resolveFolderAccess(db, request, folderId, 'manage');
      return findFolderLogPage(db, access.found.folder.id, page);
    },
  );
};
