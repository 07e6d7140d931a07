import { errorResponse } from '@portal/domain/schemas/common';
import {
  unit,
  unitBody,
  unitCombineQuery,
  unitDeleteQuery,
  unitDetail,
  updateUnitBody,
} from '@portal/domain/schemas/unit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/request-auth';
import { registerNamedRoutes } from '../field-value';
import type { UnitService } from './unit.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** SPEC §7 Unit calls under /api. */
export const unitRoutes: FastifyPluginAsyncZod<{ service: UnitService }> = async (app, { service }) => {
  registerNamedRoutes(app, {
    base: 'unit',
    tag: 'unit',
    idsKey: 'unitIds',
    item: unit,
    detail: unitDetail,
    deleteQuery: unitDeleteQuery,
    combineQuery: unitCombineQuery,
    service,
  });

  app.post(
    '/api/unit/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['unit'],
        summary: 'Einheit anlegen',
        body: unitBody,
        response: { 201: unit, 409: errorResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
  );

  app.post(
    '/api/unit/update',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['unit'],
        summary: 'Einheit ändern',
        body: updateUnitBody,
        response: { 200: unit, 409: errorResponse, ...errors },
      },
    },
    async (request) => service.update(requireActor(request), request.body),
  );
};
