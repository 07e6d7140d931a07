import {
  type OfferBulkBody,
  type OfferMarkupBody,
  offerBulkResponse,
  offerPricingResponse,
} from '@portal/domain/schemas/pricing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Under the offer's key: whatever refreshes the offer (a line edit, a bulk action) refreshes the calculation. */
export const offerPricingKey = (offerId: string) => ['offer', offerId, 'pricing'] as const;

/** GET /offer/pricing: the supplier's calculation of its offer (purchase, markup, work, proposed price). */
export function useOfferPricing(offerId: string, enabled: boolean) {
  return useQuery({
    queryKey: offerPricingKey(offerId),
    queryFn: ({ signal }) => api.get('/offer/pricing', offerPricingResponse, { offerId }, signal),
    enabled,
  });
}

export type OfferBulkAction =
  | { kind: 'markup'; body: OfferMarkupBody }
  | { kind: 'reprice'; body: OfferBulkBody }
  | { kind: 'round'; body: OfferBulkBody };

/**
 * POST /offer/articles/markup | reprice | round: one call changes all or the selected lines on the server; the
 * offer (totals, lines, calculation) is loaded again, so the sums follow at once.
 */
export function useOfferBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OfferBulkAction) =>
      api.post(`/offer/articles/${action.kind}`, action.body, offerBulkResponse),
    onSuccess: (_result, action) =>
      queryClient.invalidateQueries({ queryKey: ['offer', action.body.offerId] }),
  });
}
