/** Companies: list and form. */
export { CompanyFormPage, CompanyListPage } from './routes';
