import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { errorResponse } from '@portal/domain/schemas/common';
import { healthResponse, metaResponse } from '@portal/domain/schemas/system';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';

export const systemRoutes: FastifyPluginAsyncZod<{
  db: Db;
  webDir: string | undefined;
  startedAt: Date;
}> = async (app, { db, webDir, startedAt }) => {
  app.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Betriebsbereitschaft inkl. Datenbank',
        response: { 200: healthResponse, 503: errorResponse },
      },
    },
    async () => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw new AppError('DATABASE_UNAVAILABLE');
      }
      return { status: 'ok' as const };
    },
  );

  /** SPEC §1: the web app compares this build date with its own and reloads when the server's is newer. */
  app.get(
    '/meta.json',
    { config: { auth: 'public' }, schema: { hide: true, response: { 200: metaResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache, no-store, must-revalidate');
      if (webDir) {
        try {
          const meta = JSON.parse(await readFile(path.join(webDir, 'meta.json'), 'utf8')) as {
            buildDate?: unknown;
          };
          if (typeof meta.buildDate === 'string') return { buildDate: meta.buildDate };
        } catch {
          // no build present: fall back to the start time
        }
      }
      return { buildDate: startedAt.toISOString() };
    },
  );
};
