import { lastLoginResponse } from '@portal/domain/schemas/user';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The operator's overview of the most recent sign-ins (SPEC §2 last-login box). */
export function useLastLogins(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'lastlogin'],
    queryFn: ({ signal }) => api.get('/user/lastlogin', lastLoginResponse, undefined, signal),
    enabled,
  });
}
