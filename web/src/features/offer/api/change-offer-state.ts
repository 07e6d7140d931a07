import { type OfferStateChangeQuery, offerStateChangeResponse } from '@portal/domain/schemas/offer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offerQueryKey } from './get-offer';

/** SPEC §7 GET /offer/statechange: accept, decline or confirm; answers the offer and the list it now belongs to. */
export function useChangeOfferState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: OfferStateChangeQuery) =>
      api.get('/offer/statechange', offerStateChangeResponse, { ...query }),
    onSuccess: ({ offer }) => {
      queryClient.setQueryData(offerQueryKey(offer.id), offer);
      void queryClient.invalidateQueries({ queryKey: ['offers'] });
      void queryClient.invalidateQueries({ queryKey: [...offerQueryKey(offer.id), 'revisions'] });
    },
  });
}
