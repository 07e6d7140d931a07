import { offerOfEnquiry } from '@portal/domain/schemas/offer';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Under the lists' key ['offers', …]: creating, releasing or accepting an offer refreshes it. */
export const offerOfEnquiryKey = (enquiryId: string) => ['offers', 'of-enquiry', enquiryId] as const;

/**
 * GET /offer/enquiry: the supplier's own open offer on the enquiry, and for the customer how many released
 * offers there are to compare.
 */
export function useOfferOfEnquiry(enquiryId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: offerOfEnquiryKey(enquiryId ?? ''),
    queryFn: ({ signal }) => api.get('/offer/enquiry', offerOfEnquiry, { enquiryId }, signal),
    enabled: !!enquiryId && enabled,
  });
}
