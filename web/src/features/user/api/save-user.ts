import { type UserBody, userCreateResponse, userResponse } from '@portal/domain/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Creates (invitation mail) or updates a user; `assignedExternal` tells that a guest was taken over. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: UserBody }) =>
      id
        ? { ...(await api.post('/user/update', { ...body, id }, userResponse)), assignedExternal: false }
        : api.post('/user/', body, userCreateResponse),
    onSuccess: (user) => {
      queryClient.setQueryData(['user', user.id], user);
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
