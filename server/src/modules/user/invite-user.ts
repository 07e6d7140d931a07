import { INVITATION_TTL_DAYS, INVITATION_TTL_MS, issuePasswordCode } from '../../auth/password-token';
import type { DbOrTx } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { sendMailJob } from '../../jobs/send-mail.job';
import { type GuestFolderInvitation, guestInvitationMail } from '../../mail/templates/guest-invitation';
import { invitationMail } from '../../mail/templates/invitation';

/**
 * Mails the invitation to set the first password, in the transaction that creates or changes the user: code
 * and mail job commit with it. Used when an admin creates a user (user-admin.service.ts) and when a project
 * folder is shared with an e-mail that has no account yet (SPEC §2 project folder: `folder` names the project,
 * the inviting company and person, and the link leads into the folder). Answers the code, for a caller that
 * must show the link itself (the command line without a mail server).
 */
export async function inviteUser(
  tx: DbOrTx,
  deps: { queue: JobQueue; baseUrl: string },
  user: { id: string; email: string; name: string; lastname: string },
  companyName: string,
  folder?: GuestFolderInvitation,
): Promise<string> {
  const code = await issuePasswordCode(tx, user, 'invitation', INVITATION_TTL_MS);
  const mail = folder
    ? guestInvitationMail({
        to: user.email,
        baseUrl: deps.baseUrl,
        code,
        validDays: INVITATION_TTL_DAYS,
        folder,
      })
    : invitationMail({
        to: user.email,
        name: `${user.name} ${user.lastname}`.trim(),
        companyName,
        baseUrl: deps.baseUrl,
        code,
        validDays: INVITATION_TTL_DAYS,
      });
  await deps.queue.enqueue(sendMailJob, mail, { tx });
  return code;
}
