import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { verifications } from '../db/schema';

/** Invitations may be opened days later; a reset requested by the user itself expires after 1 hour. */
export const INVITATION_TTL_DAYS = 7;

/**
 * Issues a single-use code that better-auth's resetPassword accepts, so an invitation sets the first
 * password through the same reset flow. Stored like better-auth stores its own codes with
 * `verification.storeIdentifier: 'hashed'` (SHA-256, base64url, no padding): the code itself never
 * rests in the database. Written in the caller's transaction, so it exists exactly when the user does.
 */
export async function issuePasswordCode(db: DbOrTx, userId: string, ttlDays: number): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  const identifier = createHash('sha256').update(`reset-password:${code}`).digest('base64url');
  await db.insert(verifications).values({
    identifier,
    value: userId,
    expiresAt: new Date(Date.now() + ttlDays * 24 * 60 * 60 * 1000),
  });
  return code;
}
