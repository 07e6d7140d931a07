import type { NotificationItem } from '@portal/domain/schemas/notification';

export { clientFor, json, stubApi } from '../../enquiry/test/enquiry-fixtures';

export const NOTIFICATION_API = '/api/notification';

/** A notification of the signed-in user; `n` makes the id and the text unique. */
export function notification(n: number, values: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    entity: 'MESSAGE',
    action: 'create',
    level: 'info',
    text: `Neue Nachricht ${n}`,
    link: `/offer/${n}`,
    read: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...values,
  };
}

/** `count` notifications, newest first, numbered from `from`. */
export function notifications(count: number, from = 1): NotificationItem[] {
  return Array.from({ length: count }, (_, index) => notification(from + index));
}
