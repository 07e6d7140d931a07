import { errorResponse, idParam } from '@portal/domain/schemas/common';
import {
  enquiryBody,
  enquiryIdBody,
  enquiryIdsBody,
  enquiryListQuery,
  enquiryListResponse,
  enquiryReleaseBody,
  enquiryResponse,
  enquiryUpdateBody,
  supplierChoice,
} from '@portal/domain/schemas/enquiry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import type { EnquiryCommands } from './commands/enquiry-commands';
import type { EnquiryService } from './enquiry.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const changing = { ...errors, 409: errorResponse };
const tags = ['enquiry'];

/** SPEC §7 enquiry calls and the SPEC §4 release (contract: domain/schemas/enquiry.ts). */
export const enquiryRoutes: FastifyPluginAsyncZod<{
  service: EnquiryService;
  commands: EnquiryCommands;
}> = async (app, { service, commands }) => {
  app.get(
    '/api/enquiry/filter',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Anfragen: Liste (Suche nach Titel, Sortierung, Seiten, archivierte)',
        querystring: enquiryListQuery,
        response: { 200: enquiryListResponse, ...errors },
      },
    },
    async (request) => service.list(requireActor(request), request.query),
  );

  app.get(
    '/api/enquiry/suppliers',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Aktive Lieferanten (Empfänger einer Anfrage)',
        response: { 200: z.array(supplierChoice), ...errors },
      },
    },
    async (request) => service.suppliers(requireActor(request)),
  );

  app.get(
    '/api/enquiry/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Anfrage laden',
        // SPEC §7 `GET /enquiry/ (id)`; a malformed id is 404 like an unknown one (http/record-id-query.ts).
        querystring: idParam,
        response: { 200: enquiryResponse, ...errors },
      },
    },
    async (request) => service.get(requireActor(request), request.query.id),
  );

  app.post(
    '/api/enquiry/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Anfrage anlegen (Entwurf)',
        body: enquiryBody,
        response: { 201: enquiryResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.create(requireActor(request), request.body);
    },
  );

  app.post(
    '/api/enquiry/update',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Anfrage speichern (nur Entwürfe)',
        body: enquiryUpdateBody,
        response: { 200: enquiryResponse, ...changing },
      },
    },
    async (request) => {
      const { id, lastUpdate, ...input } = request.body;
      return service.update(requireActor(request), { id, lastUpdate }, input);
    },
  );

  app.post(
    '/api/enquiry/release',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Anfrage freigeben (an alle aktiven oder an gewählte Lieferanten)',
        body: enquiryReleaseBody,
        response: { 200: enquiryResponse, 422: errorResponse, ...changing },
      },
    },
    async (request) =>
      commands.release(requireActor(request), request.body.enquiryId, request.body.recipients),
  );

  app.post(
    '/api/enquiry/archive',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Anfragen archivieren (in der Liste „Löschen“)',
        body: enquiryIdsBody,
        response: {
          200: z.object({ archived: z.array(z.string()), failed: z.array(z.string()) }),
          ...errors,
        },
      },
    },
    async (request) => service.archive(requireActor(request), request.body.enquiryIds),
  );

  app.post(
    '/api/enquiry/close',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Anfrage schließen (keine neuen Angebote)',
        body: enquiryIdBody,
        response: { 200: enquiryResponse, ...changing },
      },
    },
    async (request) => commands.close(requireActor(request), request.body.enquiryId),
  );

  app.get(
    '/api/enquiry/reopen',
    {
      // SPEC §7 keeps this change as a GET.
      config: { auth: 'signedIn', changesData: true },
      schema: {
        tags,
        summary: 'Geschlossene Anfrage wieder öffnen',
        querystring: enquiryIdBody,
        response: { 200: enquiryResponse, ...changing },
      },
    },
    async (request) => commands.reopen(requireActor(request), request.query.enquiryId),
  );

  app.post(
    '/api/enquiry/copy',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Anfrage kopieren (neuer Entwurf mit Kopien der Dateien)',
        querystring: z.object({ id: z.uuid() }),
        response: { 201: enquiryResponse, ...errors },
      },
    },
    async (request, reply) => {
      const copy = await commands.copy(requireActor(request), request.query.id);
      reply.status(201);
      return copy;
    },
  );
};
