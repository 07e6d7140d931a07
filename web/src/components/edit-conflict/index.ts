export { EditConflictAlert } from './EditConflictAlert';
export {
  type EditConflict,
  type EditConflictOptions,
  type EditConflictState,
  useEditConflict,
} from './use-edit-conflict';
