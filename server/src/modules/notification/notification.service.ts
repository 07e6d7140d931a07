import { hasNotifications } from '@portal/domain/rules/menu';
import type {
  NotificationItem,
  NotificationPage,
  NotificationQuery,
} from '@portal/domain/schemas/notification';
import { notificationQuery } from '@portal/domain/schemas/notification';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordLiveEvent } from '../../events/live-events';
import {
  countUnread,
  digestEnabled,
  findNotificationPage,
  markRead,
  type NotificationRow,
  saveDigestEnabled,
} from './notification.repository';

/** SPEC §6: the notification menu (and everything behind it) is for customers and suppliers only. */
function requireBell(actor: RequestActor): void {
  if (!hasNotifications({ signedIn: true, ...actor })) throw new AppError('NOTIFICATIONS_NOT_AVAILABLE');
}

function toItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    entity: row.entity,
    action: row.action,
    level: row.level,
    text: row.text,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** SPEC §2 notifications panel: the own notifications (every call answers only about the asker's own rows). */
export function createNotificationService({ db }: { db: Db }) {
  /** Other tabs and devices of the user update their bell. */
  async function markAndTell(actor: RequestActor, ids: readonly string[] | 'all'): Promise<number> {
    return db.transaction(async (tx) => {
      const marked = await markRead(tx, actor.userId, ids);
      if (marked > 0) await recordLiveEvent(tx, { userIds: [actor.userId] }, 'notification', {});
      return marked;
    });
  }

  return {
    async list(actor: RequestActor, query: NotificationQuery): Promise<NotificationPage> {
      requireBell(actor);
      const { page, paginationSize, unreadOnly } = notificationQuery.parse(query);
      const [found, unread] = await Promise.all([
        findNotificationPage(db, actor.userId, {
          offset: page * paginationSize,
          limit: paginationSize,
          unreadOnly: unreadOnly === 'true',
        }),
        countUnread(db, actor.userId),
      ]);
      return { content: found.rows.map(toItem), totalElements: found.total, unread };
    },

    async unread(actor: RequestActor): Promise<{ count: number }> {
      requireBell(actor);
      return { count: await countUnread(db, actor.userId) };
    },

    async markRead(actor: RequestActor, ids: readonly string[]): Promise<{ marked: number }> {
      requireBell(actor);
      return { marked: await markAndTell(actor, ids) };
    },

    async markAllRead(actor: RequestActor): Promise<{ marked: number }> {
      requireBell(actor);
      return { marked: await markAndTell(actor, 'all') };
    },

    async settings(actor: RequestActor): Promise<{ digest: boolean }> {
      requireBell(actor);
      return { digest: await digestEnabled(db, actor.userId) };
    },

    async saveSettings(actor: RequestActor, digest: boolean): Promise<{ digest: boolean }> {
      requireBell(actor);
      await saveDigestEnabled(db, actor.userId, digest);
      return { digest };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
