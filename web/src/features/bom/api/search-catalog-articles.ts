import { articleSearchResult } from '@portal/domain/schemas/article';
import { offerArticleSearchResult } from '@portal/domain/schemas/offer';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The catalog search of the assignment dialogs (exact number matches first): the operator's SPEC §7
 * GET /article/search, or, with `offerId`, the supplier's search for a replacement on its offer
 * (GET /offer/article/search: names, numbers, description, unit and list price only).
 */
export function useCatalogArticleSearch(searchTerm: string, amount = 20, offerId?: string) {
  return useQuery({
    queryKey: ['article-search', searchTerm, amount, offerId ?? null],
    queryFn: ({ signal }) =>
      offerId
        ? api.get('/offer/article/search', offerArticleSearchResult, { searchTerm, amount, offerId }, signal)
        : api.get('/article/search', articleSearchResult, { searchTerm, amount }, signal),
    enabled: searchTerm.length > 0,
    placeholderData: keepPreviousData,
  });
}
