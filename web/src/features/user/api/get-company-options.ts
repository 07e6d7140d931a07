import { companyListResponse } from '@portal/domain/schemas/company';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Companies to choose from in the user form and filter (operator only; SPEC §2: active companies). */
export function useCompanyOptions(enabled: boolean, activeOnly: boolean) {
  return useQuery({
    queryKey: ['companies', 'options', activeOnly],
    queryFn: async ({ signal }) => {
      const result = await api.get(
        '/company/all',
        companyListResponse,
        { page: 0, paginationSize: 500, column: 'name', activeOnly },
        signal,
      );
      return result.content.map((company) => ({ value: company.id, label: company.name }));
    },
    enabled,
    staleTime: 60_000,
  });
}
