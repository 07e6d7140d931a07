import { bomEstimate } from '@portal/domain/schemas/bom-lines';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const enquiryBomEstimateKey = (enquiryId: string) => ['enquiry-bom', enquiryId, 'estimate'] as const;

/** SPEC §9 GET /enquiry/bom/estimate: the estimated price of the mapped BOM, null without one. */
export function useEnquiryBomEstimate(enquiryId: string, enabled = true) {
  return useQuery({
    queryKey: enquiryBomEstimateKey(enquiryId),
    queryFn: ({ signal }) => api.get('/enquiry/bom/estimate', bomEstimate.nullable(), { enquiryId }, signal),
    enabled,
  });
}
