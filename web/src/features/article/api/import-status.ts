import { importStatusResponse } from '@portal/domain/schemas/article-import';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const importStatusQuery = queryOptions({
  queryKey: ['article-import'],
  queryFn: ({ signal }) => api.get('/article/import', importStatusResponse, undefined, signal),
});

/** SPEC §7 GET /article/import: polled every second while an import runs (SPEC §2 progress). */
export function useImportStatus() {
  return useQuery({
    ...importStatusQuery,
    refetchInterval: (query) => (query.state.data?.running ? 1000 : false),
  });
}
