import { foldedContainsPattern } from '@portal/domain/rules/search-fold';
import type { USER_SORT_COLUMNS } from '@portal/domain/schemas/user';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cachedCount } from '../../db/count-cache';
import { companies, sessions, users } from '../../db/schema';

export interface UserFilter {
  search?: string;
  companyId?: string;
  column: (typeof USER_SORT_COLUMNS)[number];
  descending: boolean;
  page: number;
  pageSize: number;
}

const userWithCompany = {
  user: users,
  company: { id: companies.id, name: companies.name, type: companies.type },
};

export type UserWithCompany = {
  user: typeof users.$inferSelect;
  company: { id: string; name: string; type: (typeof companies.$inferSelect)['type'] };
};

const SORT: Record<UserFilter['column'], SQL> = {
  lastname: sql`lower(${users.lastname})`,
  name: sql`lower(${users.name})`,
  mail: sql`${users.email}`,
  companyName: sql`lower(${companies.name})`,
  loginCounter: sql`${users.loginCounter}`,
  lastLoginAt: sql`${users.lastLoginAt}`,
};

function filterWhere(filter: Pick<UserFilter, 'search' | 'companyId'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.companyId) conditions.push(eq(users.companyId, filter.companyId));
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    // Names folded as Germans type ("Mueller" finds "Müller", migration 0005 portal_fold); the mail address as typed.
    const folded = foldedContainsPattern(filter.search);
    conditions.push(
      or(
        sql`portal_fold(${users.name}) like ${folded}`,
        sql`portal_fold(${users.lastname}) like ${folded}`,
        ilike(users.email, pattern),
        sql`portal_fold(${companies.name}) like ${folded}`,
      )!,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function findUsers(
  db: DbOrTx,
  filter: UserFilter,
): Promise<{ rows: UserWithCompany[]; total: number }> {
  const where = filterWhere(filter);
  const order = filter.descending
    ? sql`${SORT[filter.column]} desc nulls last`
    : sql`${SORT[filter.column]} asc nulls last`;
  const [rows, total] = await Promise.all([
    db
      .select(userWithCompany)
      .from(users)
      .innerJoin(companies, eq(users.companyId, companies.id))
      .where(where)
      .orderBy(order, asc(users.id))
      .limit(filter.pageSize)
      .offset(filter.page * filter.pageSize),
    cachedCount(
      db,
      `users:${filter.companyId ?? ''}:${filter.search ?? ''}`,
      ['users', 'companies'],
      async () => {
        const [row] = await db
          .select({ n: count() })
          .from(users)
          .innerJoin(companies, eq(users.companyId, companies.id))
          .where(where);
        return row?.n ?? 0;
      },
    ),
  ]);
  return { rows, total };
}

export async function findUserWithCompany(db: DbOrTx, id: string): Promise<UserWithCompany | null> {
  const [row] = await db
    .select(userWithCompany)
    .from(users)
    .innerJoin(companies, eq(users.companyId, companies.id))
    .where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserWithCompany | null> {
  const [row] = await db
    .select(userWithCompany)
    .from(users)
    .innerJoin(companies, eq(users.companyId, companies.id))
    .where(eq(users.email, email.trim().toLowerCase()));
  return row ?? null;
}

export async function findUsersByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

/** Writes a user's values, stamped now unless a checked save passes the change time it claimed. */
export async function updateUser(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ updatedAt: new Date(), ...values })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function countOtherAdmins(db: DbOrTx, companyId: string, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.admin, true), ne(users.id, exceptUserId)));
  return row?.n ?? 0;
}

/**
 * Ends every session of a user, e.g. when it changes company (ASVS 8.4.1 / 7.4.x): a session opened as a
 * member of one tenant never carries over into another. Runs in the transaction of the change.
 */
export async function deleteSessionsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Deleting a user removes its account and sessions (cascade); audit entries keep the author's name. */
export async function deleteUsers(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(users).where(inArray(users.id, ids));
}

export async function findLastLogins(db: DbOrTx, limit: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      mail: users.email,
      companyName: companies.name,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .innerJoin(companies, eq(users.companyId, companies.id))
    .where(isNotNull(users.lastLoginAt))
    .orderBy(desc(users.lastLoginAt))
    .limit(limit);
}
