import { companyResponse } from '@portal/domain/schemas/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const fetchCompany = (id: string, signal?: AbortSignal) =>
  api.get('/company/', companyResponse, { id }, signal);

export const companyQuery = (id: string) =>
  queryOptions({
    queryKey: ['company', id],
    queryFn: ({ signal }) => fetchCompany(id, signal),
  });

export function useCompany(id: string | undefined) {
  return useQuery({ ...companyQuery(id ?? ''), enabled: !!id });
}
