/** Wholesalers: list, form and the kind the discount groups refer to. */
export { wholesalerKind } from './api/wholesaler-kind';
export { WholesalerFormPage, WholesalerListPage } from './routes';
