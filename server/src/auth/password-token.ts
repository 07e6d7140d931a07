import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { verifications } from '../db/schema';

/** Invitations may be opened days later; a reset requested by the user itself expires after 1 hour. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Issues a single-use token that better-auth's resetPassword accepts (`reset-password:<token>` in the
 * verification table), so an invitation sets the first password through the same reset flow.
 */
export async function issuePasswordToken(db: DbOrTx, userId: string, ttlMs: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(verifications).values({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}
