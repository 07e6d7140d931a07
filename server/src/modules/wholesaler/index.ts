/** The wholesalers' public face: routes and service, the look-ups discount groups resolve names with, the insert for demo data and tests. */
export { findWholesalers, findWholesalersByKeys, insertWholesaler } from './wholesaler.repository';
export { wholesalerRoutes } from './wholesaler.routes';
export { createWholesalerService } from './wholesaler.service';
