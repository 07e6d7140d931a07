import { userResponse } from '@portal/domain/schemas/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const fetchUser = (id: string, signal?: AbortSignal) =>
  api.get('/user/', userResponse, { id }, signal);

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: ['user', id],
    queryFn: ({ signal }) => fetchUser(id, signal),
  });

export function useUser(id: string | undefined) {
  return useQuery({ ...userQuery(id ?? ''), enabled: !!id });
}
