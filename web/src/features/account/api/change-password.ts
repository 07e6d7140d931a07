import { type PasswordChangeBody, passwordChangeResponse } from '@portal/domain/schemas/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../auth';
import { profileQueryKey } from './get-profile';

/**
 * Changes the own password. The answer carries a fresh session cookie; the session and profile are
 * reloaded, which lifts the forced initial password change (SPEC §4) and opens the portal.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChangeBody) => api.post('/user/password/change', body, passwordChangeResponse),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
