import { offerComparisonResponse } from '@portal/domain/schemas/offer';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Under the lists' key ['offers', …]: a state change of any offer refreshes the comparison. */
export const offerComparisonKey = (enquiryId: string) => ['offers', 'compare', enquiryId] as const;

/** GET /offer/compare: the released offers on the customer's own enquiry, side by side and line by line. */
export function useOfferComparison(enquiryId: string) {
  return useQuery({
    queryKey: offerComparisonKey(enquiryId),
    queryFn: ({ signal }) => api.get('/offer/compare', offerComparisonResponse, { enquiryId }, signal),
  });
}
