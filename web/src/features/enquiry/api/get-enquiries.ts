import { enquiryListResponse } from '@portal/domain/schemas/enquiry';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usePollingInterval } from '../../../lib/live-events';

export interface EnquiryListParams {
  page: number;
  paginationSize: number;
  column?: string;
  sortDescending?: boolean;
  title?: string;
  /** Also the archived enquiries (the customers' list switch). */
  archived?: boolean;
}

/** SPEC §7 GET /enquiry/filter: the customer's own or, for a supplier, the released ones addressed to it. */
export const enquiriesQuery = (params: EnquiryListParams) =>
  queryOptions({
    queryKey: ['enquiries', params],
    queryFn: ({ signal }) => api.get('/enquiry/filter', enquiryListResponse, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export function useEnquiries(params: EnquiryListParams) {
  // Kept fresh by the live events (lib/live-events.ts), polled every 15 minutes without them.
  return useQuery({ ...enquiriesQuery(params), refetchInterval: usePollingInterval() });
}
