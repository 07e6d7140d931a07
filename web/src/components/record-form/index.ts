export { RecordFormLayout, type RecordHistory } from './RecordFormLayout';
export {
  type RecordForm,
  type RecordFormOptions,
  type RecordSave,
  type RecordSaveNotice,
  useRecordForm,
} from './use-record-form';
