import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import type { JobQueue } from '../../jobs/queue';
import { folderRoutes } from './folder.routes';
import { folderManageRoutes } from './folder-manage.routes';

/**
 * SPEC §2, §3 Business data: the project folder of an offer. `folder.routes.ts`: list, open, files (upload, download, ZIP,
 * delete) and the access log; `folder-manage.routes.ts`: password gate, settings, password, invitations
 * and the operator's defaults. Who asks is resolved by `folder-access.ts` on every call.
 */
export const businessDataModule: FastifyPluginAsync<{
  db: Db;
  storage: FileStorage;
  queue: JobQueue;
  baseUrl: string;
}> = async (app, deps) => {
  await app.register(folderRoutes, deps);
  await app.register(folderManageRoutes, deps);
};
