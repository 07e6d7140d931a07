import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { articleRoutes } from './article.routes';
import { createArticleService } from './article.service';
import { createArticleCatalogService } from './article-catalog.service';
import { articleExportRoutes } from './article-export.routes';
import { createArticleExportService } from './article-export.service';

/** Every article call of SPEC §7 except the import (import module). */
export const articleModule: FastifyPluginAsyncZod<{
  db: Db;
  queue: JobQueue;
  exactCountLimit?: number;
}> = async (app, { db, queue, exactCountLimit }) => {
  await app.register(articleRoutes, {
    service: createArticleService({ db }),
    catalog: createArticleCatalogService({ db, exactCountLimit }),
  });
  await app.register(articleExportRoutes, { service: createArticleExportService({ queue }) });
};
