import { errorResponse } from '@portal/domain/schemas/common';
import {
  manufacturer,
  manufacturerBody,
  manufacturerCombineQuery,
  manufacturerDeleteQuery,
  manufacturerDetail,
  manufacturerMigrationQuery,
  manufacturerMigrationResult,
  updateManufacturerBody,
} from '@portal/domain/schemas/manufacturer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/request-auth';
import { registerNamedRoutes } from '../field-value';
import type { ManufacturerService } from './manufacturer.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** SPEC §7 Manufacturer calls under /api. */
export const manufacturerRoutes: FastifyPluginAsyncZod<{ service: ManufacturerService }> = async (
  app,
  { service },
) => {
  registerNamedRoutes(app, {
    base: 'manufacturer',
    tag: 'manufacturer',
    idsKey: 'manufacturerIds',
    item: manufacturer,
    detail: manufacturerDetail,
    deleteQuery: manufacturerDeleteQuery,
    combineQuery: manufacturerCombineQuery,
    service,
  });

  app.post(
    '/api/manufacturer/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['manufacturer'],
        summary: 'Hersteller anlegen',
        body: manufacturerBody,
        response: { 201: manufacturer, 409: errorResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
  );

  app.post(
    '/api/manufacturer/update',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['manufacturer'],
        summary: 'Hersteller ändern',
        body: updateManufacturerBody,
        response: { 200: manufacturer, 409: errorResponse, ...errors },
      },
    },
    async (request) => service.update(requireActor(request), request.body),
  );

  app.get(
    '/api/manufacturer/delete/article',
    {
      config: { auth: 'signedIn', changesData: true },
      schema: {
        tags: ['manufacturer'],
        summary: 'Migration starten: alle Artikel zu einem anderen Hersteller verschieben',
        querystring: manufacturerMigrationQuery,
        response: { 200: manufacturerMigrationResult, ...errors },
      },
    },
    async (request) =>
      service.migrateArticles(
        requireActor(request),
        request.query.manufacturerId,
        request.query.targetManufacturerId,
      ),
  );
};
