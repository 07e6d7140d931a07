import { type SignInBody, signInResponse } from '@portal/domain/schemas/auth';
import { updateCounterResponse } from '@portal/domain/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { resetSessionData } from './get-session';

/** Signs in, counts the sign-in (SPEC §7 /user/update/counter) and stores the session. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignInBody) => {
      const result = await api.post('/auth/sign-in', body, signInResponse);
      const counter = await api.get('/user/update/counter', updateCounterResponse, {
        userId: result.user.id,
      });
      return { user: { ...result.user, ...counter }, company: result.company };
    },
    onSuccess: (session) => {
      resetSessionData(queryClient, session);
    },
  });
}
