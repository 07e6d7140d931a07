import { type OfferUpdateBody, offerResponse } from '@portal/domain/schemas/offer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offerQueryKey } from './get-offer';

/**
 * POST /offer/update (save) or POST /offer/release (save and release, 422 with what is missing): the same
 * body, the answer replaces the cached offer.
 */
export function useSaveOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, release }: { body: OfferUpdateBody; release?: boolean }) =>
      api.post(release ? '/offer/release' : '/offer/update', body, offerResponse),
    onSuccess: (offer) => {
      queryClient.setQueryData(offerQueryKey(offer.id), offer);
      void queryClient.invalidateQueries({ queryKey: ['offers'] });
      void queryClient.invalidateQueries({ queryKey: [...offerQueryKey(offer.id), 'revisions'] });
    },
  });
}
