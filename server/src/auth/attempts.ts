import { isIPv6 } from 'node:net';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { authAttempts } from '../db/schema';

/**
 * A sliding-window counter kept in the database, so that every server process sees the same count
 * (ARCHITECTURE §5). Used for sign-in failures, the password-reset limits and the project folder's password.
 */
export interface AttemptWindow {
  bucket: string;
  limit: number;
  windowMs: number;
}

export async function countAttempts(db: DbOrTx, window: AttemptWindow, key: string): Promise<number> {
  const since = new Date(Date.now() - window.windowMs);
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.bucket, window.bucket),
        eq(authAttempts.key, key),
        gt(authAttempts.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function isLimited(db: DbOrTx, window: AttemptWindow, key: string): Promise<boolean> {
  return (await countAttempts(db, window, key)) >= window.limit;
}

export async function recordAttempt(db: DbOrTx, window: AttemptWindow, key: string): Promise<void> {
  await db.insert(authAttempts).values({ bucket: window.bucket, key });
  await pruneAttempts(db);
}

const PRUNE_EVERY_MS = 60 * 1000;
let lastPrunedAt = 0;

/**
 * Keeps the table small: anything older than a day no longer counts for any window. At most once a minute
 * per process: the delete scans the table (no index on the time alone), and a failed attempt must stay cheap
 * even when an attack fills the table (a 400,000-row scan took ~0.4 s here).
 */
export async function pruneAttempts(db: DbOrTx): Promise<void> {
  if (Date.now() - lastPrunedAt < PRUNE_EVERY_MS) return;
  lastPrunedAt = Date.now();
  await db.delete(authAttempts).where(lt(authAttempts.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
}

export async function clearAttempts(db: DbOrTx, window: AttemptWindow, key: string): Promise<void> {
  await db.delete(authAttempts).where(and(eq(authAttempts.bucket, window.bucket), eq(authAttempts.key, key)));
}

/**
 * A brake on one target guessed from many addresses (an account at sign-in, a project folder's password):
 * from the `from`-th failure of the target on, a further try from an address that failed itself waits
 * 1, 2, 4 … at most `maxDelayMs` after the target's latest failure. Addresses without failures are never
 * slowed, so the owner with the right password still gets in; the attacker's many addresses all crawl.
 */
export interface SpreadBrake {
  from: number;
  maxDelayMs: number;
}

/** Pure: the delay after the target's latest failure for `failures` counted failures (0 below `from`). */
export function spreadBrakeDelayMs(brake: SpreadBrake, failures: number): number {
  if (failures < brake.from) return 0;
  return Math.min(brake.maxDelayMs, 1000 * 2 ** (failures - brake.from));
}

/**
 * The address a limit applies to: an IPv6 client usually holds a whole /64, so its addresses count as one;
 * IPv4-mapped IPv6 addresses count as the IPv4 address.
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** A wait in German words for 429 messages: "12 Sekunden", "1 Sekunde", "15 Minuten". */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'Sekunde' : 'Sekunden'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}`;
}
