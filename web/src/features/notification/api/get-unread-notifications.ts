import { unreadNotifications } from '@portal/domain/schemas/notification';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usePollingInterval } from '../../../lib/live-events';
import { NOTIFICATION_API, unreadNotificationsKey } from './notification-keys';

/** GET /notification/unread: the bell's count; live, or every 15 minutes without the stream (SPEC §7). */
export function useUnreadNotifications(enabled: boolean) {
  const refetchInterval = usePollingInterval();
  return useQuery({
    queryKey: unreadNotificationsKey,
    queryFn: ({ signal }) => api.get(`${NOTIFICATION_API}/unread`, unreadNotifications, undefined, signal),
    refetchInterval,
    enabled,
  });
}
