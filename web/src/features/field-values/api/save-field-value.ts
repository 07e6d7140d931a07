import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type FieldValueKind, fieldValueKeys } from './field-value-kind';

/**
 * SPEC §7 `POST /…/` (create) and `POST /…/update` with the `lastUpdate` the form is based on (SPEC §8
 * CHANGED_MEANWHILE); lists and the record's cache are refreshed.
 */
export function useSaveFieldValue<Item extends { id: string }, Body extends object>(
  kind: FieldValueKind<Item>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, lastUpdate }: { id?: string; body: Body; lastUpdate?: string }) =>
      id
        ? api.post(`/${kind.base}/update`, { ...body, id, lastUpdate }, kind.saved ?? kind.item)
        : api.post(`/${kind.base}/`, body, kind.saved ?? kind.item),
    onSuccess: (saved) => {
      // The record's cache may hold a richer detail than the saved item: keep what the answer does not
      // carry until the refetch below brings it (E-Class answers with its change entries, see `kind.saved`).
      queryClient.setQueryData(fieldValueKeys.item(kind.base, saved.id), (cached: object | undefined) =>
        cached ? { ...cached, ...saved } : saved,
      );
      void queryClient.invalidateQueries({ queryKey: fieldValueKeys.all(kind.base) });
    },
  });
}
