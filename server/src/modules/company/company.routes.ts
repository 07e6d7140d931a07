import { errorResponse } from '@portal/domain/schemas/common';
import {
  companyBody,
  companyDeleteQuery,
  companyIdQuery,
  companyListQuery,
  companyListResponse,
  companyResponse,
  companyUpdateBody,
  deleteResult,
} from '@portal/domain/schemas/company';
import { companyNamesResponse } from '@portal/domain/schemas/company-names';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/request-auth';
import type { CompanyService } from './company.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** SPEC §7 company calls; the operator's administrators only (SPEC §6). */
export const companyRoutes: FastifyPluginAsyncZod<{ service: CompanyService }> = async (app, { service }) => {
  app.get(
    '/api/company/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['company'],
        summary: 'Unternehmen laden',
        querystring: companyIdQuery,
        response: { 200: companyResponse, ...errors },
      },
    },
    async (request) => service.get(requireActor(request), request.query.id),
  );

  app.get(
    '/api/company/all',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['company'],
        summary: 'Unternehmen suchen, filtern, seitenweise',
        querystring: companyListQuery,
        response: { 200: companyListResponse, ...errors },
      },
    },
    async (request) => service.list(requireActor(request), request.query),
  );

  app.get(
    '/api/company/names',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['company'],
        summary: 'Namen aller Unternehmen (Filter der Nutzerliste)',
        response: { 200: companyNamesResponse, ...errors },
      },
    },
    async (request) => service.listNames(requireActor(request)),
  );

  app.post(
    '/api/company/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['company'],
        summary: 'Unternehmen anlegen',
        body: companyBody,
        response: { 201: companyResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.create(requireActor(request), request.body);
    },
  );

  app.post(
    '/api/company/update',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['company'],
        summary: 'Unternehmen ändern',
        body: companyUpdateBody,
        response: { 200: companyResponse, ...errors },
      },
    },
    async (request) => {
      const { id, lastUpdate, ...input } = request.body;
      return service.update(requireActor(request), { id, lastUpdate }, input);
    },
  );

  app.post(
    '/api/company/delete',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['company'],
        summary: 'Unternehmen deaktivieren (SPEC §4: Löschen setzt inaktiv)',
        querystring: companyDeleteQuery,
        response: { 200: deleteResult, ...errors },
      },
    },
    async (request) => service.deactivate(requireActor(request), request.query.companyId),
  );

  app.post(
    '/api/company/release',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['company'],
        summary: 'Registrierung freigeben',
        querystring: companyIdQuery,
        response: { 200: companyResponse, 409: errorResponse, ...errors },
      },
    },
    async (request) => service.release(requireActor(request), request.query.id),
  );
};
