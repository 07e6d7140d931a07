import { sessionResponse, signInBody, signInResponse } from '@portal/domain/schemas/auth';
import { errorResponse } from '@portal/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toWebHeaders } from '../../auth/request-auth';
import type { AuthService } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService }> = async (app, { service }) => {
  app.post(
    '/api/auth/sign-in',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Anmelden mit E-Mail und Passwort',
        body: signInBody,
        response: { 200: signInResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const result = await service.signIn(request.body, request.ip, toWebHeaders(request));
      reply.header('set-cookie', result.setCookies);
      return { ...result.session, token: result.token };
    },
  );

  app.post(
    '/api/auth/sign-out',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], summary: 'Abmelden', response: { 200: z.object({ success: z.boolean() }) } },
    },
    async (request, reply) => {
      const cookies = await service.signOut(toWebHeaders(request)).catch(() => [] as string[]);
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { success: true };
    },
  );

  app.get(
    '/api/auth/session',
    {
      config: { auth: 'viewer' },
      schema: {
        tags: ['auth'],
        summary: 'Die aktuelle Sitzung (Nutzer und Unternehmen), null ohne Sitzung',
        response: { 200: sessionResponse.nullable() },
      },
    },
    // Asking who is signed in is no error when nobody is: the signed-out web app asks on every page.
    async (request) => (request.actor ? await service.loadSession(request.actor.userId) : null),
  );
};
