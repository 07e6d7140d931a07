import { resetCodeResponse } from '@portal/domain/schemas/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Checks the code of a reset link and learns the address it was issued for (`/action`). */
export const resetCodeQuery = (oobCode: string) =>
  queryOptions({
    queryKey: ['reset-code', oobCode],
    queryFn: ({ signal }) => api.get('/user/password/reset/verify', resetCodeResponse, { oobCode }, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useVerifyResetCode(oobCode: string | null) {
  return useQuery({ ...resetCodeQuery(oobCode ?? ''), enabled: !!oobCode });
}
