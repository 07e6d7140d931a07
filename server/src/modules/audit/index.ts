/** The public face of the audit module: the change history of companies, users, articles, enquiries, offers. */
export { type AuditedEntity, listChanges, recordChanges } from './audit.repository';
