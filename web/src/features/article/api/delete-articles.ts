import { articleDeleteResult } from '@portal/domain/schemas/article';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** SPEC §7 POST /article/delete with the list's selection. */
export function useDeleteArticles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.post('/article/delete', undefined, articleDeleteResult, { id: ids }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['articles'] }),
  });
}
