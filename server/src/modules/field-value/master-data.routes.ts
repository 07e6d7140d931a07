import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import { createDiscountGroupCsvService } from '../discountgroup/discountgroup.csv';
import { discountGroupRoutes } from '../discountgroup/discountgroup.routes';
import { createDiscountGroupService } from '../discountgroup/discountgroup.service';
import { eclassRoutes } from '../eclass/eclass.routes';
import { createEclassService } from '../eclass/eclass.service';
import { manufacturerRoutes } from '../manufacturer/manufacturer.routes';
import { createManufacturerService } from '../manufacturer/manufacturer.service';
import { unitRoutes } from '../unit/unit.routes';
import { createUnitService } from '../unit/unit.service';
import { wholesalerRoutes } from '../wholesaler/wholesaler.routes';
import { createWholesalerService } from '../wholesaler/wholesaler.service';

/** The field-value areas (SPEC §7 manufacturer, unit, wholesaler, discount group, E-Class calls). */
export const masterDataRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(manufacturerRoutes, { service: createManufacturerService({ db }) });
  await app.register(unitRoutes, { service: createUnitService({ db }) });
  await app.register(wholesalerRoutes, { service: createWholesalerService({ db }) });
  await app.register(discountGroupRoutes, {
    service: createDiscountGroupService({ db }),
    csv: createDiscountGroupCsvService({ db }),
  });
  await app.register(eclassRoutes, { service: createEclassService({ db }) });
};
