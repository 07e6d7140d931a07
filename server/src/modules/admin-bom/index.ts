/** The operator's BOM import (SPEC §7 admin BOM): its routes and service for the composition root. */
export { adminBomRoutes } from './admin-bom.routes';
export { createAdminBomService } from './admin-bom.service';
