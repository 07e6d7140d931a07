import { type CompanyBody, companyResponse } from '@portal/domain/schemas/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Creates (no id) or updates a company with the `lastUpdate` its form is based on (SPEC §8 CHANGED_MEANWHILE);
 * the lists and the record's cache are refreshed.
 */
export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, lastUpdate }: { id?: string; body: CompanyBody; lastUpdate?: string }) =>
      id
        ? api.post('/company/update', { ...body, id, lastUpdate }, companyResponse)
        : api.post('/company/', body, companyResponse),
    onSuccess: (company) => {
      queryClient.setQueryData(['company', company.id], company);
      void queryClient.invalidateQueries({ queryKey: ['companies'] });
    },
  });
}
