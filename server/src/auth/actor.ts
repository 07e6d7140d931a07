import type { Actor } from '@portal/domain/permissions';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, users } from '../db/schema';
import type { Auth } from './better-auth';

export interface RequestActor extends Actor {
  email: string;
  sessionId: string;
}

/**
 * Resolves cookie or bearer session into the Actor. A user of an inactive company has no actor:
 * deleting a company (SPEC §4) ends the work of its users at their next request.
 */
export async function resolveActor(auth: Auth, db: Db, headers: Headers): Promise<RequestActor | null> {
  const session = await auth.api.getSession({ headers, query: { disableRefresh: false } });
  if (!session) return null;
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      admin: users.admin,
      passwordChangeNeeded: users.passwordChangeNeeded,
      companyId: companies.id,
      companyType: companies.type,
      companyActive: companies.active,
      pendingRegistration: companies.pendingRegistration,
    })
    .from(users)
    .innerJoin(companies, eq(users.companyId, companies.id))
    .where(eq(users.id, session.user.id));
  if (!row?.companyActive) return null;
  return {
    userId: row.userId,
    email: row.email,
    admin: row.admin,
    passwordChangeNeeded: row.passwordChangeNeeded,
    companyId: row.companyId,
    companyType: row.companyType,
    pendingRegistration: row.pendingRegistration,
    sessionId: session.session.id,
  };
}
