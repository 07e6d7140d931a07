import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, companies, users } from '../../db/schema';

/** One more sign-in: the counter goes up and the last sign-in is now. */
export async function incrementLoginCounter(db: DbOrTx, userId: string) {
  const [row] = await db
    .update(users)
    .set({ loginCounter: sql`${users.loginCounter} + 1`, lastLoginAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ loginCounter: users.loginCounter, lastLoginAt: users.lastLoginAt });
  return row ?? null;
}

export async function findLoginCounter(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ loginCounter: users.loginCounter, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export interface NewUser {
  name: string;
  lastname: string;
  email: string;
  phoneNumber?: string;
  admin?: boolean;
  companyId: string;
  passwordChangeNeeded?: boolean;
}

/** Creates a user with a better-auth credential account carrying the argon2id hash. */
export async function insertUserWithPassword(db: DbOrTx, user: NewUser, passwordHash: string) {
  const [created] = await db
    .insert(users)
    .values({ ...user, email: user.email.trim().toLowerCase() })
    .returning();
  if (!created) throw new Error('user insert returned nothing');
  await db.insert(accounts).values({
    accountId: created.id,
    providerId: 'credential',
    userId: created.id,
    password: passwordHash,
  });
  return created;
}

/**
 * Waits for, then holds until the transaction ends, the one lock every first-admin creation takes, so that
 * two at once never create two operator companies.
 */
export async function lockOperatorAdminCreation(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('portal:create-operator-admin'))`);
}

/** Whether an administrator of an active operator company (type ADMIN) exists. */
export async function existsActiveOperatorAdmin(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(companies, eq(users.companyId, companies.id))
    .where(and(eq(users.admin, true), eq(companies.type, 'ADMIN'), eq(companies.active, true)))
    .limit(1);
  return row !== undefined;
}
