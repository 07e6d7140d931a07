import { enquiryBom } from '@portal/domain/schemas/bom';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const enquiryBomQueryKey = (enquiryId: string) => ['enquiry-bom', enquiryId] as const;

/** GET /enquiry/bom/info: the enquiry's BOM (file row, header row, mapping) or null without one. */
export const enquiryBomQuery = (enquiryId: string) =>
  queryOptions({
    queryKey: enquiryBomQueryKey(enquiryId),
    queryFn: ({ signal }) => api.get('/enquiry/bom/info', enquiryBom.nullable(), { enquiryId }, signal),
  });

export function useEnquiryBom(enquiryId: string | undefined) {
  return useQuery({ ...enquiryBomQuery(enquiryId ?? ''), enabled: !!enquiryId });
}
