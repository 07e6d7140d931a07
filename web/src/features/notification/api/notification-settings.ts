import { type NotificationSettings, notificationSettings } from '@portal/domain/schemas/notification';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTIFICATION_API, notificationSettingsKey } from './notification-keys';

/** GET /notification/settings: whether unread notifications are summarised by mail. */
export function useNotificationSettings(enabled: boolean) {
  return useQuery({
    queryKey: notificationSettingsKey,
    queryFn: ({ signal }) => api.get(`${NOTIFICATION_API}/settings`, notificationSettings, undefined, signal),
    enabled,
  });
}

/** POST /notification/settings. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) =>
      api.post(`${NOTIFICATION_API}/settings`, body, notificationSettings),
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsKey, saved),
  });
}
