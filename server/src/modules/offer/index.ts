/**
 * The offer module's public face: its routes and events for the composition root, the offer files chat
 * attachments are stored as, the daily reminder of offers that end tomorrow and the notice of expired ones, the read access the chat checks, and what demo data and tests insert.
 */

export { offerModule } from './offer.module';
export { readableOffer } from './offer.policy';
export { copyLinesToOffer, insertOffer, makeCustomerCurrent } from './offer.repository';
export { type OfferEvents, registerOfferEventHandlers } from './offer-events';
export { sendOfferExpiredNotices, sendOfferExpiryReminders, startOfferExpiryReminders } from './offer-expiry';
export { createOfferFileService } from './offer-file.service';
export { offerFileKey } from './offer-file.storage';
