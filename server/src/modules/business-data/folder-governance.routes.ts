import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import type { JobQueue } from '../../jobs/queue';

/** Issue 15: placeholder until the routes land. */
export const folderGovernanceRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  queue: JobQueue;
  baseUrl: string;
}> = async () => {};
