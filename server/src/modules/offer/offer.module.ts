import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import type { JobQueue } from '../../jobs/queue';
import { offerRoutes } from './offer.routes';
import { createOfferService } from './offer.service';
import { createOfferArticlesService } from './offer-articles.service';
import { createOfferCompareService } from './offer-compare.service';
import { offerExportRoutes } from './offer-export.routes';
import { offerFileRoutes } from './offer-file.routes';
import { createOfferFileService } from './offer-file.service';
import { createOfferStateService } from './offer-state.service';

/** Issue 14: offers, orders and jobs: the services and their routes. */
export const offerModule: FastifyPluginAsync<{
  db: Db;
  storage: FileStorage;
  queue: JobQueue;
  baseUrl: string;
}> = async (app, { db, storage, queue, baseUrl }) => {
  const offers = createOfferService({ db });
  const states = createOfferStateService({ db, storage, queue, baseUrl, offers });
  await app.register(offerRoutes, { offers, states, compare: createOfferCompareService({ db }) });
  await app.register(offerFileRoutes, {
    files: createOfferFileService({ db, storage }),
    articles: createOfferArticlesService({ db }),
  });
  await app.register(offerExportRoutes, { db });
};
