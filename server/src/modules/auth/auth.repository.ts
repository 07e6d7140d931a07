import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authAttempts, companies, users } from '../../db/schema';

/** The sign-in module's queries: the session's user with its company and the sign-in failure counters. */

export async function findUserWithCompany(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(users.companyId, companies.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

export interface SignInFailureCounts {
  pairCount: number;
  pairOldest: Date | null;
  addressCount: number;
  addressOldest: Date | null;
  accountCount: number;
  accountLatest: Date | null;
}

/**
 * One small indexed query over the failures after `since`: those of the address bucket (all accounts; the
 * pair is the address bucket's row of `account`) and those of `account` in the account bucket.
 */
export async function countSignInFailures(
  db: DbOrTx,
  buckets: { address: string; account: string },
  account: string,
  since: Date,
): Promise<SignInFailureCounts | null> {
  const ofAddress = sql`${authAttempts.bucket} = ${buckets.address}`;
  const ofPair = sql`${ofAddress} and ${authAttempts.key} = ${account}`;
  const ofAccount = sql`${authAttempts.bucket} = ${buckets.account}`;
  const at = (aggregate: 'min' | 'max', filter: ReturnType<typeof sql>) =>
    sql`${sql.raw(aggregate)}(${authAttempts.createdAt}) filter (where ${filter})`.mapWith(
      authAttempts.createdAt,
    );
  const count = (filter: ReturnType<typeof sql>) => sql`count(*) filter (where ${filter})`.mapWith(Number);
  const [row] = await db
    .select({
      pairCount: count(ofPair),
      pairOldest: at('min', ofPair),
      addressCount: count(ofAddress),
      addressOldest: at('min', ofAddress),
      accountCount: count(ofAccount),
      accountLatest: at('max', ofAccount),
    })
    .from(authAttempts)
    .where(
      and(
        gt(authAttempts.createdAt, since),
        sql`(${eq(authAttempts.bucket, buckets.address)} or (${ofAccount} and ${eq(authAttempts.key, account)}))`,
      ),
    );
  return row ?? null;
}

/** Records one failure per bucket for `key` (created now by the database default). */
export async function insertSignInFailures(db: DbOrTx, buckets: string[], key: string): Promise<void> {
  await db.insert(authAttempts).values(buckets.map((bucket) => ({ bucket, key })));
}

export async function deleteAttemptsOf(db: DbOrTx, bucket: string, key: string): Promise<void> {
  await db.delete(authAttempts).where(and(eq(authAttempts.bucket, bucket), eq(authAttempts.key, key)));
}
