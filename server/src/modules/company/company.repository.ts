import type { CompanyType } from '@portal/domain/enums';
import { foldedContainsPattern } from '@portal/domain/rules/search-fold';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cachedCount } from '../../db/count-cache';
import { companies, sessions, users } from '../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyValues = Pick<
  typeof companies.$inferInsert,
  'name' | 'type' | 'customerNumber' | 'street' | 'houseNo' | 'zip' | 'city' | 'additionalInfo'
>;

export interface CompanyFilter {
  search?: string;
  type?: CompanyType;
  activeOnly?: boolean;
  page: number;
  pageSize: number;
  column: 'name' | 'type' | 'city' | 'status';
  descending: boolean;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const SORT_COLUMNS: Record<CompanyFilter['column'], SQL> = {
  name: sql`lower(${companies.name})`,
  type: sql`${companies.type}`,
  city: sql`lower(${companies.city})`,
  status: sql`case when not ${companies.active} then 0 when ${companies.pendingRegistration} then 1 else 2 end`,
};

export async function findCompanies(db: DbOrTx, filter: CompanyFilter) {
  const conditions: SQL[] = [];
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    // Name and city folded as Germans type ("Mueller" finds "Müller", "Muenchen" "München");
    // the company list is small and read without an index, as before.
    const folded = foldedContainsPattern(filter.search);
    conditions.push(
      or(
        sql`portal_fold(${companies.name}) like ${folded}`,
        sql`portal_fold(${companies.city}) like ${folded}`,
        ilike(companies.zip, pattern),
        ilike(companies.customerNumber, pattern),
      )!,
    );
  }
  if (filter.type) conditions.push(eq(companies.type, filter.type));
  if (filter.activeOnly) conditions.push(eq(companies.active, true));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order = filter.descending ? desc(SORT_COLUMNS[filter.column]) : asc(SORT_COLUMNS[filter.column]);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(companies)
      .where(where)
      .orderBy(order, asc(companies.id))
      .limit(filter.pageSize)
      .offset(filter.page * filter.pageSize),
    cachedCount(
      db,
      `companies:${filter.search ?? ''}:${filter.type ?? ''}:${filter.activeOnly ?? false}`,
      ['companies'],
      async () => (await db.select({ n: count() }).from(companies).where(where))[0]?.n ?? 0,
    ),
  ]);
  return { rows, total };
}

/** Every company's id, name and state, by name (a filter list; capped far above any real count). */
export async function findCompanyNames(db: DbOrTx) {
  return db
    .select({ id: companies.id, name: companies.name, active: companies.active })
    .from(companies)
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(10_000);
}

export async function findCompany(db: DbOrTx, id: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row ?? null;
}

export async function insertCompany(db: DbOrTx, values: CompanyValues): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

/** Writes a company's values, stamped now unless a checked save passes the change time it claimed. */
export async function updateCompany(
  db: DbOrTx,
  id: string,
  values: Partial<CompanyRow>,
): Promise<CompanyRow | null> {
  const [row] = await db
    .update(companies)
    .set({ updatedAt: new Date(), ...values })
    .where(eq(companies.id, id))
    .returning();
  return row ?? null;
}

export async function findCompaniesByIds(db: DbOrTx, ids: string[]): Promise<CompanyRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(companies).where(inArray(companies.id, ids));
}

/** Ends every session of the users of `companyIds` (SPEC §4: an inactive company's users can no longer work). */
export async function endSessionsOfCompanies(db: DbOrTx, companyIds: string[]): Promise<void> {
  const members = db.select({ id: users.id }).from(users).where(inArray(users.companyId, companyIds));
  await db.delete(sessions).where(inArray(sessions.userId, members));
}

/** The users of a company with the name and address a mail to each of them needs (release and offer mails). */
export async function findCompanyMembers(db: DbOrTx, companyId: string) {
  return db
    .select({ email: users.email, name: users.name, lastname: users.lastname })
    .from(users)
    .where(eq(users.companyId, companyId));
}

/**
 * The users of the active supplier companies among `supplierIds` (every active supplier for 'ALL'): whom a
 * released enquiry is sent to (SPEC §4).
 */
export async function findActiveSupplierMembers(db: DbOrTx, supplierIds: readonly string[] | 'ALL') {
  if (supplierIds !== 'ALL' && supplierIds.length === 0) return [];
  return db
    .select({ email: users.email, name: users.name, lastname: users.lastname })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(companies.type, 'SUPPLIER'),
        eq(companies.active, true),
        supplierIds === 'ALL' ? undefined : inArray(companies.id, [...supplierIds]),
      ),
    );
}
