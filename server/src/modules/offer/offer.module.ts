import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import type { DomainEventEmitter } from '../../events/domain-events';
import type { FileStorage } from '../../files/storage';
import { createOfferCommands } from './commands/offer-commands';
import { offerRoutes } from './offer.routes';
import { createOfferService } from './offer.service';
import { createOfferArticlesService } from './offer-articles.service';
import { createOfferCompareService } from './offer-compare.service';
import type { OfferEvents } from './offer-events';
import { offerExportRoutes } from './offer-export.routes';
import { offerFileRoutes } from './offer-file.routes';
import { createOfferFileService } from './offer-file.service';
import { offerPricingRoutes } from './offer-pricing.routes';
import { createOfferPricingService } from './offer-pricing.service';

/** SPEC §4 offers, orders and jobs: the services and their routes. */
export const offerModule: FastifyPluginAsync<{
  db: Db;
  storage: FileStorage;
  /** The bus the commands emit to; its consumers are registered at the composition root (app.ts). */
  events: DomainEventEmitter<OfferEvents>;
}> = async (app, { db, storage, events }) => {
  await app.register(offerRoutes, {
    offers: createOfferService({ db }),
    commands: createOfferCommands({ db, storage, events }),
    compare: createOfferCompareService({ db }),
  });
  await app.register(offerFileRoutes, {
    files: createOfferFileService({ db, storage }),
    articles: createOfferArticlesService({ db }),
  });
  await app.register(offerExportRoutes, { db });
  await app.register(offerPricingRoutes, { pricing: createOfferPricingService({ db }) });
};
