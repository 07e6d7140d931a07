/** The article catalogue (SPEC §3): list, form and import. */

/** The manufacturers as choices (the BOM import's unknown manufacturer names are assigned to one). */
export { useManufacturerOptions } from './api/get-article-options';
export { ArticleFormPage, ArticleListPage } from './routes';
