import { importStatusResponse } from '@portal/domain/schemas/article-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /article/import/confirm: "Übernehmen" writes the import that waits with its preview. */
export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/article/import/confirm', undefined, importStatusResponse),
    onSuccess: (status) => {
      queryClient.setQueryData(['article-import'], status);
      queryClient.removeQueries({ queryKey: ['article-import', 'preview'] });
    },
  });
}
