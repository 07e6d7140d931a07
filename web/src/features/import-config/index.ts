/** Import configurations of the article import: list and form. */
export { ImportConfigFormPage, ImportConfigListPage } from './routes';
