import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  NOTIFICATION_ACTIONS,
  NOTIFICATION_ENTITIES,
  NOTIFICATION_LEVELS,
} from '../enums';
import { isoDate, text } from './common';

/**
 * Notifications (SPEC §1, §2 notifications panel and /messages, §3 Notification, §6: customers and
 * suppliers only). One row per user, written in the same transaction as the event. Calls under
 * /api/notification (signed in; customers and suppliers, others 403):
 *
 * - GET  /?page&paginationSize&unreadOnly -> notificationPage (newest first)
 * - GET  /unread                           -> unreadNotifications
 * - POST /read {ids}                       -> markedNotifications (only the asker's own)
 * - POST /read/all                         -> markedNotifications
 * - GET  /settings, POST /settings {digest} -> notificationSettings (the digest mail: a summary of what was
 *        not read within 15 minutes, at most one an hour; on by default, off in the profile)
 *
 * Live events: GET /api/events (Server-Sent Events, every signed-in user) sends hints, never contents:
 * `message`, `read`, `conversation`, `notification`, `list`; each with an id for `Last-Event-ID`.
 */

export const notificationQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  paginationSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
  unreadOnly: z.enum(['true', 'false']).optional(),
});
export interface NotificationQuery {
  page?: number;
  paginationSize?: number;
  unreadOnly?: 'true' | 'false';
}

export const notificationItem = z.object({
  id: z.uuid(),
  entity: z.enum(NOTIFICATION_ENTITIES),
  action: z.enum(NOTIFICATION_ACTIONS),
  level: z.enum(NOTIFICATION_LEVELS),
  text: z.string(),
  /** A path inside the portal (e.g. /offer/{id}); null when there is nothing to open. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: isoDate,
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationPage = z.object({
  content: z.array(notificationItem),
  totalElements: z.number().int(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

export const unreadNotifications = z.object({ count: z.number().int() });
export type UnreadNotifications = z.infer<typeof unreadNotifications>;

export const markNotificationsBody = z.object({ ids: z.array(text().max(200)).min(1).max(500) });
export const markedNotifications = z.object({ marked: z.number().int() });

export const notificationSettings = z.object({ digest: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** The kinds of live events (GET /api/events); the data is a hint to refetch, never the content itself. */
export const LIVE_EVENT_KINDS = ['message', 'read', 'conversation', 'notification', 'list'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

export const liveEventData = z.object({
  conversationId: z.string().optional(),
  messageId: z.string().optional(),
  notificationId: z.string().optional(),
  /** `list`: which lists changed. */
  entity: z.enum(['enquiry', 'offer']).optional(),
  id: z.string().optional(),
});
export type LiveEventData = z.infer<typeof liveEventData>;

export const lastEventIdQuery = z.object({ lastEventId: text().max(40).optional() });
