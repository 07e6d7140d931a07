import { germanShortDate } from '@portal/domain/rules/berlin-date';
import { errorResponse } from '@portal/domain/schemas/common';
import { deleteResult } from '@portal/domain/schemas/company';
import {
  lastLoginResponse,
  userBody,
  userCompanyQuery,
  userCreateResponse,
  userDeleteQuery,
  userExportQuery,
  userExternalGuestNotice,
  userIdQuery,
  userListItem,
  userListQuery,
  userListResponse,
  userResponse,
  userUpdateBody,
} from '@portal/domain/schemas/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import type { UserAdminService } from './user-admin.service';
import { usersToCsv, usersToXlsx } from './user-export';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
const EXPORT_LIMIT = 100_000;

/** SPEC §7 user calls for the user administration (SPEC §6 who manages which users). */
export const userAdminRoutes: FastifyPluginAsyncZod<{ service: UserAdminService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/user/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['user'],
        summary: 'Nutzer laden',
        querystring: userIdQuery,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => service.get(requireActor(request), request.query.id),
  );

  app.get(
    '/api/user/all',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['user'],
        summary: 'Nutzer suchen, seitenweise',
        querystring: userListQuery,
        response: { 200: userListResponse, ...errors },
      },
    },
    async (request) => service.list(requireActor(request), request.query),
  );

  app.get(
    '/api/user/company',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['user'],
        summary: 'Nutzer eines Unternehmens',
        querystring: userCompanyQuery,
        response: { 200: z.array(userListItem), ...errors },
      },
    },
    async (request) => service.byCompany(requireActor(request), request.query.companyId),
  );

  app.get(
    '/api/user/lastlogin',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['user'],
        summary: 'Letzte Anmeldungen (Betreiber)',
        response: { 200: lastLoginResponse, ...errors },
      },
    },
    async (request) => service.lastLogins(requireActor(request)),
  );

  app.get(
    '/api/user/export',
    {
      config: { auth: 'signedIn' },
      schema: { tags: ['user'], summary: 'Nutzerliste als XLSX oder CSV', querystring: userExportQuery },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { format, ...filter } = request.query;
      const { content } = await service.list(actor, { ...filter, page: 0, paginationSize: EXPORT_LIMIT });
      const withCompany = actor.companyType === 'ADMIN';
      const date = germanShortDate(new Date());
      const filename = `Nutzer_${date}.${format}`;
      reply.header('content-disposition', `attachment; filename="${filename}"`);
      reply.header('x-filename', filename);
      if (format === 'csv')
        return reply.type('text/csv; charset=utf-8').send(usersToCsv(content, withCompany));
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(usersToXlsx(content, withCompany));
    },
  );

  app.post(
    '/api/user/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['user'],
        summary: 'Nutzer anlegen und einladen',
        body: userBody,
        response: {
          200: userCreateResponse,
          201: userCreateResponse,
          202: userExternalGuestNotice,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const result = await service.create(requireActor(request), request.body);
      // SPEC §8: any success but 201 makes the web app warn about an external user's address.
      if ('externalGuest' in result) return reply.status(202).send(result);
      reply.status(result.assignedExternal ? 200 : 201);
      return result;
    },
  );

  app.post(
    '/api/user/update',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['user'],
        summary: 'Nutzer ändern',
        body: userUpdateBody,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => {
      const { id, lastUpdate, ...input } = request.body;
      return service.update(requireActor(request), { id, lastUpdate }, input);
    },
  );

  app.post(
    '/api/user/delete',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['user'],
        summary: 'Nutzer löschen',
        querystring: userDeleteQuery,
        response: { 200: deleteResult, ...errors },
      },
    },
    async (request) => service.remove(requireActor(request), request.query.userId),
  );
};
