import {
  passwordChangeBody,
  passwordChangeResponse,
  profileResponse,
  profileUpdateBody,
} from '@portal/domain/schemas/account';
import { errorResponse } from '@portal/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor, toWebHeaders } from '../../auth/request-auth';
import type { ProfileService } from './profile.service';

/** The own profile: `gated`, i.e. usable while the registration is pending or the password must change. */
export const profileRoutes: FastifyPluginAsyncZod<{ service: ProfileService }> = async (app, { service }) => {
  app.get(
    '/api/user/profile',
    {
      config: { auth: 'gated' },
      schema: {
        tags: ['account'],
        summary: 'Eigenes Profil mit Unternehmen, Rolle und Links',
        response: { 200: profileResponse, 401: errorResponse },
      },
    },
    async (request) => service.getProfile(requireActor(request)),
  );

  app.post(
    '/api/user/profile',
    {
      config: { auth: 'gated' },
      schema: {
        tags: ['account'],
        summary: 'Eigene Personen- und Kontaktdaten ändern (E-Mail nur lesbar)',
        body: profileUpdateBody,
        response: { 200: profileResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => service.updateProfile(requireActor(request), request.body),
  );

  app.post(
    '/api/user/password/change',
    {
      config: { auth: 'gated' },
      schema: {
        tags: ['account'],
        summary: 'Eigenes Passwort ändern (aktuelles Passwort nötig; andere Sitzungen enden)',
        body: passwordChangeBody,
        response: {
          200: passwordChangeResponse,
          400: errorResponse,
          401: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const result = await service.changePassword(requireActor(request), request.body, toWebHeaders(request));
      reply.header('set-cookie', result.setCookies);
      return { token: result.token };
    },
  );
};
