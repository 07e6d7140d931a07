import { offerResponse } from '@portal/domain/schemas/offer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offerQueryKey } from './get-offer';

/** POST /offer/: the supplier's new offer on a released enquiry (409 OFFER_EXISTS names the open one). */
export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enquiryId: string) => api.post('/offer/', { enquiryId }, offerResponse),
    onSuccess: (offer) => {
      queryClient.setQueryData(offerQueryKey(offer.id), offer);
      void queryClient.invalidateQueries({ queryKey: ['offers'] });
    },
  });
}
