import { type Readable, Transform } from 'node:stream';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { FILE_TYPES, type FileType } from '@portal/domain/enums';
import { MAX_UPLOAD_BYTES } from '@portal/domain/rules/file-type';
import { containsNul, NUL_MESSAGE } from '@portal/domain/rules/nul-character';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors';
import { UploadTooLargeError } from './storage';

/** SPEC §5/§9: one file under 200 MB and a few text fields per request. */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES - 1,
  files: 1,
  fields: 20,
  fieldSize: 1024 * 1024,
  parts: 21,
};

/**
 * Registers multipart parsing in the calling plugin's scope (the field-value CSV import registers its own,
 * smaller limits in its scope; a second registration in a shared parent scope would clash with it).
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  // preservePath: the name arrives as sent, so that SPEC §5 "a slash becomes an underscore" applies.
  await app.register(multipart, { limits: UPLOAD_LIMITS, preservePath: true });
}

export interface IncomingFile {
  /** The name the browser sent (not yet sanitized). */
  filename: string;
  stream: Readable;
  /** The text fields that came before the file part. */
  fields: Record<string, string>;
}

export interface MultipartResult<T> {
  fields: Record<string, string>;
  /** What `onFile` returned for the (single) file part; null when none was sent. */
  file: { filename: string; result: T } | null;
}

/** Is this the size limit of @fastify/multipart or of our own byte counter? */
export function isTooLarge(error: unknown): boolean {
  const candidate = error as { code?: string };
  return error instanceof UploadTooLargeError || candidate?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * The file part as `onFile` sees it. At the size limit @fastify/multipart ends the part quietly (only
 * `truncated` tells), so a storage would keep the cut-off file as if it were complete. This stream fails
 * instead, as it does when the client breaks off; every storage removes what it wrote when its source
 * fails, so a refused upload leaves nothing behind (ASVS 5.2.1).
 */
function failWhenCutOff(file: MultipartFile['file']): Readable {
  const guarded = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, chunk);
    },
    flush(callback) {
      callback(file.truncated ? new UploadTooLargeError(UPLOAD_LIMITS.fileSize) : null);
    },
  });
  file.on('error', (error) => guarded.destroy(error));
  // The consumer (a storage's pipeline) gets the failure through its own listener. A route that only drains
  // the part (`resume()`) after refusing the request, or a consumer that already gave up, listens no more:
  // without this listener the late failure would be an unhandled 'error' event that ends the process.
  guarded.on('error', () => {});
  return file.pipe(guarded);
}

/**
 * Walks a multipart request part by part. The file part is handed to `onFile` while it streams (it must
 * consume the stream, e.g. into the storage); nothing is buffered here. Fields may come before or after
 * the file; `onFile` sees those before it.
 */
export async function readMultipart<T>(
  request: FastifyRequest,
  onFile: (file: IncomingFile) => Promise<T>,
): Promise<MultipartResult<T>> {
  if (!request.isMultipart()) throw new AppError('FILE_MISSING');
  const fields: Record<string, string> = {};
  let file: MultipartResult<T>['file'] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) {
          part.file.resume();
          throw new AppError('VALIDATION', 'Bitte senden Sie genau eine Datei.');
        }
        const stream = failWhenCutOff(part.file);
        const result = await onFile({ filename: part.filename, stream, fields: { ...fields } });
        if (part.file.truncated) throw new AppError('FILE_TOO_LARGE');
        file = { filename: part.filename, result };
      } else if (typeof part.value === 'string') {
        // ASVS 2.2.1: no text field carries NUL further, whether a schema reads it or not.
        if (containsNul(part.value)) throw new AppError('VALIDATION', `${part.fieldname}: ${NUL_MESSAGE}`);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (isTooLarge(error)) throw new AppError('FILE_TOO_LARGE');
    throw error;
  }
  return { fields, file };
}

/** Validates the text fields of a multipart request with a domain schema (400 with the first problem). */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new AppError('VALIDATION', `${where}${issue?.message ?? 'ungültig'}`);
  }
  return parsed.data;
}

/** The steps of a typed business-file upload (enquiry, offer): see receiveTypedUpload. */
export interface TypedUploadSteps<Stored, Result> {
  /** Access first: a refused upload never reaches the storage. */
  check(): Promise<void>;
  store(filename: string, stream: Readable): Promise<Stored>;
  discard(stored: Stored): Promise<void>;
  attach(stored: Stored, fileType: FileType | undefined): Promise<Result>;
}

const typedUploadFields = z.object({ fileType: z.enum(FILE_TYPES).optional() });

/**
 * One file with an optional `fileType` field (before or after it): checked, stored, then attached with the
 * type. A type sent before the file is checked before a byte is stored; an invalid type sent after it
 * discards the stored file.
 */
export async function receiveTypedUpload<Stored, Result>(
  request: FastifyRequest,
  steps: TypedUploadSteps<Stored, Result>,
): Promise<Result> {
  await steps.check();
  const { fields, file } = await readMultipart(request, async (incoming) => {
    try {
      parseFields(typedUploadFields, incoming.fields);
    } catch (error) {
      incoming.stream.resume();
      throw error;
    }
    return steps.store(incoming.filename, incoming.stream);
  });
  if (!file) throw new AppError('FILE_MISSING');
  let fileType: FileType | undefined;
  try {
    fileType = parseFields(typedUploadFields, fields).fileType;
  } catch (error) {
    await steps.discard(file.result);
    throw error;
  }
  return steps.attach(file.result, fileType);
}
