import { isUuid } from '@portal/domain/rules/uuid';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationDigests, notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** The bell's count: reads only the partial index of the user's unread rows. */
export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

export async function findNotificationPage(
  db: DbOrTx,
  userId: string,
  page: { offset: number; limit: number; unreadOnly: boolean },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = page.unreadOnly
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
    : eq(notifications.userId, userId);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(notifications).where(where),
  ]);
  return { rows, total: totalRow?.value ?? 0 };
}

/** Marks the user's own unread notifications among `ids` read (other users' ids are ignored). */
export async function markRead(db: DbOrTx, userId: string, ids: readonly string[] | 'all'): Promise<number> {
  const valid = ids === 'all' ? [] : ids.filter(isUuid);
  if (ids !== 'all' && valid.length === 0) return 0;
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, valid),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Reading a chat also reads the user's notifications about it (their links open that chat). */
export async function markChatNotificationsRead(
  db: DbOrTx,
  userId: string,
  conversationId: string,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        eq(notifications.entity, 'MESSAGE'),
        sql`${notifications.link} like ${`%?chat=${conversationId}`}`,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function digestEnabled(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: notificationDigests.enabled })
    .from(notificationDigests)
    .where(eq(notificationDigests.userId, userId));
  return row?.enabled ?? true;
}

export async function saveDigestEnabled(db: DbOrTx, userId: string, enabled: boolean): Promise<void> {
  await db
    .insert(notificationDigests)
    .values({ userId, enabled })
    .onConflictDoUpdate({ target: notificationDigests.userId, set: { enabled } });
}
