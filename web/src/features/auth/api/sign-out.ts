import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { resetSessionData } from './get-session';

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/auth/sign-out', {}, z.object({ success: z.boolean() })),
    onSettled: () => {
      resetSessionData(queryClient, null);
    },
  });
}
