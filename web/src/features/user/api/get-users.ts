import { userListResponse } from '@portal/domain/schemas/user';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface UserListParams {
  page: number;
  paginationSize: number;
  column?: string;
  sortDescending?: boolean;
  search?: string;
  companyId?: string;
}

export const usersQuery = (params: UserListParams) =>
  queryOptions({
    queryKey: ['users', params],
    queryFn: ({ signal }) => api.get('/user/all', userListResponse, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams) {
  return useQuery(usersQuery(params));
}
