import { type ArticleExportBody, articleExportResponse } from '@portal/domain/schemas/article';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportFilesQueryKey } from './get-export-files';

/** SPEC §7 POST /article/export: starts the background export; the answer names the file. */
export function useExportArticles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ArticleExportBody) => api.post('/article/export', body, articleExportResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportFilesQueryKey }),
  });
}
