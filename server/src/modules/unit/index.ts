/** The units' public face: routes and service, the insert for demo data and tests. */
export { insertUnit } from './unit.repository';
export { unitRoutes } from './unit.routes';
export { createUnitService } from './unit.service';
