/**
 * The BOM lines' public face: reading a BOM file's header, matching its lines against the catalogue, and the
 * line pages and sums that the enquiry BOM, the operator's BOM import and the offer's articles share.
 */
export {
  checkMappingFits,
  noBomHeaders,
  readStoredBomHeader,
  storeBomUpload,
} from './bom-file';
export {
  type ConfirmedBomMapping,
  readChosenBomHeader,
  readUploadedBomHeader,
  storeConfirmedMapping,
} from './bom-flow';
export {
  type BomUploadSteps,
  bomErrors,
  bomReadErrors,
  bomUploadErrors,
  receiveBomUpload,
  registerBomHeaderAndMap,
} from './bom-flow.routes';
export { createBomLineAssignment } from './bom-line-assignment';
export { findArticleWithUnit } from './bom-line-assignment.repository';
export { activateLineGeneration } from './bom-line-writes.repository';
export { estimateOf, summedBom, toBomLine } from './bom-lines.mapper';
export {
  allBomLines,
  type BomOwner,
  bomLinesById,
  countBomLines,
  filteredTotal,
  type LineRow,
  ownerWhere,
  pageBomLines,
} from './bom-lines.repository';
export { bomLinesPage, storeBomFileLines, updateBomLine } from './bom-lines.service';
export {
  hasManufacturerName,
  rematchResolvedNames,
  unknownManufacturerNames,
  writeManufacturerOnLines,
} from './bom-manufacturer-names';
export { type BomHeader, readBomHeader, sameHeaders, unknownHeaderNames } from './bom-sheet';
