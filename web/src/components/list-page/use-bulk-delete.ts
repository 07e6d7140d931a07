import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { confirmAction } from '../ConfirmDialog';

/** The answer of a bulk delete or archive call: the refused records, as a list or as their number. */
export interface BulkResult {
  failed: readonly unknown[] | number;
}

export interface BulkMutation<R> {
  mutate(ids: string[], callbacks: { onSuccess(result: R): void; onError(error: Error): void }): void;
}

export interface BulkDeleteOptions<R extends BulkResult> {
  mutation: BulkMutation<R>;
  /** The Ja/Nein question for the selected rows. */
  confirmMessage(count: number): string;
  /** The success toast when every selected record went. */
  doneMessage(result: R): string;
  /** The error toast when some of them were refused (SPEC §2: records in use stay). */
  notAllMessage: string;
}

export interface BulkDelete {
  selectedIds: string[];
  setSelectedIds(ids: string[]): void;
  /** Asks first; on "Ja" deletes the selected rows, reports the outcome and clears the selection. */
  requestDelete(): void;
  /** The selection props of `DataTable`, to spread; without checkboxes where the person may not delete. */
  selectionProps(enabled?: boolean): {
    selectable: boolean;
    selectedIds: string[] | undefined;
    onSelectionChange: ((ids: string[]) => void) | undefined;
  };
}

const failedCount = (result: BulkResult) =>
  typeof result.failed === 'number' ? result.failed : result.failed.length;

/** Row selection of a list with its delete (or archive) action behind a confirmation. */
export function useBulkDelete<R extends BulkResult>(options: BulkDeleteOptions<R>): BulkDelete {
  const { mutation, confirmMessage, doneMessage, notAllMessage } = options;
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const requestDelete = () =>
    confirmAction({
      message: confirmMessage(selectedIds.length),
      onConfirm: () =>
        mutation.mutate(selectedIds, {
          onSuccess: (result) => {
            if (failedCount(result) === 0) notifySuccess(doneMessage(result));
            else notifyError(notAllMessage);
            setSelectedIds([]);
          },
          onError: (error) => notifyError(error.message),
        }),
    });
  const selectionProps = (enabled = true) => ({
    selectable: enabled,
    selectedIds: enabled ? selectedIds : undefined,
    onSelectionChange: enabled ? setSelectedIds : undefined,
  });
  return { selectedIds, setSelectedIds, requestDelete, selectionProps };
}
