/** Enquiries: list and form (with its BOM, files, offers and chat). */
export { EnquiryFormPage, EnquiryListPage } from './routes';
