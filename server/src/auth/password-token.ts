import { createHash, randomBytes } from 'node:crypto';
import { and, eq, exists, like } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users, verifications } from '../db/schema';

/**
 * The codes of the password mails: an invitation sets the first password, a reset a new one; both are
 * redeemed on `/action` → `/reset` (SPEC §2). Invitations may be opened days later; a reset requested by
 * the user itself expires after one hour.
 */
export type PasswordCodePurpose = 'invitation' | 'reset';
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;

/** A code as stored: for whom, for what, to which address it was mailed, and until when. */
export interface PasswordCode {
  id: string;
  userId: string;
  purpose: PasswordCodePurpose;
  email: string;
  expiresAt: Date;
}

/**
 * Only a hash of the code rests in the database (SHA-256, base64url): a copy of it holds no usable code.
 * The row's `value` binds the code to its user, purpose and the address it was mailed to
 * (`<userId>:<purpose>:<email>`, user first so that a user's codes are found by prefix).
 */
const identifierOf = (code: string) =>
  createHash('sha256').update(`reset-password:${code}`).digest('base64url');
const boundValue = (userId: string, purpose: PasswordCodePurpose, email: string) =>
  `${userId}:${purpose}:${email}`;
const PURPOSES: readonly string[] = ['invitation', 'reset'] satisfies PasswordCodePurpose[];

function parseValue(value: string): Omit<PasswordCode, 'id' | 'expiresAt'> | null {
  const [userId, purpose, ...rest] = value.split(':');
  const email = rest.join(':');
  if (!userId || !purpose || !PURPOSES.includes(purpose) || !email) return null;
  return { userId, purpose: purpose as PasswordCodePurpose, email };
}

/**
 * Issues a single-use code for the user's current address, replacing every older code of the same purpose
 * (ASVS 6.4.1: only the newest mail works). Runs in the caller's transaction, with the mail that carries
 * it: the code exists exactly when its mail is on its way.
 */
export async function issuePasswordCode(
  tx: DbOrTx,
  user: { id: string; email: string },
  purpose: PasswordCodePurpose,
  ttlMs: number,
): Promise<string> {
  await tx.delete(verifications).where(like(verifications.value, `${user.id}:${purpose}:%`));
  const code = randomBytes(24).toString('base64url');
  await tx.insert(verifications).values({
    identifier: identifierOf(code),
    value: boundValue(user.id, purpose, user.email),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return code;
}

/** The stored code, expired or not; null for an unknown code (or one of the old, unbound format). */
export async function findPasswordCode(db: DbOrTx, code: string): Promise<PasswordCode | null> {
  const [row] = await db
    .select()
    .from(verifications)
    .where(eq(verifications.identifier, identifierOf(code)))
    .limit(1);
  const parsed = row ? parseValue(row.value) : null;
  return row && parsed ? { id: row.id, expiresAt: row.expiresAt, ...parsed } : null;
}

/**
 * Spends a code: true only if it still existed AND its user still has the address it was mailed to, so
 * neither a parallel redemption nor an address changed in the meantime lets it through.
 */
export async function consumePasswordCode(tx: DbOrTx, code: PasswordCode): Promise<boolean> {
  const stillAddressed = tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, code.userId), eq(users.email, code.email)));
  const spent = await tx
    .delete(verifications)
    .where(and(eq(verifications.id, code.id), exists(stillAddressed)))
    .returning({ id: verifications.id });
  return spent.length > 0;
}

/**
 * Ends every code of a user, of either purpose: after a completed reset, a password change or a change of
 * the address (ASVS 6.4.1). Answers whether an unexpired invitation was among them, so that the invitation
 * can follow a corrected address.
 */
export async function revokePasswordCodes(tx: DbOrTx, userId: string): Promise<{ liveInvitation: boolean }> {
  // The prefix also catches codes stored before they were bound to an address (value = the bare user id).
  const removed = await tx
    .delete(verifications)
    .where(like(verifications.value, `${userId}%`))
    .returning({ value: verifications.value, expiresAt: verifications.expiresAt });
  const now = Date.now();
  const liveInvitation = removed.some(
    (row) => parseValue(row.value)?.purpose === 'invitation' && row.expiresAt.getTime() > now,
  );
  return { liveInvitation };
}
