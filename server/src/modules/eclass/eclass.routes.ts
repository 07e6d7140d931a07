import { errorResponse } from '@portal/domain/schemas/common';
import {
  eclassArticlesBody,
  eclassArticlesResponse,
  eclassBody,
  eclassDeleteQuery,
  eclassDetail,
  eclassIdQuery,
  eclassListQuery,
  eclassPage,
  updateEclassBody,
} from '@portal/domain/schemas/eclass';
import { fieldValueDeleteResult, importResult } from '@portal/domain/schemas/field-value';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/request-auth';
import { readCsvUpload, registerCsvUpload, sendCsv } from '../field-value';
import type { EclassService } from './eclass.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['eclass'];

/** SPEC §7 E-Class calls under /api. */
export const eclassRoutes: FastifyPluginAsyncZod<{ service: EclassService }> = async (app, { service }) => {
  await registerCsvUpload(app);

  app.post(
    '/api/eclass/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'E-Class-Eintrag anlegen, mit seinen Änderungen (409: E-Class ID bereits vorhanden)',
        body: eclassBody,
        response: { 201: eclassDetail, 409: errorResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireActor(request), request.body)),
  );

  app.get(
    '/api/eclass/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'E-Class-Eintrag mit Änderungen laden',
        querystring: eclassIdQuery,
        response: { 200: eclassDetail, ...errors },
      },
    },
    async (request) => service.get(requireActor(request), request.query.eclassMappingId),
  );

  app.get(
    '/api/eclass/all',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Liste (Seiten, Suche nach Nummer/Beschreibung, Sortierung)',
        querystring: eclassListQuery,
        response: { 200: eclassPage, ...errors },
      },
    },
    async (request) => service.list(requireActor(request), request.query),
  );

  app.post(
    '/api/eclass/all/articles',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'E-Class-Einträge zu Artikel-IDs (eclassMap)',
        body: eclassArticlesBody,
        response: { 200: eclassArticlesResponse, ...errors },
      },
    },
    async (request) => service.mapArticles(requireActor(request), request.body),
  );

  app.post(
    '/api/eclass/update',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'E-Class-Eintrag ändern, mit seinen Änderungen',
        body: updateEclassBody,
        response: { 200: eclassDetail, 409: errorResponse, ...errors },
      },
    },
    async (request) => service.update(requireActor(request), request.body),
  );

  app.get(
    '/api/eclass/delete/many',
    {
      config: { auth: 'signedIn', changesData: true },
      schema: {
        tags,
        summary: 'Mehrere löschen (von Artikeln verwendete bleiben erhalten)',
        querystring: eclassDeleteQuery,
        response: { 200: fieldValueDeleteResult, ...errors },
      },
    },
    async (request) => service.remove(requireActor(request), request.query.eclassIds),
  );

  app.get(
    '/api/eclass/export',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'CSV-Export (Dateiname E-Class_TT.MM.JJJJ.csv)',
        produces: ['text/csv'],
        response: { 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const file = await service.exportCsv(requireActor(request));
      return sendCsv(reply, file.filename, file.content);
    },
  );

  app.post(
    '/api/eclass/import',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'CSV-Import (eine .csv-Datei im Format des Exports; alles oder nichts)',
        consumes: ['multipart/form-data'],
        response: {
          200: importResult,
          413: errorResponse,
          415: errorResponse,
          417: errorResponse,
          ...errors,
        },
      },
    },
    async (request) => service.importCsv(requireActor(request), () => readCsvUpload(request)),
  );
};
