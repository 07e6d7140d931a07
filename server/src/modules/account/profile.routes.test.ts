import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createActor, TEST_PASSWORD } from '../../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    bookingUrl: 'https://termine.example/buchen',
    docsUrl: 'https://docs.example',
  });
});
afterAll(() => ctx.close());

const getProfile = (session: Session | null) =>
  as(ctx.app, session, { method: 'GET', url: '/api/user/profile' });
const postProfile = (session: Session | null, payload: Record<string, unknown>) =>
  as(ctx.app, session, { method: 'POST', url: '/api/user/profile', payload });
const changePassword = (session: Session | null, payload: Record<string, unknown>) =>
  as(ctx.app, session, { method: 'POST', url: '/api/user/password/change', payload });

describe('GET /api/user/profile', () => {
  it('401 signed out', async () => {
    expect((await getProfile(null)).statusCode).toBe(401);
  });

  it('answers the own user, company, role, admin flag and the booking link', async () => {
    const { user, company } = await createActor(ctx.db, 'SUPPLIER', { admin: true });
    const response = await getProfile(await signIn(ctx.app, user.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        id: user.id,
        name: user.name,
        lastname: user.lastname,
        mail: user.email,
        phoneNumber: user.phoneNumber,
        admin: true,
        passwordChangeNeeded: false,
      },
      company: expect.objectContaining({ id: company.id, type: 'SUPPLIER', pendingRegistration: false }),
      bookingUrl: 'https://termine.example/buchen',
      docsUrl: null,
      changeEntries: [],
    });
  });

  it('the documentation link is for the operator only', async () => {
    const { user } = await createActor(ctx.db, 'ADMIN');
    const response = await getProfile(await signIn(ctx.app, user.email));
    expect(response.json().docsUrl).toBe('https://docs.example');
    expect(response.json().user.admin).toBe(false);
  });
});

describe('POST /api/user/profile', () => {
  it('401 signed out', async () => {
    expect((await postProfile(null, { name: 'A', lastname: 'B', phoneNumber: '1' })).statusCode).toBe(401);
  });

  it('changes name, lastname and phone of the own user only; the e-mail stays', async () => {
    const { user, company } = await createActor(ctx.db, 'CUSTOMER', { admin: true });
    const { user: colleague } = await createActor(ctx.db, 'CUSTOMER', { companyId: company.id });
    const session = await signIn(ctx.app, user.email);
    const response = await postProfile(session, {
      name: ' Grete ',
      lastname: 'Geändert',
      phoneNumber: '+49-30-987654',
      mail: 'anders@test.local',
      id: colleague.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: user.id,
      name: 'Grete',
      lastname: 'Geändert',
      phoneNumber: '+49-30-987654',
      mail: user.email,
    });
    const [other] = await ctx.db.select().from(users).where(eq(users.id, colleague.id));
    expect(other!.lastname).toBe(colleague.lastname);
  });

  it('records the own change in the user history, shown on the profile and in the admin user form', async () => {
    const { user, company } = await createActor(ctx.db, 'CUSTOMER', { admin: true });
    const { user: admin } = await createActor(ctx.db, 'CUSTOMER', { admin: true, companyId: company.id });
    const session = await signIn(ctx.app, user.email);
    const response = await postProfile(session, {
      name: user.name,
      lastname: 'Neuname',
      phoneNumber: user.phoneNumber,
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      field: 'lastname',
      oldValue: user.lastname,
      newValue: 'Neuname',
      userName: `${user.name} Neuname`,
    };
    expect(response.json().changeEntries).toEqual([expect.objectContaining(expected)]);
    const seenByAdmin = await as(ctx.app, await signIn(ctx.app, admin.email), {
      method: 'GET',
      url: `/api/user/?id=${user.id}`,
    });
    expect(seenByAdmin.json().changeEntries).toEqual([expect.objectContaining(expected)]);
  });

  it('400 for missing fields or a phone number with letters', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(ctx.app, user.email);
    expect((await postProfile(session, { name: '', lastname: 'X', phoneNumber: '123' })).statusCode).toBe(
      400,
    );
    const letters = await postProfile(session, { name: 'A', lastname: 'B', phoneNumber: '0711-ABC' });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().issues[0].path).toBe('body.phoneNumber');
  });
});

describe('POST /api/user/password/change', () => {
  it('401 signed out', async () => {
    const response = await changePassword(null, { currentPassword: TEST_PASSWORD, newPassword: 'neues-pw' });
    expect(response.statusCode).toBe(401);
  });

  it('needs the current password: a wrong one -> 400 with the German message, nothing changes', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(ctx.app, user.email);
    const response = await changePassword(session, {
      currentPassword: 'falsch-falsch',
      newPassword: 'neues-pw',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'WRONG_CURRENT_PASSWORD',
      message: 'Das aktuelle Passwort ist nicht korrekt.',
    });
    expect((await signIn(ctx.app, user.email)).userId).toBe(user.id);
  });

  it('400 for a new password shorter than 6 characters or no current password', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(ctx.app, user.email);
    expect(
      (await changePassword(session, { currentPassword: TEST_PASSWORD, newPassword: '12345' })).statusCode,
    ).toBe(400);
    expect((await changePassword(session, { newPassword: 'lang-genug' })).statusCode).toBe(400);
  });

  it('sets the password, keeps this browser signed in with a new session and ends the others', async () => {
    const { user } = await createActor(ctx.db, 'SUPPLIER');
    const mine = await signIn(ctx.app, user.email);
    const other = await signIn(ctx.app, user.email);
    const response = await changePassword(mine, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'mein-neues-pw',
    });
    expect(response.statusCode).toBe(200);
    const token = response.json().token as string;
    const cookie = String(response.headers['set-cookie']).split(';')[0]!;
    const fresh = { cookie, token, userId: user.id };
    expect((await as(ctx.app, fresh, { method: 'GET', url: '/api/auth/session' })).json().user.id).toBe(
      user.id,
    );
    expect((await as(ctx.app, other, { method: 'GET', url: '/api/auth/session' })).json()).toBeNull();
    const byBearer = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byBearer.statusCode).toBe(200);
    expect((await signIn(ctx.app, user.email, 'mein-neues-pw')).userId).toBe(user.id);
  });

  it('lifts the forced initial password change: the portal opens up', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER', { admin: true, passwordChangeNeeded: true });
    const session = await signIn(ctx.app, user.email);
    const gated = await as(ctx.app, session, { method: 'GET', url: '/api/user/all' });
    expect(gated.statusCode).toBe(403);
    expect(gated.json().code).toBe('PASSWORD_CHANGE_NEEDED');
    const response = await changePassword(session, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'selbst-gewaehlt',
    });
    expect(response.statusCode).toBe(200);
    const fresh = {
      cookie: String(response.headers['set-cookie']).split(';')[0]!,
      token: '',
      userId: user.id,
    };
    const profile = await as(ctx.app, fresh, { method: 'GET', url: '/api/user/profile' });
    expect(profile.json().user.passwordChangeNeeded).toBe(false);
    expect((await as(ctx.app, fresh, { method: 'GET', url: '/api/user/all' })).statusCode).toBe(200);
  });

  it('after 10 wrong current passwords -> 429, even with the right one', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(ctx.app, user.email);
    for (let i = 0; i < 10; i++) {
      const wrong = await changePassword(session, {
        currentPassword: `falsch-${i}`,
        newPassword: 'neues-pw',
      });
      expect(wrong.statusCode).toBe(400);
    }
    const blocked = await changePassword(session, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'neues-pw',
    });
    expect(blocked.statusCode).toBe(429);
  });
});
