/** The import configurations' public face: routes and service, and the look-up the article import runs with. */
export { findImportConfig, insertImportConfig } from './import-config.repository';
export { importConfigRoutes } from './import-config.routes';
export { createImportConfigService } from './import-config.service';
