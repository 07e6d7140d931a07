/** Units: list and form. */
export { UnitFormPage, UnitListPage } from './routes';
