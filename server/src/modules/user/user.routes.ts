import { errorResponse } from '@portal/domain/schemas/common';
import { updateCounterQuery, updateCounterResponse } from '@portal/domain/schemas/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/request-auth';
import type { UserService } from './user.service';

export const userRoutes: FastifyPluginAsyncZod<{ service: UserService }> = async (app, { service }) => {
  app.get(
    '/api/user/update/counter',
    {
      // Gated users sign in too (they land on the profile): they read their counter as well.
      config: { auth: 'gated' },
      schema: {
        tags: ['user'],
        summary: 'Anmeldezähler und letzte Anmeldung (jede Anmeldung zählt selbst einmal)',
        querystring: updateCounterQuery,
        response: { 200: updateCounterResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => service.updateLoginCounter(requireActor(request), request.query.userId),
  );
};
