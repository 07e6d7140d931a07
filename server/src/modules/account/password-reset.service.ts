import type { PasswordResetBody } from '@portal/domain/schemas/account';
import { APIError } from 'better-auth/api';
import { type AttemptWindow, clearAttempts, isLimited, recordAttempt } from '../../auth/attempts';
import type { Auth } from '../../auth/better-auth';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { clearPasswordChangeNeeded, findUserForMail } from './account.repository';

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

/** better-auth's key of a reset code in the verification table (stored hashed, see better-auth.ts). */
const resetIdentifier = (code: string) => `reset-password:${code}`;

/**
 * SPEC §2 Forgot/Reset password on better-auth's reset tokens: 24 random characters of [A-Za-z0-9]
 * (> 140 bits), single-use, valid for one hour; a reset ends every session of the user.
 */
export function createPasswordResetService(deps: { db: Db; auth: Auth }) {
  const { db, auth } = deps;

  /** Sends the reset mail if the address belongs to a user; the caller cannot tell the difference. */
  async function requestReset(mail: string, ip: string): Promise<void> {
    if ((await isLimited(db, FORGOT_BY_IP, ip)) || (await isLimited(db, FORGOT_BY_MAIL, mail))) {
      throw new AppError('RATE_LIMITED');
    }
    await recordAttempt(db, FORGOT_BY_IP, ip);
    await recordAttempt(db, FORGOT_BY_MAIL, mail);
    // Called server-side (no request): better-auth creates the code and calls the mail hook.
    await auth.api.requestPasswordReset({ body: { email: mail } });
  }

  async function recordFailure(ip: string, mail?: string): Promise<void> {
    await recordAttempt(db, RESET_FAILURE_BY_IP, ip);
    if (mail) await recordAttempt(db, RESET_FAILURE_BY_MAIL, mail);
  }

  /** The user a valid code was issued for; failures are counted and answered as invalid or expired. */
  async function userOfCode(code: string, ip: string, mail?: string) {
    const context = await auth.$context;
    const verification = await context.internalAdapter.findVerificationValue(resetIdentifier(code));
    if (!verification) {
      await recordFailure(ip, mail);
      throw new AppError('RESET_CODE_INVALID');
    }
    if (verification.expiresAt.getTime() < Date.now()) {
      await recordFailure(ip, mail);
      throw new AppError('RESET_CODE_EXPIRED');
    }
    const user = await findUserForMail(db, verification.value);
    if (!user || (mail !== undefined && user.email !== mail)) {
      await recordFailure(ip, mail);
      throw new AppError('RESET_CODE_INVALID');
    }
    return user;
  }

  /** `/action` checks the code before the reset page opens and learns the address it belongs to. */
  async function verifyCode(code: string, ip: string): Promise<{ mail: string }> {
    if (await isLimited(db, RESET_FAILURE_BY_IP, ip)) throw new AppError('RATE_LIMITED');
    const user = await userOfCode(code, ip);
    return { mail: user.email };
  }

  /** Sets the new password, spends the code, ends every session and lifts the forced password change. */
  async function resetPassword(body: PasswordResetBody, ip: string): Promise<void> {
    if (
      (await isLimited(db, RESET_FAILURE_BY_IP, ip)) ||
      (await isLimited(db, RESET_FAILURE_BY_MAIL, body.mail))
    ) {
      throw new AppError('RATE_LIMITED');
    }
    const user = await userOfCode(body.oobCode, ip, body.mail);
    try {
      await auth.api.resetPassword({ body: { newPassword: body.password, token: body.oobCode } });
    } catch (error) {
      // Spent by a parallel request between the check above and here.
      if (error instanceof APIError && error.statusCode < 500) {
        await recordFailure(ip, body.mail);
        throw new AppError('RESET_CODE_INVALID');
      }
      throw error;
    }
    await clearPasswordChangeNeeded(db, user.id);
    await clearAttempts(db, RESET_FAILURE_BY_MAIL, body.mail);
  }

  return { requestReset, verifyCode, resetPassword };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
