import type { Readable } from 'node:stream';
import type { FileType } from '@portal/domain/enums';
import { isUuid } from '@portal/domain/rules/uuid';
import { errorResponse } from '@portal/domain/schemas/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
