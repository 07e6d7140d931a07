import { type PricingSettingsBody, pricingSettingsResponse } from '@portal/domain/schemas/pricing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const pricingSettingsKey = ['pricing', 'settings'] as const;

/** GET /pricing/settings: the own company's pricing settings and the page's choices (supplier admins). */
export function usePricingSettings() {
  return useQuery({
    queryKey: pricingSettingsKey,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/pricing/settings', { schema: pricingSettingsResponse, signal }),
  });
}

/** PUT /pricing/settings on the state the page loaded (`lastUpdate`; a colleague's save since gives 409). */
export function useSavePricingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PricingSettingsBody) =>
      apiRequest('PUT', '/pricing/settings', { schema: pricingSettingsResponse, body }),
    onSuccess: (saved) => queryClient.setQueryData(pricingSettingsKey, saved),
  });
}
