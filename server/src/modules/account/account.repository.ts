import type { PersonalData } from '@portal/domain/schemas/account';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, companies, users } from '../../db/schema';

export interface NewRegisteredCompany {
  name: string;
  street: string;
  houseNo: string;
  zip: string;
  city: string;
  additionalInfo?: string;
}

/** SPEC §4: a registration creates an active CUSTOMER company that waits for the operator's release. */
export async function insertRegisteredCompany(db: DbOrTx, company: NewRegisteredCompany) {
  const [created] = await db
    .insert(companies)
    .values({
      ...company,
      additionalInfo: company.additionalInfo ?? '',
      type: 'CUSTOMER',
      active: true,
      pendingRegistration: true,
    })
    .returning();
  if (!created) throw new Error('company insert returned nothing');
  return created;
}

/** The type of the company a user with this address belongs to, or null when the address is free. */
export async function findCompanyTypeOfUserMail(db: DbOrTx, mail: string) {
  const [row] = await db
    .select({ type: companies.type })
    .from(users)
    .innerJoin(companies, eq(users.companyId, companies.id))
    .where(eq(users.email, mail));
  return row?.type ?? null;
}

/** The operator's administrators (ADMIN company, admin flag, company active): they release registrations. */
export async function listOperatorAdmins(db: DbOrTx) {
  return db
    .select({ email: users.email, name: users.name, lastname: users.lastname })
    .from(users)
    .innerJoin(companies, eq(users.companyId, companies.id))
    .where(and(eq(companies.type, 'ADMIN'), eq(companies.active, true), eq(users.admin, true)));
}

export async function findProfileRow(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(users.companyId, companies.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The user's own change: an admin's user form loaded before it then names the user (db/last-update.ts). */
export async function updatePersonalData(db: DbOrTx, userId: string, data: PersonalData) {
  await db
    .update(users)
    .set({
      name: data.name,
      lastname: data.lastname,
      phoneNumber: data.phoneNumber,
      updatedAt: new Date(),
      updatedBy: userId,
    })
    .where(eq(users.id, userId));
}

/** The forced initial password change (SPEC §4) is done once the user set a password of their own. */
export async function clearPasswordChangeNeeded(db: DbOrTx, userId: string) {
  await db
    .update(users)
    .set({ passwordChangeNeeded: false, updatedAt: new Date(), updatedBy: userId })
    .where(eq(users.id, userId));
}

const userForMail = {
  id: users.id,
  email: users.email,
  name: users.name,
  lastname: users.lastname,
  passwordChangeNeeded: users.passwordChangeNeeded,
  companyActive: companies.active,
};

/** The user a password mail goes to, by id or by (lower-case) address. */
export async function findUserForMail(db: DbOrTx, by: { id: string } | { email: string }) {
  const [row] = await db
    .select(userForMail)
    .from(users)
    .innerJoin(companies, eq(users.companyId, companies.id))
    .where('id' in by ? eq(users.id, by.id) : eq(users.email, by.email));
  return row ?? null;
}

/** The argon2id hash of the user's password (better-auth's credential account). */
export async function findPasswordHash(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return row?.password ?? null;
}

/** Sets the password of the credential account, creating the account if the user has none yet. */
export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string) {
  const updated = await db
    .update(accounts)
    .set({ password: passwordHash, updatedAt: new Date() })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  if (updated.length === 0) {
    await db
      .insert(accounts)
      .values({ accountId: userId, providerId: 'credential', userId, password: passwordHash });
  }
}
