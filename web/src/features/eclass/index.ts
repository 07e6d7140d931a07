/** E-Class entries: list and form. */
export { EclassFormPage, EclassListPage } from './routes';
