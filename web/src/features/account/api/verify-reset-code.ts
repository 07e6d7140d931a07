import { resetCodeResponse } from '@portal/domain/schemas/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

/**
 * Checks the code of a reset link and learns the address it was issued for (`/action`). Only a database
 * that was busy for a moment (503: the check did not run) is asked again; every other answer is final.
 */
export const resetCodeQuery = (oobCode: string) =>
  queryOptions({
    queryKey: ['reset-code', oobCode],
    queryFn: ({ signal }) => api.get('/user/password/reset/verify', resetCodeResponse, { oobCode }, signal),
    retry: (count, error) => error instanceof ApiError && error.status === 503 && count < 2,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useVerifyResetCode(oobCode: string | null) {
  return useQuery({ ...resetCodeQuery(oobCode ?? ''), enabled: !!oobCode });
}
