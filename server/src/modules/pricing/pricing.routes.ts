import { errorResponse } from '@portal/domain/schemas/common';
import { pricingSettingsBody, pricingSettingsResponse } from '@portal/domain/schemas/pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/request-auth';
import type { PricingService } from './pricing.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['pricing'];

/** The supplier's pricing settings (profile page "Preiskalkulation"): its administrators only. */
export const pricingRoutes: FastifyPluginAsyncZod<{ service: PricingService }> = async (app, { service }) => {
  app.get(
    '/api/pricing/settings',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Preiskalkulation des eigenen Lieferanten-Unternehmens (nur Administratoren)',
        response: { 200: pricingSettingsResponse, ...errors },
      },
    },
    async (request) => service.get(requireActor(request)),
  );

  app.put(
    '/api/pricing/settings',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Preiskalkulation speichern: Großhändler, eigene Rabatte je Rabattgruppe, Aufschlag',
        body: pricingSettingsBody,
        response: { 200: pricingSettingsResponse, 409: errorResponse, ...errors },
      },
    },
    async (request) => service.save(requireActor(request), request.body),
  );
};
