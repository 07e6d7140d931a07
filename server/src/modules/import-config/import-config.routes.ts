import { errorResponse } from '@portal/domain/schemas/common';
import {
  importConfigBody,
  importConfigDeleteQuery,
  importConfigDeleteResponse,
  importConfigIdQuery,
  importConfigListResponse,
  importConfigResponse,
  importHeaderFields,
  importHeaderResponse,
  updateImportConfigBody,
} from '@portal/domain/schemas/import-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/request-auth';
import { AppError } from '../../errors';
import { parseFields, readMultipart, registerUploads } from '../../files/multipart';
import type { ImportConfigService } from './import-config.service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  413: errorResponse,
  417: errorResponse,
  424: errorResponse,
};

/** SPEC §7 `/import/config/…` plus the header row of a sample file (operator administrators). */
export const importConfigRoutes: FastifyPluginAsyncZod<{ service: ImportConfigService }> = async (
  app,
  { service },
) => {
  await registerUploads(app);

  app.post(
    '/api/import/config/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['import-config'],
        summary: 'Importkonfiguration anlegen',
        body: importConfigBody,
        response: { 201: importConfigResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.create(requireActor(request), request.body);
    },
  );

  app.get(
    '/api/import/config/',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['import-config'],
        summary: 'Importkonfiguration laden',
        querystring: importConfigIdQuery,
        response: { 200: importConfigResponse, ...errors },
      },
    },
    async (request) => service.get(requireActor(request), request.query.id),
  );

  app.get(
    '/api/import/config/all',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['import-config'],
        summary: 'Alle Importkonfigurationen',
        response: { 200: importConfigListResponse, ...errors },
      },
    },
    async (request) => service.list(requireActor(request)),
  );

  app.post(
    '/api/import/config/update',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['import-config'],
        summary: 'Importkonfiguration ändern',
        body: updateImportConfigBody,
        response: { 200: importConfigResponse, ...errors },
      },
    },
    async (request) => {
      const { id, lastUpdate, ...values } = request.body;
      return service.update(requireActor(request), { id, lastUpdate }, values);
    },
  );

  app.post(
    '/api/import/config/delete',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['import-config'],
        summary: 'Importkonfiguration löschen',
        querystring: importConfigDeleteQuery,
        response: { 200: importConfigDeleteResponse, ...errors },
      },
    },
    async (request) => service.remove(requireActor(request), request.query.configId),
  );

  app.post(
    '/api/import/config/header',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['import-config'],
        summary:
          'Spaltenüberschriften einer Beispieldatei lesen (multipart: file oder samplePath, headerRowIndex)',
        consumes: ['multipart/form-data'],
        response: { 200: importHeaderResponse, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { fields, file } = await readMultipart(request, async (incoming) => {
        try {
          return await service.receiveSample(actor, incoming.filename, incoming.stream);
        } catch (error) {
          incoming.stream.resume();
          throw error;
        }
      });
      let parsed: ReturnType<typeof importHeaderFields.parse>;
      try {
        parsed = parseFields(importHeaderFields, fields);
      } catch (error) {
        if (file) await service.discardSample(file.result);
        throw error;
      }
      const samplePath = file?.result ?? parsed.samplePath;
      if (!samplePath) throw new AppError('FILE_MISSING');
      return service.readHeaders(actor, samplePath, parsed.headerRowIndex);
    },
  );
};
