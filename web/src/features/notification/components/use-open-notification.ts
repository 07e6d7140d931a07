import type { NotificationItem } from '@portal/domain/schemas/notification';
import { useNavigate } from 'react-router';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';

/** Opening a notification marks it read and goes to its link (a path inside the portal). */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationsRead();
  return (item: NotificationItem) => {
    if (!item.read) markRead.mutate([item.id]);
    after?.();
    if (item.link?.startsWith('/')) void navigate(item.link);
  };
}
