import {
  passwordResetBody,
  passwordResetRequestQuery,
  resetCodeQuery,
  resetCodeResponse,
  successResponse,
} from '@portal/domain/schemas/account';
import { errorResponse } from '@portal/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PasswordResetService } from './password-reset.service';

/** SPEC §7 `/user/password/reset`: all public, all rate-limited per IP and per address. */
export const passwordResetRoutes: FastifyPluginAsyncZod<{ service: PasswordResetService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/user/password/reset',
    {
      config: { auth: 'public', changesData: true },
      schema: {
        tags: ['account'],
        summary: 'Mail zum Zurücksetzen des Passworts senden (gleiche Antwort für unbekannte Adressen)',
        querystring: passwordResetRequestQuery,
        response: { 200: successResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await service.requestReset(request.query.mail, request.ip);
      return { success: true };
    },
  );

  app.get(
    '/api/user/password/reset/verify',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Code aus der Mail prüfen; antwortet mit der E-Mail-Adresse, für die er gilt',
        querystring: resetCodeQuery,
        response: { 200: resetCodeResponse, 400: errorResponse, 410: errorResponse, 429: errorResponse },
      },
    },
    async (request) => service.verifyCode(request.query.oobCode, request.ip),
  );

  app.post(
    '/api/user/password/reset',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Neues Passwort mit dem Code aus der Mail setzen (beendet alle Sitzungen)',
        body: passwordResetBody,
        response: { 200: successResponse, 400: errorResponse, 410: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await service.resetPassword(request.body, request.ip);
      return { success: true };
    },
  );
};
