import { importPreviewResponse, type ResolveImportNameBody } from '@portal/domain/schemas/article-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { importPreviewQuery } from './import-preview';

/**
 * POST /article/import/preview/names: an unknown name of the file becomes a manufacturer or unit ("anlegen")
 * or a name variant of an existing one; the answer is the preview counted again.
 */
export function useResolveImportName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResolveImportNameBody) =>
      api.post('/article/import/preview/names', body, importPreviewResponse),
    onSuccess: (preview) => {
      queryClient.setQueryData(importPreviewQuery.queryKey, preview);
      // The new manufacturer or variant shows in every choice of the master data.
      void queryClient.invalidateQueries({ queryKey: ['article-options'] });
    },
  });
}
