import { articleSearchResult } from '@portal/domain/schemas/article';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const articleSearchQuery = (searchTerm: string, amount = 10) =>
  queryOptions({
    queryKey: ['article-search', searchTerm, amount],
    queryFn: ({ signal }) => api.get('/article/search', articleSearchResult, { searchTerm, amount }, signal),
    enabled: searchTerm.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** SPEC §7 GET /article/search (exact number matches first). */
export function useArticleSearch(searchTerm: string, amount = 10) {
  return useQuery(articleSearchQuery(searchTerm, amount));
}
