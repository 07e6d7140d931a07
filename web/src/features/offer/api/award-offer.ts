import { type OfferAwardBody, offerAwardResponse } from '@portal/domain/schemas/offer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /offer/award: the enquiry split by line, an order per supplier; every offer list and the comparison change. */
export function useAwardSplit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferAwardBody) => api.post('/offer/award', body, offerAwardResponse),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['offers'] });
      void queryClient.invalidateQueries({ queryKey: ['offer'] });
    },
  });
}
