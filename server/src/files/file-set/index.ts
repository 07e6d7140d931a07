export { createFileSet, type FileSetSpec, type NewSetFile } from './file-set';
export { type FileSetRow, type FileSetTable, fileSetTable, findSetFile } from './file-set.repository';
export {
  fileSetErrors,
  fileSetUploadErrors,
  registerFileSetDownload,
  registerFileSetUpload,
  requireFileId,
  sendSetFile,
  uploadToFileSet,
} from './file-set.routes';
export { createStoredFiles, openStoredFile, type StoredFiles, type StoredUpload } from './stored-files';
