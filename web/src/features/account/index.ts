/** The account pages: registration, password reset and the user's own profile. */
export { ActionPage, ForgetPage, ProfilePage, RegisterPage, ResetPage } from './routes';
