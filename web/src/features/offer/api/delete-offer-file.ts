import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offerQueryKey } from './get-offer';

/** POST /offer/file/delete. */
export function useDeleteOfferFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { offerId: string; fileId: string }) => api.post('/offer/file/delete', body),
    onSettled: (_result, _error, { offerId }) =>
      queryClient.invalidateQueries({ queryKey: offerQueryKey(offerId) }),
  });
}
