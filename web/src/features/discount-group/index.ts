/** Discount groups: list and form. */
export { DiscountGroupFormPage, DiscountGroupListPage } from './routes';
