/** Cache keys of the notifications (lib/live-events.ts refreshes everything under `notifications`). */
export const NOTIFICATION_API = '/notification';
export const notificationsKey = ['notifications'] as const;
export const notificationPageKey = (params: object) => ['notifications', 'page', params] as const;
export const unreadNotificationsKey = ['notifications', 'unread'] as const;
export const notificationSettingsKey = ['notifications', 'settings'] as const;
