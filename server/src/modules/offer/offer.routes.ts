import { errorResponse, idParam } from '@portal/domain/schemas/common';
import {
  offerAwardBody,
  offerAwardResponse,
  offerComparisonResponse,
  offerCreateBody,
  offerIdBody,
  offerIdsBody,
  offerListQuery,
  offerListResponse,
  offerOfEnquiry,
  offerResponse,
  offerRevisionResponse,
  offerStateChangeQuery,
  offerStateChangeResponse,
  offerUpdateBody,
} from '@portal/domain/schemas/offer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import type { OfferCommands } from './commands/offer-commands';
import type { OfferService } from './offer.service';
import type { OfferCompareService } from './offer-compare.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const changing = { ...errors, 409: errorResponse, 422: errorResponse };
const tags = ['offer'];
const enquiryIdQuery = z.object({ enquiryId: z.uuid() });

/** SPEC §7 offer calls and the SPEC §4 transitions (contract: domain/schemas/offer.ts). */
export const offerRoutes: FastifyPluginAsyncZod<{
  offers: OfferService;
  commands: OfferCommands;
  compare: OfferCompareService;
}> = async (app, { offers, commands, compare }) => {
  app.get(
    '/api/offer/filter',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Angebote, Aufträge, Jobs: Liste (Status, Suche nach Referenznummer, Sortierung, Seiten)',
        querystring: offerListQuery,
        response: { 200: offerListResponse, ...errors },
      },
    },
    async (request) => offers.list(requireActor(request), request.query),
  );

  app.get(
    '/api/offer/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Angebot laden (Kunden nur freigegebene)',
        querystring: idParam,
        response: { 200: offerResponse, ...errors },
      },
    },
    async (request) => offers.get(requireActor(request), request.query.id),
  );

  app.get(
    '/api/offer/enquiry',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary:
          'Angebot zu einer Anfrage: das eigene offene (Lieferanten), die Anzahl freigegebener (Kunden)',
        querystring: enquiryIdQuery,
        response: { 200: offerOfEnquiry, ...errors },
      },
    },
    async (request) => offers.ofEnquiry(requireActor(request), request.query.enquiryId),
  );

  app.post(
    '/api/offer/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Angebot zu einer freigegebenen Anfrage anlegen (Entwurf, Version 1)',
        body: offerCreateBody,
        response: { 201: offerResponse, ...changing },
      },
    },
    async (request, reply) => {
      const created = await offers.create(requireActor(request), request.body.enquiryId);
      reply.status(201);
      return created;
    },
  );

  app.post(
    '/api/offer/update',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Angebot speichern (nur der Entwurf des Lieferanten)',
        body: offerUpdateBody,
        response: { 200: offerResponse, ...changing },
      },
    },
    async (request) => commands.save(requireActor(request), request.body),
  );

  app.post(
    '/api/offer/release',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Angebot speichern und freigeben (Pflichtfelder und Angebots-PDF nötig)',
        body: offerUpdateBody,
        response: { 200: offerResponse, ...changing },
      },
    },
    async (request) => commands.release(requireActor(request), request.body),
  );

  app.get(
    '/api/offer/statechange',
    {
      // SPEC §7 keeps this change as a GET: it needs the same-origin proof of a changing call.
      config: { auth: 'signedIn', changesData: true },
      schema: {
        tags,
        summary: 'Status ändern: annehmen (ACCEPTED), ablehnen (DECLINED, mit Grund), bestätigen (CONFIRMED)',
        querystring: offerStateChangeQuery,
        response: { 200: offerStateChangeResponse, ...changing },
      },
    },
    async (request) => commands.changeState(requireActor(request), request.query),
  );

  app.post(
    '/api/offer/revise',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Angebot überarbeiten: neue Version als Entwurf, die bisherige bleibt unverändert',
        body: offerIdBody,
        response: { 201: offerResponse, ...changing },
      },
    },
    async (request, reply) => {
      const revision = await commands.revise(requireActor(request), request.body.offerId);
      reply.status(201);
      return revision;
    },
  );

  app.post(
    '/api/offer/archive',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Angebote löschen (archivieren; nur Lieferanten, keine angenommenen Bestellungen)',
        body: offerIdsBody,
        response: {
          200: z.object({ archived: z.array(z.string()), failed: z.array(z.string()) }),
          ...errors,
        },
      },
    },
    async (request) => offers.archive(requireActor(request), request.body.offerIds),
  );

  app.post(
    '/api/offer/award',
    {
      // The customer of the enquiry only (the command answers others 404, suppliers 403); up to 5,000 line ids.
      config: { auth: 'signedIn' },
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary:
          'Anfrage zeilenweise vergeben: je Lieferant ein Auftrag mit seinen Zeilen, die übrigen Angebote abgelehnt',
        body: offerAwardBody,
        response: { 200: offerAwardResponse, ...changing },
      },
    },
    async (request) => commands.awardSplit(requireActor(request), request.body),
  );

  app.get(
    '/api/offer/revision',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Versionen eines Angebots mit den Änderungen zur jeweils vorigen Version',
        querystring: offerIdBody,
        response: { 200: offerRevisionResponse, ...errors },
      },
    },
    async (request) => compare.revisions(requireActor(request), request.query.offerId),
  );

  app.get(
    '/api/offer/compare',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Angebotsvergleich einer eigenen Anfrage (Kunden)',
        querystring: enquiryIdQuery,
        response: { 200: offerComparisonResponse, ...errors },
      },
    },
    async (request) => compare.compare(requireActor(request), request.query.enquiryId),
  );
};
