import { type NotificationQuery, notificationPage } from '@portal/domain/schemas/notification';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usePollingInterval } from '../../../lib/live-events';
import { NOTIFICATION_API, notificationPageKey } from './notification-keys';

/** GET /notification/: one page of the own notifications, newest first. */
export function useNotifications(params: NotificationQuery, enabled = true) {
  const refetchInterval = usePollingInterval();
  return useQuery({
    queryKey: notificationPageKey(params),
    queryFn: ({ signal }) => api.get(`${NOTIFICATION_API}/`, notificationPage, { ...params }, signal),
    placeholderData: keepPreviousData,
    refetchInterval,
    enabled,
  });
}
