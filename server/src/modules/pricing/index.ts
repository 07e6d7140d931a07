/** The pricing module's public face: the supplier's pricing settings routes and service for the composition root. */
export { pricingRoutes } from './pricing.routes';
export { createPricingService, type PricingService } from './pricing.service';
