/** The notification module's public face for other modules: notifications written in the caller's transaction. */
export { type NotificationEvent, notifyCompanies } from './notify';
