/**
 * The enquiry module's public face: routes, services and commands for the composition root; the read
 * access, technical specification and records an offer is built on; the storage keys demo data writes under.
 */
export { createEnquiryCommands } from './commands/enquiry-commands';
export { readTechnicalSpec, technicalSpecChanges } from './enquiry.mapper';
export { readableEnquiry } from './enquiry.policy';
export { findEnquiry, findFile, findFiles, updateEnquiry } from './enquiry.repository';
export { enquiryRoutes } from './enquiry.routes';
export { createEnquiryService } from './enquiry.service';
export { bomHeadersKey, enquiryBomKey } from './enquiry-bom.mapper';
export { findBom } from './enquiry-bom.repository';
export { enquiryBomRoutes } from './enquiry-bom.routes';
export { createEnquiryBomService } from './enquiry-bom.service';
export { enquiryBomLinesRoutes } from './enquiry-bom-lines.routes';
export { createEnquiryBomLinesService } from './enquiry-bom-lines.service';
export { type EnquiryEvents, registerEnquiryEventHandlers } from './enquiry-events';
export { enquiryFileRoutes } from './enquiry-file.routes';
export { createEnquiryFileService } from './enquiry-file.service';
export { enquiryFileKey } from './enquiry-file.storage';
