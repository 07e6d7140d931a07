import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authAttempts } from '../../db/schema';

/**
 * The project folder's password counters in auth_attempts (folder-brake.ts decides what they mean). Rows are
 * written with the brake's clock, not the database's `now()`, so that writing and reading use one clock.
 */

export interface AttemptKey {
  bucket: string;
  key: string;
}

const isKey = ({ bucket, key }: AttemptKey) =>
  sql`${authAttempts.bucket} = ${bucket} and ${authAttempts.key} = ${key}`;

/** One small indexed query: the attempts of `pair` and of `folder` after `since`, and the folder's latest. */
export async function countPairAndFolderAttempts(
  db: DbOrTx,
  pair: AttemptKey,
  folder: AttemptKey,
  since: Date,
): Promise<{ pair: number; folder: number; latest: Date | null }> {
  const ofPair = isKey(pair);
  const ofFolder = isKey(folder);
  const [row] = await db
    .select({
      pair: sql`count(*) filter (where ${ofPair})`.mapWith(Number),
      folder: sql`count(*) filter (where ${ofFolder})`.mapWith(Number),
      latest: sql`max(${authAttempts.createdAt}) filter (where ${ofFolder})`.mapWith(authAttempts.createdAt),
    })
    .from(authAttempts)
    .where(and(gt(authAttempts.createdAt, since), sql`((${ofPair}) or (${ofFolder}))`));
  return { pair: row?.pair ?? 0, folder: row?.folder ?? 0, latest: row?.latest ?? null };
}

/** Records attempts (one row each) at `createdAt`. */
export async function insertAttempts(tx: DbOrTx, keys: AttemptKey[], createdAt: Date): Promise<void> {
  await tx.insert(authAttempts).values(keys.map((key) => ({ ...key, createdAt })));
}

/** Whether an attempt of `key` was recorded after `since`. */
export async function hasAttemptSince(
  tx: DbOrTx,
  { bucket, key }: AttemptKey,
  since: Date,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: authAttempts.id })
    .from(authAttempts)
    .where(and(eq(authAttempts.bucket, bucket), eq(authAttempts.key, key), gt(authAttempts.createdAt, since)))
    .limit(1);
  return row !== undefined;
}
