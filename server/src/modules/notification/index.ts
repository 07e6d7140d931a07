/**
 * The notification module's public face: notifications written in the caller's transaction, the business
 * events (enquiry released, offer moved) that notify companies, the read marks of the chat, the digests, routes.
 */

export { notifyEnquiryReleased, notifyOfferEvent, type OfferEventFacts } from './business-events';
export { startNotificationDigests } from './digest';
export { markChatNotificationsRead } from './notification.repository';
export { notificationRoutes } from './notification.routes';
export { createNotificationService } from './notification.service';
export { type NotificationEvent, notifyCompanies } from './notify';
