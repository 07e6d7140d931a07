import { fieldValueDeleteResult } from '@portal/domain/schemas/field-value';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type FieldValueKind, fieldValueKeys } from './field-value-kind';

/** SPEC §7 bulk delete (a GET with the comma list); answers which ids were deleted and which failed. */
export function useDeleteFieldValues(kind: FieldValueKind<{ id: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.get(kind.deletePath ?? `/${kind.base}/delete`, fieldValueDeleteResult, { [kind.idsKey]: ids }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fieldValueKeys.all(kind.base) }),
  });
}
