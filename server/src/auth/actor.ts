import type { Actor } from '@portal/domain/permissions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { companies, sessions, users } from '../db/schema';
import type { ActorCache, CachedSession } from './actor-cache';
import { type Auth, SESSION_EXPIRES_IN_S, SESSION_MAX_AGE_S, SESSION_UPDATE_AGE_S } from './better-auth';
import { sessionTokenOf } from './session-token';
import { toWebHeaders } from './web-headers';

export interface RequestActor extends Actor {
  email: string;
  sessionId: string;
}

export interface ActorResolver {
  resolve(request: FastifyRequest, reply: FastifyReply): Promise<RequestActor | null>;
}

/**
 * Resolves the cookie or bearer session into the Actor with ONE query (session, user and company) after
 * checking the cookie's signature locally: this runs on every API request (ARCHITECTURE §7 budgets).
 * A user of an inactive company has no actor, so deleting a company (SPEC §4) ends its users' work at
 * their next request. Once a day of use the session is renewed through better-auth, which also sends
 * the renewed cookie; but 30 days after the sign-in it ends however often it was used (ASVS 7.3.2), and
 * no renewal reaches beyond that.
 */
export function createActorResolver(auth: Auth, db: Db, secret: string, cache?: ActorCache): ActorResolver {
  const renewAfterMs = (SESSION_EXPIRES_IN_S - SESSION_UPDATE_AGE_S) * 1000;
  // Prepared once: the builder's work is done here, not on every request (ARCHITECTURE §7).
  const byToken = db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      userId: users.id,
      email: users.email,
      admin: users.admin,
      passwordChangeNeeded: users.passwordChangeNeeded,
      companyId: companies.id,
      companyType: companies.type,
      companyActive: companies.active,
      pendingRegistration: companies.pendingRegistration,
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .innerJoin(companies, eq(users.companyId, companies.id))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('actor_by_token');

  /** The session's row: from the cache on reads; changes (not GET) always read the database. */
  async function lookUp(token: string, method: string): Promise<CachedSession | undefined> {
    const reading = method === 'GET' || method === 'HEAD';
    const cached = reading ? cache?.get(token) : undefined;
    if (cached) return cached;
    const generation = cache?.generation() ?? 0;
    const [row] = await byToken.execute({ token });
    if (row) cache?.set(token, row, generation);
    else cache?.forget(token);
    return row;
  }

  async function resolve(request: FastifyRequest, reply: FastifyReply): Promise<RequestActor | null> {
    const token = sessionTokenOf(request.headers, secret);
    if (!token) return null;
    const row = await lookUp(token, request.method);
    const now = Date.now();
    if (!row || row.expiresAt.getTime() <= now || !row.companyActive) return null;
    const endsAt = row.createdAt.getTime() + SESSION_MAX_AGE_S * 1000;
    if (endsAt <= now) return null;
    if (row.expiresAt.getTime() - now < renewAfterMs && row.expiresAt.getTime() < endsAt) {
      // The renewal changes the row: the next request reads it again (the trigger tells the others).
      cache?.forget(token);
      const renewed = await auth.api.getSession({ headers: toWebHeaders(request), returnHeaders: true });
      const cookies = renewed.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      // better-auth renews by a full week; in the session's last week that is cut back to its end.
      if (now + SESSION_EXPIRES_IN_S * 1000 > endsAt) {
        await db
          .update(sessions)
          .set({ expiresAt: new Date(endsAt) })
          .where(eq(sessions.id, row.sessionId));
      }
    }
    return {
      userId: row.userId,
      email: row.email,
      admin: row.admin,
      passwordChangeNeeded: row.passwordChangeNeeded,
      companyId: row.companyId,
      companyType: row.companyType,
      pendingRegistration: row.pendingRegistration,
      sessionId: row.sessionId,
    };
  }

  return { resolve };
}
