import { combineResult } from '@portal/domain/schemas/field-value';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type FieldValueKind, fieldValueKeys } from './field-value-kind';

/** SPEC §7 `/…/combine`: the target survives, every reference to the others moves to it. */
export function useCombineFieldValues(kind: FieldValueKind<{ id: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, targetId }: { ids: string[]; targetId: string }) =>
      api.get(`/${kind.base}/combine`, combineResult, { [kind.idsKey]: ids, targetId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fieldValueKeys.all(kind.base) }),
  });
}
