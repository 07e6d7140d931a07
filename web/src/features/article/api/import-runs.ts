import { importRunListResponse } from '@portal/domain/schemas/article-import';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `page` is 0-based as on the server. */
export const importRunsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['article-import-runs', page, pageSize],
    queryFn: ({ signal }) =>
      api.get('/article/import/runs', importRunListResponse, { page, paginationSize: pageSize }, signal),
  });

/** GET /article/import/runs: the history of import runs, newest first. */
export function useImportRuns(page: number, pageSize: number, enabled = true) {
  return useQuery({ ...importRunsQuery(page, pageSize), enabled, placeholderData: keepPreviousData });
}
