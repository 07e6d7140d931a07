import { deleteResult } from '@portal/domain/schemas/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** SPEC §4: deleting sets companies inactive. */
export function useDeleteCompanies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.post('/company/delete', undefined, deleteResult, { companyId: ids }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['companies'] }),
  });
}
