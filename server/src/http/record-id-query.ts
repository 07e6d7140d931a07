import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * A GET-by-id route: the area's root path with a query string of exactly one id (`?id=`, `?eclassMappingId=`). A malformed id there
 * names no record, so it is answered like an unknown one (404), not as an input error: `/company/abc` is a
 * not-found page (SPEC §2: any other path shows a not-found text).
 */
export function isRecordIdQuery(request: FastifyRequest, validationContext: string | undefined): boolean {
  if (request.method !== 'GET' || validationContext !== 'querystring') return false;
  // SPEC §7: the GET-by-id routes are the area's root path (`/api/company/?id=`), lists have names of their own.
  if (!request.routeOptions.url?.endsWith('/')) return false;
  const schema = request.routeOptions.schema?.querystring;
  if (!(schema instanceof z.ZodObject)) return false;
  const fields = Object.values(schema.shape as Record<string, z.ZodType>);
  return fields.length === 1 && fields[0] instanceof z.ZodUUID;
}
