import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { sendMailJob } from '../../jobs/send-mail.job';
import { DIGEST_LIST_MAX, notificationDigestMail } from '../../mail/templates/notification-digest';
import {
  countUnreadNotifications,
  type DigestUser,
  findDigestUsers,
  findNewestUnreadTexts,
  markUnreadNotificationsMailed,
  recordDigestSent,
  tryLockDigestRun,
} from './digest.repository';

/** Unread for this long before it is mailed; at most one mail per user in this time. */
export const DIGEST_WAIT = '15 minutes';
export const DIGEST_GAP = '1 hour';
/** Users per run: the rest follow a minute later (one short transaction each, never blocking the portal). */
const USERS_PER_RUN = 100;

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
    if (!(await tryLockDigestRun(tx))) return [] as DigestUser[];
    return findDigestUsers(tx, DIGEST_WAIT, DIGEST_GAP, USERS_PER_RUN);
  });
  let sent = 0;
  for (const user of users) {
    const mailed = await db.transaction(async (tx) => {
      const pending = await markUnreadNotificationsMailed(tx, user.id);
      if (pending === 0) return false;
      const newest = await findNewestUnreadTexts(tx, user.id, DIGEST_LIST_MAX);
      const total = await countUnreadNotifications(tx, user.id);
      const mail = notificationDigestMail({
        to: user.email,
        name: `${user.name} ${user.lastname}`,
        texts: newest,
        total: total ?? newest.length,
        url: new URL('/messages', baseUrl).toString(),
        profileUrl: new URL('/profile', baseUrl).toString(),
      });
      await queue.enqueue(sendMailJob, mail, { tx });
      await recordDigestSent(tx, user.id);
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
