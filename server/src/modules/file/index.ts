/** The single-file module's public face: its routes and service. */
export { fileRoutes } from './file.routes';
export { createFileService } from './file.service';
