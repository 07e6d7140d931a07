/** The article catalogue (SPEC §3): list, form and import. */
export { ArticleFormPage, ArticleListPage } from './routes';
