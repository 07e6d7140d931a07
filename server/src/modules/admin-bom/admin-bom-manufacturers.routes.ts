import {
  adminBomManufacturerNameBody,
  adminBomManufacturerNameResponse,
  adminBomQuery,
} from '@portal/domain/schemas/admin-bom';
import { unknownBomManufacturers } from '@portal/domain/schemas/bom-lines';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/request-auth';
import { bomErrors } from '../bom';
import type { AdminBomManufacturersService } from './admin-bom-manufacturers.service';

const tags = ['admin-bom'];

/**
 * SPEC §7 /admin/bom, the result's unknown manufacturer names: read by the operator's users, resolved by
 * its administrators only (the service's first step: master data is shared by all companies, SPEC §6).
 */
export const adminBomManufacturerRoutes: FastifyPluginAsyncZod<{
  service: AdminBomManufacturersService;
}> = async (app, { service }) => {
  app.get(
    '/api/admin/bom/manufacturer-names',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary:
          'Unbekannte Hersteller eines Ergebnisses: Herstellerbezeichnungen der Zeilen, die die Stammdaten nicht kennen, mit ihrer Zeilenzahl',
        querystring: adminBomQuery,
        response: { 200: unknownBomManufacturers, ...bomErrors },
      },
    },
    async (request) => service.unknown(requireActor(request), request.query.id),
  );

  app.post(
    '/api/admin/bom/manufacturer-names',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary:
          'Unbekannten Hersteller auflösen (nur Administratoren des Betreibers): als Namensvariante eines Herstellers zuordnen (VARIANT) oder als Hersteller anlegen (CREATE); die Zeilen werden neu abgeglichen',
        body: adminBomManufacturerNameBody,
        response: { 200: adminBomManufacturerNameResponse, ...bomErrors },
      },
    },
    async (request) => service.resolve(requireActor(request), request.body),
  );
};
