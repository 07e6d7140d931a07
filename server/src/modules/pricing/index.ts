/**
 * The pricing module's public face: the supplier's pricing settings routes and service for the composition
 * root, and the terms (wholesaler, markup) the offer module prices a supplier's offers with.
 */
export { supplierPricingTerms } from './pricing.repository';
export { pricingRoutes } from './pricing.routes';
export { createPricingService, type PricingService } from './pricing.service';
