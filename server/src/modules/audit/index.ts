/**
 * The public face of the audit module: the change history of companies, users, articles, E-Class entries,
 * enquiries, offers and the named field values (manufacturers, units, discount groups).
 */
export { type AuditedEntity, listChanges, recordChanges } from './audit.repository';
