import { companyNamesResponse } from '@portal/domain/schemas/company-names';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Companies to choose from in the user form and filter (the operator too, for its staff);
 * SPEC §2: the form offers active companies only.
 */
export function useCompanyOptions(enabled: boolean, activeOnly: boolean) {
  return useQuery({
    queryKey: ['companies', 'names'],
    queryFn: ({ signal }) => api.get('/company/names', companyNamesResponse, undefined, signal),
    select: (companies) =>
      companies
        .filter((company) => !activeOnly || company.active)
        .map((company) => ({ value: company.id, label: company.name })),
    enabled,
    staleTime: 60_000,
  });
}
