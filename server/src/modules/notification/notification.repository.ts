import { isUuid } from '@portal/domain/rules/uuid';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cachedCount } from '../../db/count-cache';
import { companies, notificationDigests, notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** The bell's count: reads only the partial index of the user's unread rows. */
export function countUnread(db: DbOrTx, userId: string): Promise<number> {
  return cachedCount(db, `unread:${userId}`, ['notifications'], async () => {
    const [row] = await db
      .select({ value: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.value ?? 0;
  });
}

export async function findNotificationPage(
  db: DbOrTx,
  userId: string,
  page: { offset: number; limit: number; unreadOnly: boolean },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = page.unreadOnly
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
    : eq(notifications.userId, userId);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    cachedCount(
      db,
      `notifications:${userId}:${page.unreadOnly}`,
      ['notifications'],
      async () => (await db.select({ value: count() }).from(notifications).where(where))[0]?.value ?? 0,
    ),
  ]);
  return { rows, total };
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

/**
 * One notification row per user of every given company that is an active customer or supplier, set-based:
 * `adminsOnly` the admins only; `exceptUserId` not told; `collapseUnread` not again for a user who still has an
 * unread notification with the same link.
 */
export async function insertNotificationsForCompanies(
  tx: DbOrTx,
  companyIds: readonly string[],
  row: { entity: string; action: string; level: string; text: string; link: string | null },
  who: {
    adminsOnly?: boolean | undefined;
    exceptUserId?: string | undefined;
    collapseUnread?: boolean | undefined;
  },
): Promise<void> {
  const ids = `{${companyIds.join(',')}}`;
  await tx.execute(sql`
    insert into notifications (user_id, entity, action, level, text, link)
    select u.id, ${row.entity}, ${row.action}, ${row.level}, ${row.text}, ${row.link}
    from users u join companies c on c.id = u.company_id
    where u.company_id = any(${ids}::uuid[]) and c.active and c.type in ('CUSTOMER', 'SUPPLIER')
      and u.id is distinct from ${who.exceptUserId ?? null}::uuid
      ${who.adminsOnly ? sql`and u.admin` : sql``}
      ${
        who.collapseUnread
          ? sql`and not exists (select 1 from notifications n
              where n.user_id = u.id and n.read_at is null and n.link = ${row.link})`
          : sql``
      }`);
}

/** The ids of every active supplier company. */
export async function findActiveSupplierIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.type, 'SUPPLIER'), eq(companies.active, true)));
  return rows.map((row) => row.id);
}
