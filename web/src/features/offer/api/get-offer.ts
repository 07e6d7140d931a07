import { offerResponse } from '@portal/domain/schemas/offer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** One offer's cache key; everything that changes the offer invalidates or replaces it. */
export const offerQueryKey = (id: string) => ['offer', id] as const;

export const fetchOffer = (id: string, signal?: AbortSignal) =>
  api.get('/offer/', offerResponse, { id }, signal);

export const offerQuery = (id: string) =>
  queryOptions({
    queryKey: offerQueryKey(id),
    queryFn: ({ signal }) => fetchOffer(id, signal),
  });

export function useOffer(id: string) {
  return useQuery(offerQuery(id));
}
