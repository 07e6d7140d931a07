import { importStatusResponse } from '@portal/domain/schemas/article-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** SPEC §7 GET /article/import/abort: "Import beenden"; the server stops after the batch it writes. */
export function useAbortImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get('/article/import/abort', importStatusResponse),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['article-import'] }),
  });
}
