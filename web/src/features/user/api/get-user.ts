import { userResponse } from '@portal/domain/schemas/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: ['user', id],
    queryFn: ({ signal }) => api.get('/user/', userResponse, { id }, signal),
  });

export function useUser(id: string | undefined) {
  return useQuery({ ...userQuery(id ?? ''), enabled: !!id });
}
