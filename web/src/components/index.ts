export {
  type ConfirmActionOptions,
  ConfirmDialog,
  type ConfirmDialogProps,
  confirmAction,
} from './ConfirmDialog';
export { checkFile } from './check-file';
export * from './data-table';
export { FileDropzone, type FileDropzoneProps } from './FileDropzone';
export * from './form';
export { COMPANY_STATUS_COLORS, type CompanyStatus, StatusBadge, type StatusBadgeProps } from './StatusBadge';
export {
  type NameTarget,
  type ResolveUnknownName,
  type UnknownName,
  UnknownNames,
  type UnknownNamesProps,
} from './unknown-names/UnknownNames';
