import { companyResponse } from '@portal/domain/schemas/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useReleaseCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/company/release', undefined, companyResponse, { id }),
    onSuccess: (company) => {
      queryClient.setQueryData(['company', company.id], company);
      void queryClient.invalidateQueries({ queryKey: ['companies'] });
    },
  });
}
