import { type PasswordResetBody, successResponse } from '@portal/domain/schemas/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** SPEC §7 POST /user/password/reset with the code of the mail; every session of the user ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: PasswordResetBody) => api.post('/user/password/reset', body, successResponse),
  });
}
