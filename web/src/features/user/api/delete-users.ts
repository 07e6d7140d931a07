import { deleteResult } from '@portal/domain/schemas/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useDeleteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.post('/user/delete', undefined, deleteResult, { userId: ids }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
