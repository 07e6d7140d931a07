import { articleSearchResult } from '@portal/domain/schemas/article';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** SPEC §7 GET /article/search for the assignment dialog (exact number matches first). */
export function useCatalogArticleSearch(searchTerm: string, amount = 20) {
  return useQuery({
    queryKey: ['article-search', searchTerm, amount],
    queryFn: ({ signal }) => api.get('/article/search', articleSearchResult, { searchTerm, amount }, signal),
    enabled: searchTerm.length > 0,
    placeholderData: keepPreviousData,
  });
}
