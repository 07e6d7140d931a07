/** The E-Class entries' public face: routes and service for the composition root, the insert for demo data and tests. */
export { insertEclassEntry } from './eclass.repository';
export { eclassRoutes } from './eclass.routes';
export { createEclassService } from './eclass.service';
