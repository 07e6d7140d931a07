import { successResponse } from '@portal/domain/schemas/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** SPEC §7 GET /user/password/reset?mail=: the answer is the same whether or not the address exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (mail: string) => api.get('/user/password/reset', successResponse, { mail }),
  });
}
