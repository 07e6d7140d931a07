import { importPreviewResponse } from '@portal/domain/schemas/article-import';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const importPreviewQuery = queryOptions({
  queryKey: ['article-import', 'preview'],
  queryFn: ({ signal }) => api.get('/article/import/preview', importPreviewResponse, undefined, signal),
});

/** GET /article/import/preview: what the import waiting for "Übernehmen" would do. */
export function useImportPreview(enabled: boolean) {
  return useQuery({ ...importPreviewQuery, enabled });
}
