import { profileResponse } from '@portal/domain/schemas/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const profileQueryKey = ['profile'] as const;

export const profileQuery = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => api.get('/user/profile', profileResponse, undefined, signal),
});

export function useProfile() {
  return useQuery(profileQuery);
}
