import { bomSummedResponse } from '@portal/domain/schemas/bom-lines';
import {
  type OfferArticleLine,
  type OfferArticlesPage,
  type OfferArticleUpdateBody,
  offerArticle,
  offerArticlesPage,
} from '@portal/domain/schemas/offer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { BomLinesSource } from '../../bom';

/**
 * Every query about an offer's articles (page, summed) starts with this key, under the offer's own key
 * ['offer', id]: whatever refreshes the offer refreshes its articles too.
 */
export const offerArticlesKey = (offerId: string) => ['offer', offerId, 'articles'] as const;

/** The offer's articles for the shared BOM tables: GET /offer/articles and GET /offer/articles/summed. */
export const offerArticlesSource = (
  offerId: string,
): BomLinesSource<OfferArticleLine, OfferArticlesPage> => ({
  queryKey: offerArticlesKey(offerId),
  fetchPage: (query, signal) => api.get('/offer/articles', offerArticlesPage, { ...query, offerId }, signal),
  fetchSummed: (signal) => api.get('/offer/articles/summed', bomSummedResponse, { offerId }, signal),
});

/**
 * POST /offer/article/update: quantity, price per piece, replacement article and note of one line, based on
 * the line's `lastUpdate` (SPEC §8 CHANGED_MEANWHILE). The answer replaces the line in the pages at once (a
 * second edit must start from the new `lastUpdate`); the offer (its article totals and estimate) and its
 * articles are loaded again.
 */
export function useUpdateOfferArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferArticleUpdateBody) => api.post('/offer/article/update', body, offerArticle),
    onSuccess: (line, { offerId }) => {
      queryClient.setQueriesData<OfferArticlesPage>({ queryKey: offerArticlesKey(offerId) }, (page) =>
        page && Array.isArray(page.content)
          ? { ...page, content: page.content.map((known) => (known.id === line.id ? line : known)) }
          : page,
      );
      return queryClient.invalidateQueries({ queryKey: ['offer', offerId] });
    },
  });
}
