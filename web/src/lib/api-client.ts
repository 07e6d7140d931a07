import { errorMessage } from '@portal/domain/errors';
import { PORTAL_REQUEST_HEADERS } from '@portal/domain/rules/portal-request';
import type { z } from 'zod';

/** A failed API call: status, the shared error code and its German message (SPEC §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null | readonly (string | number)[]>;

interface RequestOptions<S extends z.ZodType> {
  query?: Query;
  body?: unknown;
  schema?: S;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as {
      code?: string;
      message?: string;
      issues?: { path: string; message: string }[];
    };
    const code = body.code ?? 'INTERNAL';
    return new ApiError(response.status, code, body.message ?? errorMessage(code), body.issues ?? []);
  } catch {
    return new ApiError(response.status, 'INTERNAL', errorMessage('INTERNAL'));
  }
}

/** The one way the web app talks to `/api`: JSON in, JSON out, validated by the domain schema. */
export async function apiRequest<S extends z.ZodType>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions<S> = {},
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { ...PORTAL_REQUEST_HEADERS };
  const init: RequestInit = { method, credentials: 'same-origin', signal: options.signal, headers };
  if (options.body instanceof FormData) {
    init.body = options.body;
  } else if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(buildUrl(path, options.query), init);
  if (!response.ok) throw await toApiError(response);
  if (!options.schema) return undefined as z.infer<S>;
  const json: unknown = await response.json();
  return options.schema.parse(json);
}

export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, query?: Query, signal?: AbortSignal) =>
    apiRequest('GET', path, { schema, query, signal }),
  post: <S extends z.ZodType>(path: string, body: unknown, schema?: S, query?: Query) =>
    apiRequest('POST', path, { schema, body, query }),
};
