/** The manufacturers' public face: routes and service, the look-up discount groups resolve names with, the insert for demo data and tests. */
export { findManufacturers, insertManufacturer } from './manufacturer.repository';
export { manufacturerRoutes } from './manufacturer.routes';
export { createManufacturerService } from './manufacturer.service';
