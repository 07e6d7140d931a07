import { enquiryResponse } from '@portal/domain/schemas/enquiry';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const enquiryQueryKey = (id: string) => ['enquiry', id] as const;

export const fetchEnquiry = (id: string, signal?: AbortSignal) =>
  api.get('/enquiry/', enquiryResponse, { id }, signal);

export const enquiryQuery = (id: string) =>
  queryOptions({
    queryKey: enquiryQueryKey(id),
    queryFn: ({ signal }) => fetchEnquiry(id, signal),
  });

export function useEnquiry(id: string | undefined) {
  return useQuery({ ...enquiryQuery(id ?? ''), enabled: !!id });
}
