import { type UserBody, userCreateResult, userResponse } from '@portal/domain/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Creates (invitation mail) or updates a user; `assignedExternal` tells that the operator took over a guest,
 * `externalGuest` that the address is a guest's and nothing was saved (only the operator assigns guests). An
 * update sends the `lastUpdate` its form is based on (SPEC §8 CHANGED_MEANWHILE).
 */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, lastUpdate }: { id?: string; body: UserBody; lastUpdate?: string }) =>
      id
        ? {
            ...(await api.post('/user/update', { ...body, id, lastUpdate }, userResponse)),
            assignedExternal: false,
          }
        : api.post('/user/', body, userCreateResult),
    onSuccess: (user) => {
      if ('externalGuest' in user) return;
      queryClient.setQueryData(['user', user.id], user);
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
