/** The legal pages (imprint, privacy, TOM, AVB, subcontractors). */
export { AvbPage, ImprintPage, PrivacyPage, SubcontractorsPage, TomPage } from './routes';
