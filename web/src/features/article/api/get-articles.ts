import { articleFilterResponse } from '@portal/domain/schemas/article';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ArticleListParams {
  page: number;
  paginationSize: number;
  column?: string;
  sortDescending?: boolean;
  /** The list's search text (SPEC §7 `orderNumber`). */
  orderNumber?: string;
  manufacturer?: string;
}

export const articlesQuery = (params: ArticleListParams) =>
  queryOptions({
    queryKey: ['articles', params],
    queryFn: ({ signal }) => api.get('/article/filter', articleFilterResponse, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** SPEC §7 GET /article/filter. */
export function useArticles(params: ArticleListParams) {
  return useQuery(articlesQuery(params));
}
