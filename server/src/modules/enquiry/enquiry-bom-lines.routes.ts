import { bomLine, enquiryBomQuery } from '@portal/domain/schemas/bom';
import {
  bomEstimate,
  bomLinesPage,
  bomSummedResponse,
  enquiryBomLinesQuery,
  enquiryBomLineUpdateBody,
  enquiryBomManufacturerNameBody,
  enquiryBomManufacturerNameResponse,
  unknownBomManufacturers,
} from '@portal/domain/schemas/bom-lines';
import { errorResponse } from '@portal/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/request-auth';
import type { EnquiryBomLinesService } from './enquiry-bom-lines.service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
const tags = ['enquiry'];

/**
 * SPEC §7 BOM: the matched lines of an enquiry's BOM, the customer's line edit,
 * the summed BOM, its unknown manufacturer names and the SPEC §9 estimate. Read by everyone who may read the
 * enquiry.
 */
export const enquiryBomLinesRoutes: FastifyPluginAsyncZod<{ service: EnquiryBomLinesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/enquiry/bom/lines',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Zeilen der Stückliste (Seite, Sortierung, Statusfilter) mit der Anzahl je Status',
        querystring: enquiryBomLinesQuery,
        response: { 200: bomLinesPage, ...errors },
      },
    },
    async (request) => {
      const { enquiryId, ...query } = request.query;
      return service.page(requireActor(request), enquiryId, query);
    },
  );

  app.post(
    '/api/enquiry/bom/line/update',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary:
          'Zeile der Stückliste korrigieren (nur Entwürfe): wird neu zugeordnet und als bearbeitet markiert',
        body: enquiryBomLineUpdateBody,
        response: { 200: bomLine, ...errors },
      },
    },
    async (request) => service.updateLine(requireActor(request), request.body),
  );

  app.get(
    '/api/enquiry/bom/summed',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Summenstückliste: Zeilen je zugeordnetem Artikel (sonst je Nummer) zusammengefasst',
        querystring: enquiryBomQuery,
        response: { 200: bomSummedResponse, ...errors },
      },
    },
    async (request) => service.summed(requireActor(request), request.query.enquiryId),
  );

  app.get(
    '/api/enquiry/bom/manufacturer-names',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary:
          'Unbekannte Hersteller der Stückliste: Herstellerbezeichnungen, die die Stammdaten nicht kennen, mit ihrer Zeilenzahl',
        querystring: enquiryBomQuery,
        response: { 200: unknownBomManufacturers, ...errors },
      },
    },
    async (request) => service.unknownManufacturers(requireActor(request), request.query.enquiryId),
  );

  app.post(
    '/api/enquiry/bom/manufacturer-names',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary:
          'Unbekannten Hersteller in dieser Stückliste einem Hersteller zuordnen (Kunde, solange die Anfrage ein Entwurf ist): die Zeilen übernehmen ihn und werden neu abgeglichen; die Stammdaten bleiben unverändert',
        body: enquiryBomManufacturerNameBody,
        response: { 200: enquiryBomManufacturerNameResponse, ...errors },
      },
    },
    async (request) => service.assignManufacturer(requireActor(request), request.body),
  );

  app.get(
    '/api/enquiry/bom/estimate',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary:
          'Schätzpreis (SPEC §9) je Schaltschrank und für die Stückzahl, mit Aufschlüsselung; null ohne Zuordnung',
        querystring: enquiryBomQuery,
        response: { 200: bomEstimate.nullable(), ...errors },
      },
    },
    async (request) => service.estimate(requireActor(request), request.query.enquiryId),
  );
};
