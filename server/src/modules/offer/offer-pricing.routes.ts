import { errorResponse } from '@portal/domain/schemas/common';
import { offerIdBody } from '@portal/domain/schemas/offer';
import {
  offerBulkBody,
  offerBulkResponse,
  offerMarkupBody,
  offerPricingResponse,
} from '@portal/domain/schemas/pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/request-auth';
import type { OfferPricingService } from './offer-pricing.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const changing = { ...errors, 409: errorResponse, 422: errorResponse };
const tags = ['offer'];

/** The supplier's pricing desk on an offer: bulk actions on its articles and its calculation. */
export const offerPricingRoutes: FastifyPluginAsyncZod<{ pricing: OfferPricingService }> = async (
  app,
  { pricing },
) => {
  app.post(
    '/api/offer/articles/markup',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Aufschlag in Prozent auf alle oder ausgewählte Zeilen (Lieferant, nur Entwürfe)',
        body: offerMarkupBody,
        response: { 200: offerBulkResponse, ...changing },
      },
    },
    async (request) => pricing.markup(requireActor(request), request.body),
  );

  app.post(
    '/api/offer/articles/reprice',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Preise neu aus dem Katalog für alle oder ausgewählte Zeilen (Lieferant, nur Entwürfe)',
        body: offerBulkBody,
        response: { 200: offerBulkResponse, ...changing },
      },
    },
    async (request) => pricing.reprice(requireActor(request), request.body),
  );

  app.post(
    '/api/offer/articles/round',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Stückpreise auf Cent runden, alle oder ausgewählte Zeilen (Lieferant, nur Entwürfe)',
        body: offerBulkBody,
        response: { 200: offerBulkResponse, ...changing },
      },
    },
    async (request) => pricing.roundToCents(requireActor(request), request.body),
  );

  app.get(
    '/api/offer/pricing',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary:
          'Kalkulation des Angebots: Einkauf, Aufschlag, Arbeit, vorgeschlagener Preis (nur der Lieferant)',
        querystring: offerIdBody,
        response: { 200: offerPricingResponse, ...errors },
      },
    },
    async (request) => pricing.calculation(requireActor(request), request.query.offerId),
  );
};
