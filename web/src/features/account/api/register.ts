import { type RegisterBody, registerResponse } from '@portal/domain/schemas/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { resetSessionData } from '../../auth';

/** SPEC §2 Register: the new user is signed in by the answer; the router then shows the profile. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post('/user/register', body, registerResponse),
    onSuccess: ({ user, company }) => {
      resetSessionData(queryClient, { user, company });
    },
  });
}
