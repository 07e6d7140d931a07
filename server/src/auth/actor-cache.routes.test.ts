import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, sessions, users } from '../db/schema';
import { createActor, TEST_PASSWORD } from '../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../test/test-app';
import { testDatabaseKind } from '../test/test-db';

/**
 * The per-process session cache with a lifetime far beyond any test (a minute), so every refusal below
 * comes from the invalidation, never from the cache running out. On PostgreSQL `other` is a SECOND app
 * with its own pool and its own listening connection (a second server process as far as the database can
 * tell); on PGlite, which one process owns, it is a second app on the same database in this process.
 */
const TTL_MS = 60_000;
const DAY = 24 * 60 * 60 * 1000;
let ctx: TestContext;
let second: TestContext;
let one: FastifyInstance;
let other: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestApp({ actorCacheTtlMs: TTL_MS });
  const database =
    testDatabaseKind() === 'postgres'
      ? await (await import('../db/client')).openPostgres(ctx.database.url!, { max: 3 })
      : ctx.database;
  second = await createTestApp({ sharedDatabase: database, actorCacheTtlMs: TTL_MS });
  one = ctx.app;
  other = second.app;
});

afterAll(async () => {
  await second.close();
  if (second.database !== ctx.database) await second.database.close();
  await ctx.close();
});

/** Resolves when `app` has applied the invalidation `payload` (`u:<userId>` or `c:<companyId>`). */
async function heard(app: FastifyInstance, payload: string): Promise<void> {
  while ((await app.actorCache!.nextInvalidation()) !== payload) {
    // another change's notification: keep listening
  }
}

function sessionOf(app: FastifyInstance, session: Session) {
  return as(app, session, { method: 'GET', url: '/api/auth/session' });
}

async function signedInUser(app: FastifyInstance, session: Session): Promise<string | null> {
  const response = await sessionOf(app, session);
  expect(response.statusCode).toBe(200);
  return response.json()?.user.id ?? null;
}

describe('session cache', () => {
  it('keeps a session it read (a change behind its back stays unseen without the notification)', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(one, user.email);
    expect(await signedInUser(other, session)).toBe(user.id);
    expect(other.actorCache!.get(session.token)?.userId).toBe(user.id);
    // The notification is what makes the other process forget it.
    other.actorCache!.invalidate(`u:${user.id}`);
    expect(other.actorCache!.get(session.token)).toBeUndefined();
  });

  it('a sign-out in one process ends the session in the other at once', async () => {
    const { user } = await createActor(ctx.db, 'SUPPLIER');
    const session = await signIn(one, user.email);
    expect(await signedInUser(other, session)).toBe(user.id);
    expect(await signedInUser(one, session)).toBe(user.id);
    const notified = heard(other, `u:${user.id}`);
    const out = await as(one, session, { method: 'POST', url: '/api/auth/sign-out' });
    expect(out.statusCode).toBe(200);
    // The process that signed out knows at once, without waiting for its own notification.
    expect(await signedInUser(one, session)).toBeNull();
    await notified;
    expect(await signedInUser(other, session)).toBeNull();
  });

  it('deactivating a company ends its users’ sessions in every process', async () => {
    const { user, company } = await createActor(ctx.db, 'CUSTOMER');
    const { user: operator } = await createActor(ctx.db, 'ADMIN', { admin: true });
    const admin = await signIn(one, operator.email);
    const session = await signIn(one, user.email);
    expect(await signedInUser(other, session)).toBe(user.id);
    const notified = heard(other, `c:${company.id}`);
    const response = await as(one, admin, {
      method: 'POST',
      url: `/api/company/delete?companyId=${company.id}`,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row!.active).toBe(false);
    await notified;
    expect(await signedInUser(other, session)).toBeNull();
    expect(await signedInUser(one, session)).toBeNull();
  });

  it('a password change ends the user’s other sessions in every process', async () => {
    const { user } = await createActor(ctx.db, 'SUPPLIER');
    const changing = await signIn(one, user.email);
    const elsewhere = await signIn(one, user.email);
    expect(await signedInUser(other, elsewhere)).toBe(user.id);
    const notified = heard(other, `u:${user.id}`);
    const response = await as(one, changing, {
      method: 'POST',
      url: '/api/user/password/change',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Ein-neues-Passwort-2026!' },
    });
    expect(response.statusCode).toBe(200);
    await notified;
    expect(await signedInUser(other, elsewhere)).toBeNull();
  });

  it('a change of the admin flag or the company written by any connection reaches every process', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER', { admin: true });
    const { company: next } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(one, user.email);
    expect((await sessionOf(other, session)).json().user.admin).toBe(true);
    let notified = heard(other, `u:${user.id}`);
    await ctx.db.update(users).set({ admin: false }).where(eq(users.id, user.id));
    await notified;
    expect((await sessionOf(other, session)).json().user.admin).toBe(false);
    notified = heard(other, `u:${user.id}`);
    await ctx.db.update(users).set({ companyId: next.id }).where(eq(users.id, user.id));
    await notified;
    expect((await sessionOf(other, session)).json().company.id).toBe(next.id);
  });

  it('a session deleted by any connection (housekeeping, revocation) is refused in every process', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(one, user.email);
    expect(await signedInUser(other, session)).toBe(user.id);
    const notified = heard(other, `u:${user.id}`);
    await ctx.db.delete(sessions).where(eq(sessions.token, session.token));
    await notified;
    expect(await signedInUser(other, session)).toBeNull();
  });

  it('renews a cached session in use after a day, and in its last week only up to 30 days after sign-in', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(one, user.email);
    expect(await signedInUser(one, session)).toBe(user.id);
    const createdAt = new Date(Date.now() - 25 * DAY);
    const notified = heard(one, `u:${user.id}`);
    await ctx.db
      .update(sessions)
      .set({ createdAt, expiresAt: new Date(Date.now() + 4.5 * DAY) })
      .where(eq(sessions.token, session.token));
    await notified;
    const response = await sessionOf(one, session);
    expect(String(response.headers['set-cookie'])).toContain('portal.session_token=');
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.token, session.token));
    expect(row!.expiresAt.getTime()).toBe(createdAt.getTime() + 30 * DAY);
    const again = await sessionOf(one, session);
    expect(again.json().user.id).toBe(user.id);
    expect(again.headers['set-cookie']).toBeUndefined();
  });
});
