import { errorResponse } from '@portal/domain/schemas/common';
import {
  combineResult,
  fieldValueDeleteResult,
  type NameSearchQuery,
  namedListQuery,
  nameSearchQuery,
} from '@portal/domain/schemas/field-value';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import { requireActor } from '../../auth/request-auth';
import type { ListQuery } from './field-value.repository';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** The service calls the shared routes need (see createNamedService). */
export interface NamedRouteService<Item> {
  get(actor: RequestActor, id: string): Promise<Item>;
  list(actor: RequestActor, query: ListQuery): Promise<{ content: Item[]; totalElements: number }>;
  search(
    actor: RequestActor,
    query: NameSearchQuery,
    scope?: string,
  ): Promise<(Item & { exactMatch: boolean })[]>;
  remove(actor: RequestActor, ids: readonly string[]): Promise<{ deleted: string[]; failed: string[] }>;
  combine(
    actor: RequestActor,
    ids: readonly string[],
    targetId?: string,
  ): Promise<{ id: string; combined: number }>;
}

/**
 * SPEC §7 calls shared by manufacturers, units and discount groups: `GET /api/<base>/?id=`, `/all`,
 * `/name`, `/delete?<idsKey>=a,b` and `/combine?<idsKey>=a,b` (deletes and combine stay GET as in SPEC,
 * guarded against cross-site navigation).
 */
export function registerNamedRoutes(
  app: FastifyInstance,
  options: {
    base: string;
    tag: string;
    idsKey: string;
    item: z.ZodType;
    /** The answer of `GET /api/<base>/?id=`: the item with its change history. */
    detail: z.ZodType;
    /** Defaults to the shared list query (discount groups add a manufacturer filter). */
    listQuery?: z.ZodType<ListQuery>;
    searchQuery?: z.ZodType<NameSearchQuery & { manufacturerId?: string }>;
    /** `{ <idsKey>: uuid[] }` from the comma list (domain schema of the kind). */
    deleteQuery: z.ZodType;
    /** `{ <idsKey>: uuid[] (at least two), targetId? }`. */
    combineQuery: z.ZodType;
    service: NamedRouteService<unknown>;
  },
): void {
  const { base, tag, idsKey, item, service } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const idsOf = (query: unknown) => (query as Record<string, string[]>)[idsKey] ?? [];

  typed.get(
    `/api/${base}/`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: [tag],
        summary: 'Eintrag laden',
        querystring: z.object({ id: z.uuid() }),
        response: { 200: options.detail, ...errors },
      },
    },
    async (request) => service.get(requireActor(request), request.query.id),
  );

  typed.get(
    `/api/${base}/all`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: [tag],
        summary: 'Liste (mit withAmount: usedByArticleAmount; Seiten, Suche, Sortierung)',
        querystring: options.listQuery ?? namedListQuery,
        response: { 200: z.object({ content: z.array(item), totalElements: z.number().int() }), ...errors },
      },
    },
    async (request) => service.list(requireActor(request), request.query as ListQuery),
  );

  typed.get(
    `/api/${base}/name`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: [tag],
        summary: 'Suche über Anzeigename und Namensvarianten (exakte Treffer zuerst)',
        querystring: options.searchQuery ?? nameSearchQuery,
        response: { 200: z.array(z.intersection(item, z.object({ exactMatch: z.boolean() }))), ...errors },
      },
    },
    async (request) => {
      const query = request.query as NameSearchQuery & { manufacturerId?: string };
      return service.search(requireActor(request), query, query.manufacturerId);
    },
  );

  typed.get(
    `/api/${base}/delete`,
    {
      config: { auth: 'signedIn', changesData: true },
      schema: {
        tags: [tag],
        summary: 'Mehrere löschen (verwendete Einträge bleiben erhalten)',
        querystring: options.deleteQuery,
        response: { 200: fieldValueDeleteResult, ...errors },
      },
    },
    async (request) => service.remove(requireActor(request), idsOf(request.query)),
  );

  typed.get(
    `/api/${base}/combine`,
    {
      config: { auth: 'signedIn', changesData: true },
      schema: {
        tags: [tag],
        summary: 'Zusammenführen: der erste (oder targetId) bleibt, alle Verweise zeigen auf ihn',
        querystring: options.combineQuery,
        response: { 200: combineResult, 409: errorResponse, ...errors },
      },
    },
    async (request) => {
      const { targetId } = request.query as { targetId?: string };
      return service.combine(requireActor(request), idsOf(request.query), targetId);
    },
  );
}
