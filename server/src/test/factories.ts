import { randomBytes } from 'node:crypto';
import type { CompanyType } from '@portal/domain/enums';
import { hashPassword } from '../auth/password';
import type { Db } from '../db/client';
import { companies } from '../db/schema';
import { insertUserWithPassword } from '../modules/user';

let hashCache: Promise<string> | undefined;
export const TEST_PASSWORD = 'geheim123';

function unique(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export async function createCompany(
  db: Db,
  overrides: Partial<typeof companies.$inferInsert> & { type?: CompanyType } = {},
) {
  const type = overrides.type ?? 'CUSTOMER';
  const [company] = await db
    .insert(companies)
    .values({
      name: unique('Firma'),
      type,
      customerNumber: type === 'CUSTOMER' ? unique('K') : null,
      street: 'Teststraße',
      houseNo: '1',
      zip: '12345',
      city: 'Teststadt',
      ...overrides,
    })
    .returning();
  return company!;
}

export async function createUser(
  db: Db,
  options: {
    companyId: string;
    admin?: boolean;
    email?: string;
    password?: string;
    passwordChangeNeeded?: boolean;
  },
) {
  // Hashing is deliberately slow (argon2id); the shared test password is hashed once per file.
  if (!hashCache) hashCache = hashPassword(TEST_PASSWORD);
  const hash =
    options.password && options.password !== TEST_PASSWORD
      ? await hashPassword(options.password)
      : await hashCache;
  return insertUserWithPassword(
    db,
    {
      name: 'Test',
      lastname: unique('Nutzer'),
      email: options.email ?? `${unique('nutzer')}@test.local`,
      phoneNumber: '+49 30 1234567',
      admin: options.admin ?? false,
      companyId: options.companyId,
      passwordChangeNeeded: options.passwordChangeNeeded ?? false,
    },
    hash,
  );
}

/** A company of the given type with one user; the usual starting point of a route test. */
export async function createActor(
  db: Db,
  type: CompanyType,
  options: {
    admin?: boolean;
    companyId?: string;
    passwordChangeNeeded?: boolean;
    pendingRegistration?: boolean;
  } = {},
) {
  const company = options.companyId
    ? { id: options.companyId }
    : await createCompany(db, { type, pendingRegistration: options.pendingRegistration ?? false });
  const user = await createUser(db, {
    companyId: company.id,
    admin: options.admin ?? false,
    passwordChangeNeeded: options.passwordChangeNeeded,
  });
  return { company, user };
}

export * from './master-data-factories';
