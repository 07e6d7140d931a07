import { pruneAttempts, type SpreadBrake, spreadBrakeDelayMs, waitInWords } from '../../auth/attempts';
import type { DbOrTx } from '../../db/client';
import { countSignInFailures, deleteAttemptsOf, insertSignInFailures } from './auth.repository';

/**
 * Sign-in throttling (ASVS 6.3.1, 6.1.1) that stops attackers, not owners. Failures are counted in the
 * database (`auth_attempts`), so every server process sees the same counts (ARCHITECTURE §5):
 * - one account from one address: 10 failures in 15 minutes and that pair waits (429);
 * - one address against many accounts: 50 failures in 15 minutes and that address waits;
 * - one account from many addresses: from the 5th failure from other addresses on, further tries of the
 *   account from an address that failed itself wait 1, 2, 4 … at most 30 seconds after the account's latest
 *   failure. An address without failures is never slowed, so the owner with the right password signs in.
 * Refused tries are not counted, and nobody is made to sleep: the answer is 429 with Retry-After.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const PAIR_LIMIT = 10;
export const ADDRESS_LIMIT = 50;
export const ACCOUNT_SLOWDOWN_FROM = 5;
export const ACCOUNT_MAX_DELAY_MS = 30 * 1000;
const ACCOUNT_BRAKE: SpreadBrake = { from: ACCOUNT_SLOWDOWN_FROM, maxDelayMs: ACCOUNT_MAX_DELAY_MS };

const ACCOUNT_BUCKET = 'sign-in:account';
/** One bucket per address, keyed by the account: counts per address and per pair come from one index range. */
const addressBucket = (address: string) => `sign-in:address:${address}`;

/** The failures that matter for the next try of `account` from `address`, within the window. */
export interface SignInFailures {
  pair: { count: number; oldest: Date | null };
  address: { count: number; oldest: Date | null };
  account: { count: number; latest: Date | null };
}

/** Shared with the project folder's password gate (auth/attempts.ts). */
export { throttleAddress } from '../../auth/attempts';

/** Pure: how many seconds the next try must wait, or 0 when it may go ahead. */
export function signInWaitSeconds(failures: SignInFailures, now: Date): number {
  const waits: number[] = [];
  const windowEnd = (oldest: Date | null) => (oldest ? oldest.getTime() + SIGN_IN_WINDOW_MS : 0);
  if (failures.address.count >= ADDRESS_LIMIT) waits.push(windowEnd(failures.address.oldest) - now.getTime());
  if (failures.pair.count >= PAIR_LIMIT) waits.push(windowEnd(failures.pair.oldest) - now.getTime());
  // Failures of the account from one address alone are the pair's business; the slowdown counts the others.
  const fromElsewhere = failures.account.count - failures.pair.count;
  if (failures.address.count > 0 && fromElsewhere >= ACCOUNT_SLOWDOWN_FROM && failures.account.latest) {
    const delay = spreadBrakeDelayMs(ACCOUNT_BRAKE, fromElsewhere);
    waits.push(failures.account.latest.getTime() + delay - now.getTime());
  }
  const wait = Math.max(0, ...waits);
  return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
}

/** "Bitte warten Sie 12 Sekunden …" / "… 15 Minuten …": the wait in words. */
export function signInWaitMessage(seconds: number): string {
  return `Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie ${waitInWords(seconds)} und versuchen Sie es dann erneut.`;
}

/** One small indexed query: the counts of the pair, the address and the account within the window. */
export async function loadSignInFailures(
  db: DbOrTx,
  account: string,
  address: string,
): Promise<SignInFailures> {
  const row = await countSignInFailures(
    db,
    { address: addressBucket(address), account: ACCOUNT_BUCKET },
    account,
    new Date(Date.now() - SIGN_IN_WINDOW_MS),
  );
  return {
    pair: { count: row?.pairCount ?? 0, oldest: row?.pairOldest ?? null },
    address: { count: row?.addressCount ?? 0, oldest: row?.addressOldest ?? null },
    account: { count: row?.accountCount ?? 0, latest: row?.accountLatest ?? null },
  };
}

export async function recordSignInFailure(db: DbOrTx, account: string, address: string): Promise<void> {
  await insertSignInFailures(db, [addressBucket(address), ACCOUNT_BUCKET], account);
  await pruneAttempts(db);
}

/**
 * A right password clears the failures of its pair only: the owner's address is clean again, while the
 * account's count (an attack from elsewhere may go on) and the address's other failures stay.
 */
export async function clearSignInFailures(db: DbOrTx, account: string, address: string): Promise<void> {
  await deleteAttemptsOf(db, addressBucket(address), account);
}
