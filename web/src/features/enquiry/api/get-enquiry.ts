import { enquiryResponse } from '@portal/domain/schemas/enquiry';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const enquiryQueryKey = (id: string) => ['enquiry', id] as const;

export const enquiryQuery = (id: string) =>
  queryOptions({
    queryKey: enquiryQueryKey(id),
    queryFn: ({ signal }) => api.get('/enquiry/', enquiryResponse, { id }, signal),
  });

export function useEnquiry(id: string | undefined) {
  return useQuery({ ...enquiryQuery(id ?? ''), enabled: !!id });
}
