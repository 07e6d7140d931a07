import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, users } from '../../db/schema';

export async function incrementLoginCounter(db: DbOrTx, userId: string) {
  const [row] = await db
    .update(users)
    .set({ loginCounter: sql`${users.loginCounter} + 1`, lastLoginAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ loginCounter: users.loginCounter, lastLoginAt: users.lastLoginAt });
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
