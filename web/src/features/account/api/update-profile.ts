import { type ProfileUpdateBody, profileResponse } from '@portal/domain/schemas/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../auth';
import { profileQueryKey } from './get-profile';

/** Saves the own personal and contact data; the header shows the new name right away. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => api.post('/user/profile', body, profileResponse),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
