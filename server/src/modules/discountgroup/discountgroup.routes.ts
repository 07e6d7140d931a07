import { errorResponse } from '@portal/domain/schemas/common';
import {
  discountGroup,
  discountGroupBody,
  discountGroupCombineQuery,
  discountGroupDeleteQuery,
  discountGroupDetail,
  discountGroupSearchQuery,
  updateDiscountGroupBody,
} from '@portal/domain/schemas/discount-group';
import { importResult, namedListQuery } from '@portal/domain/schemas/field-value';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import { readCsvUpload, registerCsvUpload, registerNamedRoutes, sendCsv } from '../field-value';
import type { DiscountGroupCsvService } from './discountgroup.csv';
import type { DiscountGroupService } from './discountgroup.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['discountgroup'];

/** SPEC §7 Discount group calls under /api, including the CSV export and import (SPEC §9). */
export const discountGroupRoutes: FastifyPluginAsyncZod<{
  service: DiscountGroupService;
  csv: DiscountGroupCsvService;
}> = async (app, { service, csv }) => {
  await registerCsvUpload(app);

  registerNamedRoutes(app, {
    base: 'discountgroup',
    tag: 'discountgroup',
    idsKey: 'discountGroupIds',
    item: discountGroup,
    detail: discountGroupDetail,
    listQuery: namedListQuery.extend({ manufacturerId: z.uuid().optional() }),
    searchQuery: discountGroupSearchQuery,
    deleteQuery: discountGroupDeleteQuery,
    combineQuery: discountGroupCombineQuery,
    service,
  });

  app.post(
    '/api/discountgroup/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Rabattgruppe anlegen',
        body: discountGroupBody,
        response: { 201: discountGroup, 409: errorResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
  );

  app.post(
    '/api/discountgroup/update',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Rabattgruppe ändern',
        body: updateDiscountGroupBody,
        response: { 200: discountGroup, 409: errorResponse, ...errors },
      },
    },
    async (request) => service.update(requireActor(request), request.body),
  );

  app.get(
    '/api/discountgroup/export',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'CSV-Export (UTF-8 mit BOM, Komma, alle Zellen in Anführungszeichen)',
        produces: ['text/csv'],
        response: { 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const file = await csv.exportCsv(requireActor(request));
      return sendCsv(reply, file.filename, file.content);
    },
  );

  app.post(
    '/api/discountgroup/import',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'CSV-Import im Format des Exports (Feld „file“; alles oder nichts, sonst 417)',
        consumes: ['multipart/form-data'],
        response: {
          200: importResult,
          417: errorResponse,
          413: errorResponse,
          415: errorResponse,
          ...errors,
        },
      },
    },
    async (request) => csv.importCsv(requireActor(request), () => readCsvUpload(request)),
  );
};
