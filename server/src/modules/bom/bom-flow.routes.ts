import type { Readable } from 'node:stream';
import { errorResponse } from '@portal/domain/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import { requireActor } from '../../auth/request-auth';
import { AppError } from '../../errors';
import { parseFields, readMultipart } from '../../files/multipart';

/** The answers of a BOM owner's calls besides success (SPEC §8); reading the file adds 422. */
export const bomErrors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
export const bomReadErrors = { ...bomErrors, 422: errorResponse };
export const bomUploadErrors = { ...bomReadErrors, 413: errorResponse, 415: errorResponse };

/** The steps of one BOM upload; the owner declares its access check and its rows. */
export interface BomUploadSteps<Fields, Target, Stored, Result> {
  /** Before a byte is stored: the access and the fields sent before the file (the owner it names). */
  check(fields: Record<string, string>): Promise<Target>;
  store(target: Target, filename: string, stream: Readable): Promise<Stored>;
  discard(stored: Stored): Promise<void>;
  /** Without a file, before 400 FILE_MISSING: what the owner checks besides the fields. */
  checkWithoutFile?(): void;
  /** The fields sent after the file still name the same owner. */
  confirm?(target: Target, fields: Fields): void;
  attach(target: Target, stored: Stored, headerRowIndex: number | undefined): Promise<Result>;
}

/**
 * SPEC §5 BOM upload (multipart: the owner's fields and headerRowIndex?, then the file): checked before a
 * byte is stored, streamed into the storage, then recorded with its header row. An invalid field after the
 * file discards the stored file.
 */
export async function receiveBomUpload<
  Fields extends { headerRowIndex?: number | undefined },
  Target,
  Stored,
  Result,
>(
  request: FastifyRequest,
  schema: z.ZodType<Fields>,
  steps: BomUploadSteps<Fields, Target, Stored, Result>,
): Promise<Result> {
  const { fields, file } = await readMultipart(request, async (incoming) => {
    let target: Target;
    try {
      target = await steps.check(incoming.fields);
    } catch (error) {
      incoming.stream.resume();
      throw error;
    }
    return { target, stored: await steps.store(target, incoming.filename, incoming.stream) };
  });
  if (!file) {
    steps.checkWithoutFile?.();
    parseFields(schema, fields);
    throw new AppError('FILE_MISSING');
  }
  const { target, stored } = file.result;
  let headerRowIndex: number | undefined;
  try {
    const parsed = parseFields(schema, fields);
    steps.confirm?.(target, parsed);
    headerRowIndex = parsed.headerRowIndex;
  } catch (error) {
    await steps.discard(stored);
    throw error;
  }
  return steps.attach(target, stored, headerRowIndex);
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * "Kopfzeile übernehmen" (POST `<base>/header`) and "Zuordnung speichern" (POST `<base>/map`) of a BOM
 * owner, with the owner's body schemas, response and service steps.
 */
export function registerBomHeaderAndMap<H extends z.ZodType, M extends z.ZodType, R extends z.ZodType>(
  app: ZodApp,
  routes: {
    base: string;
    tags: string[];
    response: R;
    header: { body: H; run(actor: RequestActor, body: z.output<H>): Promise<z.output<R>> };
    map: { body: M; summary: string; run(actor: RequestActor, body: z.output<M>): Promise<z.output<R>> };
  },
): void {
  const { base, tags, response, header, map } = routes;
  // The schemas are the owner's (generic here); fastify checks them at run time as on any route.
  app.post(
    `${base}/header`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary:
          'Kopfzeile der Stückliste übernehmen: Spaltenüberschriften der Zeile und Zuordnungsvorschlag',
        body: header.body as z.ZodType,
        response: { 200: response as z.ZodType, ...bomReadErrors },
      },
    },
    async (request) => header.run(requireActor(request), request.body as z.output<H>),
  );

  app.post(
    `${base}/map`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: map.summary,
        body: map.body as z.ZodType,
        response: { 200: response as z.ZodType, ...bomReadErrors },
      },
    },
    async (request) => map.run(requireActor(request), request.body as z.output<M>),
  );
}
