/**
 * The field values' public face: the shared base of the named master-data areas (manufacturer, unit,
 * wholesaler, discount group, E-Class): their kinds, list queries, access checks, CSV upload and routes.
 */
export { readCsvUpload, registerCsvUpload, sendCsv } from './csv-upload';
export { rethrowConflict } from './db-errors';
export { type AuditView, recordNamedChanges, variantsText } from './field-value.audit';
export {
  DISCOUNT_GROUP_KIND,
  ECLASS_REFERENCES,
  MANUFACTURER_KIND,
  UNIT_KIND,
  WHOLESALER_REFERENCES,
} from './field-value.kinds';
export {
  deleteUnused,
  inOrder,
  type ListQuery,
  type ListSpec,
  listPage,
  nameSearchCondition,
  searchNames,
  writeNames,
} from './field-value.repository';
export { registerNamedRoutes } from './field-value.routes';
export {
  assertCanManage,
  assertCanRead,
  assertNamesDistinct,
  createNamedService,
} from './field-value.service';
