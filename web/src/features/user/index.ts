/** Users: list and form. */
export { UserFormPage, UserListPage } from './routes';
