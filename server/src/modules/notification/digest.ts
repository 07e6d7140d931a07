import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { JobQueue } from '../../jobs/queue';
import { sendMailJob } from '../../jobs/send-mail.job';
import { DIGEST_LIST_MAX, notificationDigestMail } from '../../mail/templates/notification-digest';

/** Issue 16, point 5: unread for this long before it is mailed; at most one mail per user in this time. */
export const DIGEST_WAIT = '15 minutes';
export const DIGEST_GAP = '1 hour';
/** Users per run: the rest follow a minute later (one short transaction each, never blocking the portal). */
const USERS_PER_RUN = 100;

interface DigestUser {
  id: string;
  email: string;
  name: string;
  lastname: string;
}

export interface DigestDeps {
  db: Db;
  queue: JobQueue;
  baseUrl: string;
}

/**
 * One run of the digest: users of active customer and supplier companies whose notification has waited unread
 * and unmailed for 15 minutes, who did not switch the summary off and got none in the last hour, get one mail
 * (queued in the transaction that marks the notifications mailed, so a notification is summarised once).
 * An advisory lock lets one server process run it at a time. Returns the number of mails queued.
 */
export async function sendNotificationDigests(deps: DigestDeps): Promise<number> {
  const { db, queue, baseUrl } = deps;
  const users = await db.transaction(async (tx) => {
    const locked = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('portal-notification-digest')) as ok`),
    );
    if (!locked[0]?.ok) return [] as DigestUser[];
    return rowsOf<DigestUser>(
      await tx.execute(sql`
        select u.id, u.email, u.name, u.lastname
        from (select distinct n.user_id from notifications n
              where n.read_at is null and n.mailed_at is null
                and n.created_at <= now() - ${DIGEST_WAIT}::interval) waiting
        join users u on u.id = waiting.user_id
        join companies c on c.id = u.company_id and c.active and c.type in ('CUSTOMER', 'SUPPLIER')
        left join notification_digests d on d.user_id = u.id
        where coalesce(d.enabled, true)
          and (d.last_sent_at is null or d.last_sent_at <= now() - ${DIGEST_GAP}::interval)
        limit ${USERS_PER_RUN}`),
    );
  });
  let sent = 0;
  for (const user of users) {
    const mailed = await db.transaction(async (tx) => {
      const pending = rowsOf<{ text: string }>(
        await tx.execute(sql`
          update notifications set mailed_at = now()
          where user_id = ${user.id} and read_at is null and mailed_at is null
          returning text, created_at`),
      ).length;
      if (pending === 0) return false;
      const newest = rowsOf<{ text: string }>(
        await tx.execute(sql`
          select text from notifications where user_id = ${user.id} and read_at is null
          order by created_at desc limit ${DIGEST_LIST_MAX}`),
      );
      const total = rowsOf<{ n: number | string }>(
        await tx.execute(
          sql`select count(*) as n from notifications where user_id = ${user.id} and read_at is null`,
        ),
      );
      const mail = notificationDigestMail({
        to: user.email,
        name: `${user.name} ${user.lastname}`,
        texts: newest.map((row) => row.text),
        total: Number(total[0]?.n ?? newest.length),
        url: new URL('/messages', baseUrl).toString(),
        profileUrl: new URL('/profile', baseUrl).toString(),
      });
      await queue.enqueue(sendMailJob, mail, { tx });
      await tx.execute(sql`
        insert into notification_digests (user_id, last_sent_at) values (${user.id}, now())
        on conflict (user_id) do update set last_sent_at = now()`);
      return true;
    });
    if (mailed) sent += 1;
  }
  if (sent > 0) queue.wake(sendMailJob);
  return sent;
}

/** Runs the digest every minute in this process (each run is short; errors are logged, the timer goes on). */
export function startNotificationDigests(
  deps: DigestDeps & { log: (message: string) => void },
  intervalMs = 60_000,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendNotificationDigests(deps)
      .catch((error: unknown) =>
        deps.log(`Zusammenfassung der Benachrichtigungen fehlgeschlagen: ${(error as Error).message}`),
      )
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
