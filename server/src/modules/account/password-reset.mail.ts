import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { sendMailJob } from '../../jobs/send-mail.job';
import { passwordResetLink, passwordResetMail } from '../../mail/templates/password-reset';
import { findUserForMail } from './account.repository';

/**
 * better-auth's `sendResetPassword` hook: it has just stored the code and hands it over here; the mail is
 * enqueued (never sent in the request) and links to `/action?mode=resetPassword&oobCode=<code>` (SPEC §2).
 * Users of an inactive company cannot sign in, so they get no mail.
 */
export function createPasswordResetMailHook(deps: { db: Db; queue: JobQueue; baseUrl: string }) {
  return async (data: { user: { id: string }; token: string }): Promise<void> => {
    const user = await findUserForMail(deps.db, data.user.id);
    if (!user?.companyActive) return;
    const mail = passwordResetMail({
      to: user.email,
      name: `${user.name} ${user.lastname}`,
      link: passwordResetLink(deps.baseUrl, data.token),
    });
    await deps.queue.enqueue(sendMailJob, mail);
  };
}
