/** The operator's BOM import (SPEC §7 admin BOM): its routes and services for the composition root. */

export { adminBomRoutes } from './admin-bom.routes';
export { createAdminBomService } from './admin-bom.service';
export { adminBomManufacturerRoutes } from './admin-bom-manufacturers.routes';
export { createAdminBomManufacturersService } from './admin-bom-manufacturers.service';
