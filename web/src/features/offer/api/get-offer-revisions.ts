import { offerRevisionResponse } from '@portal/domain/schemas/offer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every version of the offer the actor may see, each with what changed from the one before. */
export const offerRevisionsQuery = (offerId: string) =>
  queryOptions({
    queryKey: ['offer', offerId, 'revisions'],
    queryFn: ({ signal }) => api.get('/offer/revision', offerRevisionResponse, { offerId }, signal),
  });

export function useOfferRevisions(offerId: string) {
  return useQuery(offerRevisionsQuery(offerId));
}
