import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, sessions, users } from '../../db/schema';
import { createActor, createCompany, createUser, TEST_PASSWORD } from '../../test/factories';
import { as, createTestApp, signIn, TEST_ORIGIN, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;

function postSignIn(email: string, password: string, ip = '10.0.0.1') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
    remoteAddress: ip,
  });
}

describe('POST /api/auth/sign-in', () => {
  it('signs in with e-mail and password: httpOnly SameSite=Lax cookie, token and session data', async () => {
    const { user, company } = await createActor(ctx.db, 'SUPPLIER', { admin: true });
    const response = await postSignIn(user.email.toUpperCase(), TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ id: user.id, mail: user.email, admin: true });
    expect(body.company).toMatchObject({ id: company.id, type: 'SUPPLIER', active: true });
    expect(body.token).toEqual(expect.any(String));
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain('portal.session_token=');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('every sign-in counts once in the login counter and the last sign-in, also without the web app', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    expect(user.loginCounter).toBe(1);
    // The stored time may be cut to whole seconds: compared with the second the sign-in started in.
    const signInStarted = Math.floor(Date.now() / 1000) * 1000;
    const first = await postSignIn(user.email, TEST_PASSWORD, '10.0.0.9');
    expect(first.json().user.loginCounter).toBe(2);
    expect(Date.parse(first.json().user.lastLoginAt)).toBeGreaterThanOrEqual(signInStarted);
    const second = await postSignIn(user.email, TEST_PASSWORD, '10.0.0.9');
    expect(second.json().user.loginCounter).toBe(3);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.loginCounter).toBe(3);
    // A failed try is no sign-in.
    expect((await postSignIn(user.email, 'falsch-falsch', '10.0.0.9')).statusCode).toBe(401);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.loginCounter).toBe(3);
  });

  it('wrong password -> 401 with the SPEC failure text', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const response = await postSignIn(user.email, 'falsch-falsch', '10.0.0.2');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'SIGN_IN_FAILED',
      message: 'Anmeldung fehlgeschlagen. Bitte überprüfen Sie Ihre Eingaben.',
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('unknown e-mail -> the same 401', async () => {
    const response = await postSignIn('niemand@test.local', 'egal-egal', '10.0.0.3');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('SIGN_IN_FAILED');
  });

  it('a user of an inactive company cannot sign in, and no session is left behind', async () => {
    const company = await createCompany(ctx.db, { type: 'CUSTOMER', active: false });
    const user = await createUser(ctx.db, { companyId: company.id });
    const response = await postSignIn(user.email, TEST_PASSWORD, '10.0.0.4');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('COMPANY_INACTIVE');
    const token = response.headers['set-cookie'];
    expect(token).toBeUndefined();
  });

  it('refuses a foreign origin', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'https://evil.example' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ORIGIN_REJECTED');
  });
});

describe('GET /api/auth/session', () => {
  it('answers null without a session: a signed-out visit is no error', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('answers the signed-in user by cookie and by bearer token', async () => {
    const { user } = await createActor(ctx.db, 'EXTERNAL');
    const session = await signIn(ctx.app, user.email);
    const byCookie = await as(ctx.app, session, { method: 'GET', url: '/api/auth/session' });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().user.id).toBe(user.id);
    const byBearer = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json().company.type).toBe('EXTERNAL');
  });

  it('a forged token is not a session', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: 'Bearer abc.def' },
    });
    expect(response.json()).toBeNull();
  });

  it('a company deactivated after sign-in ends the session at the next request', async () => {
    const { user, company } = await createActor(ctx.db, 'SUPPLIER');
    const session = await signIn(ctx.app, user.email);
    await ctx.db.update(companies).set({ active: false }).where(eq(companies.id, company.id));
    const response = await as(ctx.app, session, { method: 'GET', url: '/api/auth/session' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('renews a session that is in use after a day and sends the renewed cookie', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(ctx.app, user.email);
    const fresh = await as(ctx.app, session, { method: 'GET', url: '/api/auth/session' });
    expect(fresh.headers['set-cookie']).toBeUndefined();
    const aged = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
    await ctx.db.update(sessions).set({ expiresAt: aged }).where(eq(sessions.userId, user.id));
    const response = await as(ctx.app, session, { method: 'GET', url: '/api/auth/session' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toContain('portal.session_token=');
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(aged.getTime() + 24 * 60 * 60 * 1000);
  });

  it('an expired session is no session', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(ctx.app, user.email);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await as(ctx.app, session, { method: 'GET', url: '/api/auth/session' })).json()).toBeNull();
  });

  it('a session signed in 31 days ago is refused however recently it was renewed; a fresh one passes', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const old = await signIn(ctx.app, user.email);
    const fresh = await signIn(ctx.app, user.email);
    const renewedYesterday = new Date(Date.now() + 6 * DAY);
    await ctx.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 31 * DAY), expiresAt: renewedYesterday })
      .where(eq(sessions.token, old.token));
    const refused = await as(ctx.app, old, { method: 'GET', url: '/api/auth/session' });
    expect(refused.json()).toBeNull();
    expect(refused.headers['set-cookie']).toBeUndefined();
    const byBearer = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${old.token}` },
    });
    expect(byBearer.json()).toBeNull();
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.token, old.token));
    expect(row!.expiresAt).toEqual(renewedYesterday);
    expect((await as(ctx.app, fresh, { method: 'GET', url: '/api/auth/session' })).json().user.id).toBe(
      user.id,
    );
  });

  it('in its last week a session is renewed only up to 30 days after the sign-in', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(ctx.app, user.email);
    // Signed in 25 days ago, last renewed two and a half days ago (so it would end in four and a half).
    const createdAt = new Date(Date.now() - 25 * DAY);
    await ctx.db
      .update(sessions)
      .set({ createdAt, expiresAt: new Date(Date.now() + 4.5 * DAY) })
      .where(eq(sessions.token, session.token));
    const response = await as(ctx.app, session, { method: 'GET', url: '/api/auth/session' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toContain('portal.session_token=');
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.token, session.token));
    expect(row!.expiresAt.getTime()).toBe(createdAt.getTime() + 30 * DAY);
    // Renewed to its end, it is not renewed again.
    const again = await as(ctx.app, session, { method: 'GET', url: '/api/auth/session' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('is reachable while the registration is pending (the profile needs it)', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER', { pendingRegistration: true });
    const session = await signIn(ctx.app, user.email);
    const response = await as(ctx.app, session, { method: 'GET', url: '/api/auth/session' });
    expect(response.statusCode).toBe(200);
    expect(response.json().company.pendingRegistration).toBe(true);
  });
});

describe('POST /api/auth/sign-out', () => {
  it('ends the session: the cookie no longer works', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(ctx.app, user.email);
    const response = await as(ctx.app, session, { method: 'POST', url: '/api/auth/sign-out' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/portal\.session_token=;/);
    const after = await as(ctx.app, session, { method: 'GET', url: '/api/auth/session' });
    expect(after.json()).toBeNull();
  });

  it('a cookie request without Origin or Referer is refused (CSRF)', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(ctx.app, user.email);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ORIGIN_REJECTED');
  });
});
