/** The account module's public face: registration, sign-in gates, password reset and profile routes. */
export { type AccountRoutesOptions, accountRoutes } from './account.routes';
