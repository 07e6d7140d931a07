/** Offers, orders and jobs: their pages, and what the enquiry and the project folders show of them. */
export { useOfferOfEnquiry } from './api/offer-of-enquiry';
export { OfferStateBadge } from './components/OfferBadges';
export { OfferComparison } from './components/OfferComparison';
export { useOfferT } from './offer-i18n';
export { offerListPath } from './offer-paths';
export { OfferDetailPage, OfferNewPage, offerListPage } from './routes';
