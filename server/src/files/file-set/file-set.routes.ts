import type { Readable } from 'node:stream';
import type { FileType } from '@portal/domain/enums';
import { isUuid } from '@portal/domain/rules/uuid';
import { errorResponse } from '@portal/domain/schemas/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import { requireActor } from '../../auth/request-auth';
import { AppError } from '../../errors';
import { receiveTypedUpload } from '../multipart';
import { sendStoredFile } from '../send-file';
import type { StoredUpload } from './stored-files';

/** The answers of a file set's calls besides success (SPEC §8). */
export const fileSetErrors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
export const fileSetUploadErrors = { ...fileSetErrors, 413: errorResponse, 415: errorResponse };

/** The upload steps of a file set (see files/file-set/file-set.ts). */
interface UploadingSet<Out> {
  checkUpload(actor: RequestActor, ownerId: string): Promise<void>;
  store(ownerId: string, sentName: string, stream: Readable): Promise<StoredUpload>;
  discard(file: StoredUpload): Promise<void>;
  attach(
    actor: RequestActor,
    ownerId: string,
    file: StoredUpload,
    chosenType: FileType | undefined,
  ): Promise<Out>;
}

/** POST multipart `fileType?, file` into the set of `ownerId`: 201 with the recorded file. */
export async function uploadToFileSet<Out>(
  request: FastifyRequest,
  reply: FastifyReply,
  set: UploadingSet<Out>,
  ownerId: string,
): Promise<Out> {
  const actor = requireActor(request);
  const recorded = await receiveTypedUpload(request, {
    check: () => set.checkUpload(actor, ownerId),
    store: (filename, stream) => set.store(ownerId, filename, stream),
    discard: (file) => set.discard(file),
    attach: (file, fileType) => set.attach(actor, ownerId, file, fileType),
  });
  reply.status(201);
  return recorded;
}

/** A file id of a download path; anything but a UUID names no file (404 before any query). */
export function requireFileId(fileId: string): string {
  if (!isUuid(fileId)) throw new AppError('NOT_FOUND');
  return fileId;
}

/** A file of a set as a download under its recorded name. */
export function sendSetFile(
  reply: FastifyReply,
  found: { file: { filename: string; size: number }; stream: Readable },
): FastifyReply {
  return sendStoredFile(reply, { name: found.file.filename, size: found.file.size }, found.stream);
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** POST `path` (with `:id`, the owner): one file into the set, answered 201 with the recorded file. */
export function registerFileSetUpload<R extends z.ZodType>(
  app: ZodApp,
  route: { path: string; tags: string[]; summary: string; response: R; set: UploadingSet<z.output<R>> },
): void {
  app.post(
    route.path,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: route.tags,
        summary: route.summary,
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string() }),
        // The owner's schema (generic here); fastify checks it at run time as on any route.
        response: { 201: route.response as z.ZodType, ...fileSetUploadErrors },
      },
    },
    async (request, reply) => uploadToFileSet(request, reply, route.set, request.params.id),
  );
}

/** GET `path` (with `:id` and `:fileId`): a file of the set as a download, for whoever may read it. */
export function registerFileSetDownload(
  app: ZodApp,
  route: {
    path: string;
    tags: string[];
    summary: string;
    download(
      actor: RequestActor,
      ownerId: string,
      fileId: string,
    ): Promise<{ file: { filename: string; size: number }; stream: Readable }>;
  },
): void {
  app.get(
    route.path,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: route.tags,
        summary: route.summary,
        params: z.object({ id: z.string(), fileId: z.string() }),
        response: { 200: z.any(), ...fileSetErrors },
      },
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      return sendSetFile(reply, await route.download(requireActor(request), id, requireFileId(fileId)));
    },
  );
}
