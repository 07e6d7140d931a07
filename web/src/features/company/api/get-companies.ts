import { companyListResponse } from '@portal/domain/schemas/company';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface CompanyListParams {
  page: number;
  paginationSize: number;
  column?: string;
  sortDescending?: boolean;
  search?: string;
  type?: string;
  activeOnly?: boolean;
}

export const companiesQuery = (params: CompanyListParams) =>
  queryOptions({
    queryKey: ['companies', params],
    queryFn: ({ signal }) => api.get('/company/all', companyListResponse, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export function useCompanies(params: CompanyListParams) {
  return useQuery(companiesQuery(params));
}
