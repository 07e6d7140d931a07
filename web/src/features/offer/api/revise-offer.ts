import { offerResponse } from '@portal/domain/schemas/offer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offerQueryKey } from './get-offer';

/** POST /offer/revise: a new version opens (201), the revised one stays fixed. */
export function useReviseOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) => api.post('/offer/revise', { offerId }, offerResponse),
    onSuccess: (offer, offerId) => {
      queryClient.setQueryData(offerQueryKey(offer.id), offer);
      void queryClient.invalidateQueries({ queryKey: offerQueryKey(offerId) });
      void queryClient.invalidateQueries({ queryKey: ['offers'] });
    },
  });
}
