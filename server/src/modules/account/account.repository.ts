import type { PersonalData } from '@portal/domain/schemas/account';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, users } from '../../db/schema';

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

export async function updatePersonalData(db: DbOrTx, userId: string, data: PersonalData) {
  await db
    .update(users)
    .set({ name: data.name, lastname: data.lastname, phoneNumber: data.phoneNumber, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** The forced initial password change (SPEC §4) is done once the user set a password of their own. */
export async function clearPasswordChangeNeeded(db: DbOrTx, userId: string) {
  await db
    .update(users)
    .set({ passwordChangeNeeded: false, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function findUserForMail(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      lastname: users.lastname,
      companyActive: companies.active,
    })
    .from(users)
    .innerJoin(companies, eq(users.companyId, companies.id))
    .where(eq(users.id, userId));
  return row ?? null;
}
