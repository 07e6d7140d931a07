import type { PasswordResetBody } from '@portal/domain/schemas/account';
import { type AttemptWindow, clearAttempts, isLimited, recordAttempt } from '../../auth/attempts';
import { hashPassword, verifyPassword } from '../../auth/password';
import { assertPasswordNotCommon } from '../../auth/password-policy';
import {
  consumePasswordCode,
  findPasswordCode,
  issuePasswordCode,
  RESET_TTL_MS,
  revokePasswordCodes,
} from '../../auth/password-token';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/queue';
import { sendMailJob } from '../../jobs/send-mail.job';
import { passwordResetLink, passwordResetMail } from '../../mail/templates/password-reset';
import { deleteSessionsOf } from '../user';
import {
  clearPasswordChangeNeeded,
  findPasswordHash,
  findUserForMail,
  setPasswordHash,
} from './account.repository';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Forgot password: per IP 10 and per address 3 mails in 15 minutes (counted whether or not it exists). */
export const FORGOT_BY_IP: AttemptWindow = {
  bucket: 'password-forgot:ip',
  limit: 10,
  windowMs: FIFTEEN_MINUTES,
};
export const FORGOT_BY_MAIL: AttemptWindow = {
  bucket: 'password-forgot:mail',
  limit: 3,
  windowMs: FIFTEEN_MINUTES,
};
/** Wrong, used or expired codes: per IP and per address 10 in 15 minutes. */
export const RESET_FAILURE_BY_IP: AttemptWindow = {
  bucket: 'password-reset:ip',
  limit: 10,
  windowMs: FIFTEEN_MINUTES,
};
export const RESET_FAILURE_BY_MAIL: AttemptWindow = {
  bucket: 'password-reset:mail',
  limit: 10,
  windowMs: FIFTEEN_MINUTES,
};

export interface PasswordResetDeps {
  db: Db;
  queue: JobQueue;
  /** For the link in the mail. */
  baseUrl: string;
}

/**
 * SPEC §2 Forgot/Reset password, also the first password of an invitation: 32 random base64url characters
 * (192 bits), single-use, a reset valid for one hour. A code works only while its user still has the
 * address it was mailed to, and only the newest of its purpose; a completed reset, a password change and
 * a change of address end them all (ASVS 6.4.1, 6.4.3). A reset ends every session of the user.
 */
export function createPasswordResetService(deps: PasswordResetDeps) {
  const { db, queue } = deps;

  /**
   * Mails a reset link if the address belongs to a user of an active company (users of an inactive one
   * cannot sign in); the caller cannot tell the difference. Code and mail job commit together, and the
   * new code replaces any earlier reset code of the user.
   */
  async function requestReset(mail: string, ip: string): Promise<void> {
    if ((await isLimited(db, FORGOT_BY_IP, ip)) || (await isLimited(db, FORGOT_BY_MAIL, mail))) {
      throw new AppError('RATE_LIMITED');
    }
    await recordAttempt(db, FORGOT_BY_IP, ip);
    await recordAttempt(db, FORGOT_BY_MAIL, mail);
    const user = await findUserForMail(db, { email: mail });
    if (!user?.companyActive) return;
    await db.transaction(async (tx) => {
      const code = await issuePasswordCode(tx, user, 'reset', RESET_TTL_MS);
      const message = passwordResetMail({
        to: user.email,
        name: `${user.name} ${user.lastname}`,
        link: passwordResetLink(deps.baseUrl, code),
      });
      await queue.enqueue(sendMailJob, message, { tx });
    });
  }

  async function recordFailure(ip: string, mail?: string): Promise<void> {
    await recordAttempt(db, RESET_FAILURE_BY_IP, ip);
    if (mail) await recordAttempt(db, RESET_FAILURE_BY_MAIL, mail);
  }

  /**
   * The valid code and its user. A code whose user has since got another address is as invalid as an
   * unknown one; failures are counted and answered as invalid or expired.
   */
  async function validCode(oobCode: string, ip: string, mail?: string) {
    const code = await findPasswordCode(db, oobCode);
    if (!code) {
      await recordFailure(ip, mail);
      throw new AppError('RESET_CODE_INVALID');
    }
    if (code.expiresAt.getTime() < Date.now()) {
      await recordFailure(ip, mail);
      throw new AppError('RESET_CODE_EXPIRED');
    }
    const user = await findUserForMail(db, { id: code.userId });
    if (!user || user.email !== code.email || (mail !== undefined && mail !== code.email)) {
      await recordFailure(ip, mail);
      throw new AppError('RESET_CODE_INVALID');
    }
    return { code, user };
  }

  /** `/action` checks the code before the reset page opens and learns the address it was mailed to. */
  async function verifyCode(oobCode: string, ip: string): Promise<{ mail: string }> {
    if (await isLimited(db, RESET_FAILURE_BY_IP, ip)) throw new AppError('RATE_LIMITED');
    const { code } = await validCode(oobCode, ip);
    return { mail: code.email };
  }

  /**
   * Sets the new password, spends the code and every other one of the user, ends every session and lifts
   * the forced password change: all in one transaction. A forced initial password cannot be kept this way.
   */
  async function resetPassword(body: PasswordResetBody, ip: string): Promise<void> {
    if (
      (await isLimited(db, RESET_FAILURE_BY_IP, ip)) ||
      (await isLimited(db, RESET_FAILURE_BY_MAIL, body.mail))
    ) {
      throw new AppError('RATE_LIMITED');
    }
    const { code, user } = await validCode(body.oobCode, ip, body.mail);
    await assertPasswordNotCommon(body.password);
    if (user.passwordChangeNeeded) {
      const current = await findPasswordHash(db, user.id);
      if (current && (await verifyPassword({ hash: current, password: body.password }))) {
        throw new AppError('PASSWORD_UNCHANGED');
      }
    }
    const passwordHash = await hashPassword(body.password);
    const spent = await db.transaction(async (tx) => {
      // Spent by a parallel request, or the address changed, between the check above and here.
      if (!(await consumePasswordCode(tx, code))) return false;
      await revokePasswordCodes(tx, user.id);
      await setPasswordHash(tx, user.id, passwordHash);
      await deleteSessionsOf(tx, user.id);
      await clearPasswordChangeNeeded(tx, user.id);
      return true;
    });
    if (!spent) {
      await recordFailure(ip, body.mail);
      throw new AppError('RESET_CODE_INVALID');
    }
    await clearAttempts(db, RESET_FAILURE_BY_MAIL, body.mail);
  }

  return { requestReset, verifyCode, resetPassword };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
