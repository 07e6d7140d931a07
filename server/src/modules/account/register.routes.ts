import { registerBody, registerResponse } from '@portal/domain/schemas/account';
import { errorResponse } from '@portal/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toWebHeaders } from '../../auth/request-auth';
import type { RegisterService } from './register.service';

export const registerRoutes: FastifyPluginAsyncZod<{ service: RegisterService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/user/register',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Unternehmen registrieren (wartet auf Freigabe); der neue Nutzer ist danach angemeldet',
        body: registerBody,
        response: { 201: registerResponse, 400: errorResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const result = await service.register(request.body, request.ip, toWebHeaders(request));
      reply.header('set-cookie', result.setCookies);
      reply.status(201);
      return { ...result.session, token: result.token };
    },
  );
};
