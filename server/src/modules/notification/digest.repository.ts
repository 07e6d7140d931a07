import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The queries of the notification digest (digest.ts decides who is mailed and what). */

export interface DigestUser {
  id: string;
  email: string;
  name: string;
  lastname: string;
}

/** The digest's advisory lock for the rest of the transaction, if no other process holds it (no waiting). */
export async function tryLockDigestRun(tx: DbOrTx): Promise<boolean> {
  const locked = rowsOf<{ ok: boolean }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('portal-notification-digest')) as ok`),
  );
  return locked[0]?.ok === true;
}

/**
 * Up to `limit` users of active customer and supplier companies with a notification unread and unmailed for
 * `wait` (a PostgreSQL interval), whose summary is on and who got none within `gap`.
 */
export async function findDigestUsers(
  tx: DbOrTx,
  wait: string,
  gap: string,
  limit: number,
): Promise<DigestUser[]> {
  return rowsOf<DigestUser>(
    await tx.execute(sql`
      select u.id, u.email, u.name, u.lastname
      from (select distinct n.user_id from notifications n
            where n.read_at is null and n.mailed_at is null
              and n.created_at <= now() - ${wait}::interval) waiting
      join users u on u.id = waiting.user_id
      join companies c on c.id = u.company_id and c.active and c.type in ('CUSTOMER', 'SUPPLIER')
      left join notification_digests d on d.user_id = u.id
      where coalesce(d.enabled, true)
        and (d.last_sent_at is null or d.last_sent_at <= now() - ${gap}::interval)
      limit ${limit}`),
  );
}

/** Marks the user's unread, unmailed notifications as mailed now; how many they were. */
export async function markUnreadNotificationsMailed(tx: DbOrTx, userId: string): Promise<number> {
  return rowsOf<{ text: string }>(
    await tx.execute(sql`
      update notifications set mailed_at = now()
      where user_id = ${userId} and read_at is null and mailed_at is null
      returning text, created_at`),
  ).length;
}

/** The texts of the user's newest `limit` unread notifications, newest first. */
export async function findNewestUnreadTexts(tx: DbOrTx, userId: string, limit: number): Promise<string[]> {
  return rowsOf<{ text: string }>(
    await tx.execute(sql`
      select text from notifications where user_id = ${userId} and read_at is null
      order by created_at desc limit ${limit}`),
  ).map((row) => row.text);
}

/** The user's unread notifications, counted. */
export async function countUnreadNotifications(tx: DbOrTx, userId: string): Promise<number | null> {
  const total = rowsOf<{ n: number | string }>(
    await tx.execute(
      sql`select count(*) as n from notifications where user_id = ${userId} and read_at is null`,
    ),
  );
  return total[0] ? Number(total[0].n) : null;
}

/** Stamps the user's latest digest as sent now. */
export async function recordDigestSent(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`
    insert into notification_digests (user_id, last_sent_at) values (${userId}, now())
    on conflict (user_id) do update set last_sent_at = now()`);
}
