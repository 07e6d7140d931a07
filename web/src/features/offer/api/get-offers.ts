import type { OfferState } from '@portal/domain/enums';
import { offerListResponse } from '@portal/domain/schemas/offer';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usePollingInterval } from '../../../lib/live-events';

export interface OfferListParams {
  page: number;
  paginationSize: number;
  column?: string;
  sortDescending?: boolean;
  referenceNumber?: string;
  states: readonly OfferState[];
  /** Also the archived (deleted from the list) offers. */
  archived?: boolean;
}

/** SPEC §7 GET /offer/filter: the offers, orders or jobs of the list's states the actor may see. */
export const offersQuery = (params: OfferListParams) =>
  queryOptions({
    queryKey: ['offers', params],
    queryFn: ({ signal }) => api.get('/offer/filter', offerListResponse, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export function useOffers(params: OfferListParams) {
  // Kept fresh by the live events (lib/live-events.ts), polled every 15 minutes without them.
  return useQuery({ ...offersQuery(params), refetchInterval: usePollingInterval() });
}
