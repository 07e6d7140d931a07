import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../db/schema';
import { mailHeader, mailText, readMailsTo } from '../../mail/testing/read-mail';
import { createActor, createCompany, createUser } from '../../test/factories';
import { as, createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let operatorAdminMail: string;
let operatorStaffMail: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const operator = await createActor(ctx.db, 'ADMIN', { admin: true });
  operatorAdminMail = operator.user.email;
  operatorStaffMail = (await createUser(ctx.db, { companyId: operator.company.id })).email;
});
afterAll(() => ctx.close());

let ipCounter = 0;
/** Every test registers from its own address, so the per-IP limit only bites where it is tested. */
const nextIp = () => `10.3.0.${++ipCounter}`;

function registration(mail: string, companyName = `Registrierte Firma ${mail}`) {
  return {
    user: { name: 'Rita', lastname: 'Register', phoneNumber: '+49-711-555', mail, password: 'geheim1' },
    company: {
      name: companyName,
      street: 'Hauptstraße',
      houseNo: '7a',
      zip: '70173',
      city: 'Stuttgart',
      additionalInfo: 'Messe 2024',
    },
    acceptPrivacy: true,
    acceptTerms: true,
  };
}

function register(payload: Record<string, unknown>, ip = nextIp()) {
  return as(ctx.app, null, { method: 'POST', url: '/api/user/register', payload, remoteAddress: ip });
}

function mailsTo(address: string) {
  return readMailsTo(ctx.mailDir, address);
}

describe('POST /api/user/register', () => {
  it('creates a pending CUSTOMER company with its admin user and signs the user in', async () => {
    const response = await register(registration('Neu.Kunde@Test.local'));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({
      mail: 'neu.kunde@test.local',
      admin: true,
      passwordChangeNeeded: false,
      // The new account's counter starts at 1 for this first sign-in (SPEC §9); it is not counted twice.
      loginCounter: 1,
    });
    expect(body.company).toMatchObject({ type: 'CUSTOMER', active: true, pendingRegistration: true });
    expect(body.token).toEqual(expect.any(String));
    expect(String(response.headers['set-cookie'])).toContain('portal.session_token=');

    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, body.company.id));
    expect(company).toMatchObject({
      street: 'Hauptstraße',
      houseNo: '7a',
      zip: '70173',
      city: 'Stuttgart',
      additionalInfo: 'Messe 2024',
      customerNumber: null,
    });
    const [user] = await ctx.db.select().from(users).where(eq(users.id, body.user.id));
    expect(user).toMatchObject({
      name: 'Rita',
      lastname: 'Register',
      phoneNumber: '+49-711-555',
      admin: true,
    });
  });

  it('the new user is confined to the profile until the release (403 REGISTRATION_PENDING elsewhere)', async () => {
    const response = await register(registration('wartend@test.local'));
    const cookie = String(response.headers['set-cookie']).split(';')[0]!;
    const session = { cookie, token: response.json().token, userId: response.json().user.id };
    const profile = await as(ctx.app, session, { method: 'GET', url: '/api/user/profile' });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().company.pendingRegistration).toBe(true);
    const other = await as(ctx.app, session, { method: 'GET', url: '/api/user/all' });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('REGISTRATION_PENDING');
  });

  it('mails the registrant and every administrator of the operator, not its staff', async () => {
    await register(registration('benachrichtigung@test.local', 'Benachrichtigung GmbH'));
    expect(mailsTo('benachrichtigung@test.local')).toHaveLength(0);
    await ctx.drainJobs();
    const [welcome] = mailsTo('benachrichtigung@test.local');
    expect(mailHeader(welcome!, 'Subject')).toBe('Ihre Registrierung im Schaltschrank-Portal');
    const notices = mailsTo(operatorAdminMail).filter((raw) =>
      mailText(raw).includes('Benachrichtigung GmbH'),
    );
    expect(notices).toHaveLength(1);
    expect(mailHeader(notices[0]!, 'Subject')).toBe('Neue Registrierung: Benachrichtigung GmbH');
    expect(mailText(notices[0]!)).toContain('http://localhost:3000/company/');
    expect(mailsTo(operatorStaffMail)).toHaveLength(0);
  });

  it('an address already in use -> 409 EMAIL_IN_USE with the SPEC text, and nothing is left behind', async () => {
    const { user } = await createActor(ctx.db, 'SUPPLIER');
    const response = await register(registration(user.email.toUpperCase(), 'Doppelt GmbH'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'EMAIL_IN_USE',
      message: 'Die angegebene E-Mail wird bereits von einem Nutzer genutzt.',
    });
    // one transaction: the company inserted before the user failed is rolled back
    expect(await ctx.db.select().from(companies).where(eq(companies.name, 'Doppelt GmbH'))).toEqual([]);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('two parallel registrations with one address: one wins, no company without a user remains', async () => {
    const [first, second] = await Promise.all([
      register(registration('parallel@test.local', 'Parallel Eins GmbH')),
      register(registration('parallel@test.local', 'Parallel Zwei GmbH')),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 409]);
    const rows = await ctx.db
      .select({ name: companies.name, userId: users.id })
      .from(companies)
      .leftJoin(users, eq(users.companyId, companies.id))
      .where(eq(companies.pendingRegistration, true));
    const parallel = rows.filter((row) => row.name.startsWith('Parallel'));
    expect(parallel).toHaveLength(1);
    expect(parallel[0]!.userId).not.toBeNull();
  });

  it("an external guest's address -> 409 with the hint to ask the operator for assignment", async () => {
    const external = await createCompany(ctx.db, { type: 'EXTERNAL' });
    const guest = await createUser(ctx.db, { companyId: external.id, email: 'gast@test.local' });
    const response = await register(registration(guest.email));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('EMAIL_OF_EXTERNAL_USER');
    expect(response.json().message).toContain('Betreiber');
  });

  it('missing or invalid fields -> 400 naming them', async () => {
    const payload = registration('fehlend@test.local');
    const { city: _city, ...company } = payload.company;
    const response = await register({
      ...payload,
      company,
      user: { ...payload.user, phoneNumber: '0711 abc', name: ' ' },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.company.city', 'body.user.phoneNumber', 'body.user.name']),
    );
    expect(await register({ user: payload.user })).toMatchObject({ statusCode: 400 });
  });

  it('a password shorter than 6 characters -> 400', async () => {
    const payload = registration('kurz@test.local');
    const response = await register({ ...payload, user: { ...payload.user, password: '12345' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('body.user.password');
  });

  it('privacy agreement or general terms not accepted -> 400', async () => {
    const payload = registration('haken@test.local');
    for (const patch of [{ acceptPrivacy: false }, { acceptTerms: false }, { acceptTerms: undefined }]) {
      const response = await register({ ...payload, ...patch });
      expect(response.statusCode).toBe(400);
    }
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'haken@test.local'));
    expect(user).toBeUndefined();
  });

  it('a foreign origin is refused', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { origin: 'https://evil.example' },
      payload: registration('fremd@test.local'),
    });
    expect(response.statusCode).toBe(403);
  });

  it('after 10 registrations from one IP within an hour -> 429', async () => {
    const ip = '10.3.9.9';
    for (let i = 0; i < 10; i++) {
      expect((await register(registration(`serie${i}@test.local`), ip)).statusCode).toBe(201);
    }
    const blocked = await register(registration('serie10@test.local'), ip);
    expect(blocked.statusCode).toBe(429);
    expect((await register(registration('serie10@test.local'))).statusCode).toBe(201);
  });
});
