/** The system routes' public face (health, version). */
export { systemRoutes } from './system.routes';
