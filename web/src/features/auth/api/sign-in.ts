import { type SignInBody, signInResponse } from '@portal/domain/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { resetSessionData } from './get-session';

/** Signs in and stores the session; the server counts the sign-in (login counter, last sign-in) itself. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignInBody) => {
      const { token: _token, ...session } = await api.post('/auth/sign-in', body, signInResponse);
      return session;
    },
    onSuccess: (session) => {
      resetSessionData(queryClient, session);
    },
  });
}
