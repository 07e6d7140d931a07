/** The sign-in module's public face: routes and the service the account module signs a new user in with. */
export { authRoutes } from './auth.routes';
export { type AuthService, createAuthService, type SignInResult } from './auth.service';
