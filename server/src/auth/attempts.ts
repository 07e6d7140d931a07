import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { authAttempts } from '../db/schema';

/**
 * A sliding-window counter kept in the database, so that every server process sees the same count
 * (ARCHITECTURE §5). Used for sign-in failures and the password-reset limits.
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
