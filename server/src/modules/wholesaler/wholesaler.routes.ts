import { errorResponse } from '@portal/domain/schemas/common';
import { fieldValueDeleteResult, namedListQuery } from '@portal/domain/schemas/field-value';
import {
  updateWholesalerBody,
  wholesaler,
  wholesalerBody,
  wholesalerDeleteQuery,
  wholesalerIdQuery,
  wholesalerPage,
} from '@portal/domain/schemas/wholesaler';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/request-auth';
import type { WholesalerService } from './wholesaler.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['wholesaler'];

/** SPEC §7 Wholesaler calls under /api. */
export const wholesalerRoutes: FastifyPluginAsyncZod<{ service: WholesalerService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/wholesaler/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Großhändler laden',
        querystring: wholesalerIdQuery,
        response: { 200: wholesaler, ...errors },
      },
    },
    async (request) => service.get(requireActor(request), request.query.id),
  );

  app.get(
    '/api/wholesaler/all',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Liste (mit withAmount: usedByArticleAmount; Seiten, Suche, Sortierung)',
        querystring: namedListQuery,
        response: { 200: wholesalerPage, ...errors },
      },
    },
    async (request) => service.list(requireActor(request), request.query),
  );

  app.post(
    '/api/wholesaler/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Großhändler anlegen (Name eindeutig, sonst 412)',
        body: wholesalerBody,
        response: { 201: wholesaler, 412: errorResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
  );

  app.post(
    '/api/wholesaler/update',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Großhändler ändern (Name eindeutig, sonst 412)',
        body: updateWholesalerBody,
        response: { 200: wholesaler, 412: errorResponse, ...errors },
      },
    },
    async (request) => service.update(requireActor(request), request.body),
  );

  app.get(
    '/api/wholesaler/delete',
    {
      config: { auth: 'signedIn', changesData: true },
      schema: {
        tags,
        summary: 'Mehrere löschen (verwendete Großhändler bleiben erhalten)',
        querystring: wholesalerDeleteQuery,
        response: { 200: fieldValueDeleteResult, ...errors },
      },
    },
    async (request) => service.remove(requireActor(request), request.query.wholesalerIds),
  );
};
