import { ERRORS, type ErrorCode } from '@portal/domain/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/connection-errors';
import { AppError } from '../errors';
import { isRecordIdQuery } from './record-id-query';

interface ErrorReply {
  status: number;
  body: { code: string; message: string; issues?: { path: string; message: string }[] };
}

function send(code: ErrorCode, message?: string, issues?: { path: string; message: string }[]): ErrorReply {
  return {
    status: ERRORS[code].status,
    body: { code, message: message ?? ERRORS[code].message, ...(issues ? { issues } : {}) },
  };
}

/**
 * ASVS 2.2.1 safety net behind the request schemas: text the database cannot store (NUL: SQLSTATE 22021,
 * 22P05; drizzle wraps the driver's error) or a name longer than the file system takes came from the
 * client, so it is a 400, not a 500.
 */
function isUnstorableInput(error: unknown): boolean {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = candidate?.cause?.code ?? candidate?.code;
  return code === '22021' || code === '22P05' || code === 'ENAMETOOLONG';
}

const UNSTORABLE_INPUT = 'Die Eingabe enthält Zeichen oder einen Namen, die nicht gespeichert werden können.';

/** Maps every failure to `{ code, message }` with the status of the shared catalogue (SPEC §8). */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let result: ErrorReply;
    if (error instanceof AppError) {
      result = send(error.code, error.message, error.issues);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    } else if (
      hasZodFastifySchemaValidationErrors(error) &&
      isRecordIdQuery(request, error.validationContext)
    ) {
      result = send('NOT_FOUND');
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: [error.validationContext, issue.instancePath.replace(/^\//, '').replaceAll('/', '.')]
          .filter(Boolean)
          .join('.'),
        message: issue.message ?? 'ungültig',
      }));
      result = send('VALIDATION', undefined, issues);
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      result = send('PAYLOAD_TOO_LARGE');
    } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      result = send('UNSUPPORTED_MEDIA_TYPE');
    } else if (
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      result = send('MALFORMED_JSON');
    } else if (isDatabaseUnavailable(error)) {
      // A restart or failover of the database: the request may simply be sent again (503, not 500).
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      result = send('DATABASE_UNAVAILABLE');
    } else if (isUnstorableInput(error)) {
      result = send('VALIDATION', UNSTORABLE_INPUT);
    } else if (error.statusCode === 429) {
      result = send('RATE_LIMITED');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      result = {
        status: error.statusCode,
        body: { code: error.code ?? 'BAD_REQUEST', message: error.message },
      };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      if (process.env.DEBUG_ERRORS) console.error(error);
      result = send('INTERNAL');
    }
    reply.status(result.status).send(result.body);
  });
}
