/** The legal pages' public face. */
export { legalRoutes } from './legal.routes';
