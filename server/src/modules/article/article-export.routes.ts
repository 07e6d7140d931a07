import { articleExportBody, articleExportResponse } from '@portal/domain/schemas/article';
import { errorResponse } from '@portal/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/request-auth';
import type { ArticleExportService } from './article-export.service';

/**
 * SPEC §7 POST /article/export: answers 202 at once and names the file in the `x-filename` header
 * ("file with name from response header"); the file appears in `exportResult/` when the job is done.
 */
export const articleExportRoutes: FastifyPluginAsyncZod<{ service: ArticleExportService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/article/export',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['article'],
        summary: 'Artikelexport (CSV) im Hintergrund starten; Mail, sobald die Datei bereitliegt',
        body: articleExportBody,
        response: {
          202: articleExportResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const result = await service.requestExport(requireActor(request), request.body);
      return reply.status(202).header('x-filename', encodeURIComponent(result.fileName)).send(result);
    },
  );
};
