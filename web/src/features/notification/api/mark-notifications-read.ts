import { markedNotifications } from '@portal/domain/schemas/notification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTIFICATION_API, notificationsKey } from './notification-keys';

/** POST /notification/read {ids}, or /read/all without ids ("Alle als gelesen markieren"). */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[] | 'all') =>
      ids === 'all'
        ? api.post(`${NOTIFICATION_API}/read/all`, {}, markedNotifications)
        : api.post(`${NOTIFICATION_API}/read`, { ids }, markedNotifications),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
