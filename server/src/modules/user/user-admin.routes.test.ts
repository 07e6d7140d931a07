import * as XLSX from '@e965/xlsx';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users, verifications } from '../../db/schema';
import { mailHeader, readMailsTo, resetCodeOf } from '../../mail/testing/read-mail';
import { createActor, createCompany, createUser } from '../../test/factories';
import { expectChangedMeanwhile } from '../../test/lost-update';
import { as, createTestApp, type Session, signIn, TEST_ORIGIN, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let operator: Session;
let customerAdmin: Session;
let customerCompanyId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createActor(ctx.db, 'ADMIN', { admin: true });
  operator = await signIn(ctx.app, admin.user.email);
  const customer = await createActor(ctx.db, 'CUSTOMER', { admin: true });
  customerCompanyId = customer.company.id;
  customerAdmin = await signIn(ctx.app, customer.user.email);
});
afterAll(() => ctx.close());

let counter = 0;
const person = (overrides: Record<string, unknown> = {}) => ({
  name: 'Greta',
  lastname: 'Gerber',
  mail: `person${++counter}@test.local`,
  phoneNumber: '+49 711-123 456',
  admin: false,
  ...overrides,
});

describe('POST /api/user/ validation (SPEC §5)', () => {
  it('400 names each missing required field', async () => {
    const response = await as(ctx.app, customerAdmin, {
      method: 'POST',
      url: '/api/user/',
      payload: { name: '', lastname: ' ', mail: 'x@y.de', phoneNumber: '' },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['body.name', 'body.lastname', 'body.phoneNumber']));
  });

  it('400 for a phone number with letters and for an invalid e-mail', async () => {
    const phone = await as(ctx.app, customerAdmin, {
      method: 'POST',
      url: '/api/user/',
      payload: person({ phoneNumber: '0711 ABC' }),
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().issues[0].message).toBe('Bitte nur Ziffern, + und - verwenden.');
    const mail = await as(ctx.app, customerAdmin, {
      method: 'POST',
      url: '/api/user/',
      payload: person({ mail: 'keine-mail' }),
    });
    expect(mail.statusCode).toBe(400);
  });

  it('400 when the operator names no company, or an inactive one', async () => {
    expect(
      (await as(ctx.app, operator, { method: 'POST', url: '/api/user/', payload: person() })).statusCode,
    ).toBe(400);
    const inactive = await createCompany(ctx.db, { type: 'SUPPLIER', active: false });
    const response = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/user/',
      payload: person({ companyId: inactive.id }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('aktiven Unternehmen');
  });
});

describe('POST /api/user/ creation and invitation', () => {
  it('creates the user and mails an invitation whose link sets the first password', async () => {
    const body = person({ mail: 'Neue.Kollegin@Test.local' });
    const response = await as(ctx.app, customerAdmin, { method: 'POST', url: '/api/user/', payload: body });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      mail: 'neue.kollegin@test.local',
      companyId: customerCompanyId,
      assignedExternal: false,
    });
    // the code rests in the database only as a hash
    const stored = await ctx.db
      .select()
      .from(verifications)
      .where(like(verifications.value, `${created.id}:invitation:%`));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
    await ctx.drainJobs();
    const [invitation] = readMailsTo(ctx.mailDir, 'neue.kollegin@test.local');
    expect(mailHeader(invitation!, 'Subject')).toContain('Einladung');
    const code = resetCodeOf(invitation!);
    expect(stored[0]!.identifier).not.toContain(code);
    const set = await as(ctx.app, null, {
      method: 'POST',
      url: '/api/user/password/reset',
      payload: { mail: 'neue.kollegin@test.local', password: 'mein-passwort', oobCode: code },
    });
    expect(set.statusCode).toBe(200);
    const session = await signIn(ctx.app, 'neue.kollegin@test.local', 'mein-passwort');
    expect(session.userId).toBe(created.id);
  });

  it('no invitation is left behind when the creation fails', async () => {
    const existing = await createUser(ctx.db, { companyId: customerCompanyId });
    const before = (await ctx.db.select().from(verifications)).length;
    await as(ctx.app, customerAdmin, {
      method: 'POST',
      url: '/api/user/',
      payload: person({ mail: existing.email }),
    });
    await ctx.drainJobs();
    expect((await ctx.db.select().from(verifications)).length).toBe(before);
    expect(readMailsTo(ctx.mailDir, existing.email)).toHaveLength(0);
  });

  it('409 with the SPEC text for an address already in use', async () => {
    const existing = await createUser(ctx.db, { companyId: customerCompanyId });
    const response = await as(ctx.app, customerAdmin, {
      method: 'POST',
      url: '/api/user/',
      payload: person({ mail: existing.email }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'EMAIL_IN_USE',
      message: 'Die angegebene E-Mail wird bereits von einem Nutzer genutzt.',
    });
  });

  it('a customer admin cannot create users in another company', async () => {
    const other = await createCompany(ctx.db, { type: 'SUPPLIER' });
    const response = await as(ctx.app, customerAdmin, {
      method: 'POST',
      url: '/api/user/',
      payload: person({ companyId: other.id }),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/user/update', () => {
  it('changes fields and records them in the history', async () => {
    const target = await createUser(ctx.db, { companyId: customerCompanyId });
    const response = await as(ctx.app, customerAdmin, {
      method: 'POST',
      url: '/api/user/update',
      payload: {
        ...person({ mail: target.email }),
        id: target.id,
        lastUpdate: target.updatedAt.toISOString(),
        lastname: 'Neu',
        admin: true,
      },
    });
    expect(response.statusCode).toBe(200);
    const fields = response.json().changeEntries.map((entry: { field: string }) => entry.field);
    expect(fields).toEqual(expect.arrayContaining(['lastname', 'admin']));
  });

  it('the last admin cannot remove the own admin flag (409), a second admin can', async () => {
    const { user } = await createActor(ctx.db, 'SUPPLIER', { admin: true });
    const session = await signIn(ctx.app, user.email);
    const lastUpdate = user.updatedAt.toISOString();
    const payload = { ...person({ mail: user.email }), id: user.id, lastUpdate, admin: false };
    const refused = await as(ctx.app, session, { method: 'POST', url: '/api/user/update', payload });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('LAST_ADMIN');
    // The refused save changed nothing: the same loaded state saves once a second admin exists.
    await createUser(ctx.db, { companyId: user.companyId, admin: true });
    expect(
      (await as(ctx.app, session, { method: 'POST', url: '/api/user/update', payload })).statusCode,
    ).toBe(200);
  });

  it('409 when changing the address to one that is taken', async () => {
    const a = await createUser(ctx.db, { companyId: customerCompanyId });
    const b = await createUser(ctx.db, { companyId: customerCompanyId });
    const response = await as(ctx.app, customerAdmin, {
      method: 'POST',
      url: '/api/user/update',
      payload: { ...person({ mail: b.email }), id: a.id, lastUpdate: a.updatedAt.toISOString() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('EMAIL_IN_USE');
  });

  it('no lost update: the second of two saves from the same loaded state is refused, the first kept', async () => {
    const target = await createUser(ctx.db, { companyId: customerCompanyId });
    const read = async () =>
      (await as(ctx.app, operator, { method: 'GET', url: `/api/user/?id=${target.id}` })).json();
    const form = (loaded: Record<string, unknown>, changes: object) => ({
      ...person({ mail: target.email }),
      name: loaded.name,
      lastname: loaded.lastname,
      phoneNumber: loaded.phoneNumber,
      admin: loaded.admin,
      id: target.id,
      lastUpdate: loaded.lastUpdate,
      ...changes,
    });
    const save = (session: Session, payload: object) =>
      as(ctx.app, session, { method: 'POST', url: '/api/user/update', payload });
    const loaded = await read();

    const first = await save(customerAdmin, form(loaded, { phoneNumber: '+49 711 222' }));
    expect(first.statusCode).toBe(200);
    const second = await save(operator, form(loaded, { lastname: 'Überschrieben' }));
    await expectChangedMeanwhile(ctx.db, second, customerAdmin.userId);
    expect(await read()).toMatchObject({
      phoneNumber: '+49 711 222',
      lastname: target.lastname,
      lastUpdate: first.json().lastUpdate,
    });

    const fresh = await save(operator, form(first.json(), { lastname: 'Neu geladen' }));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ phoneNumber: '+49 711 222', lastname: 'Neu geladen' });
    const again = await save(operator, form(fresh.json(), { admin: true }));
    expect(again.json().admin).toBe(true);
  });

  it("a save based on the state before the user's own profile change is refused, naming the user", async () => {
    const target = await createUser(ctx.db, { companyId: customerCompanyId });
    const loaded = (
      await as(ctx.app, customerAdmin, { method: 'GET', url: `/api/user/?id=${target.id}` })
    ).json();
    const own = await as(ctx.app, await signIn(ctx.app, target.email), {
      method: 'POST',
      url: '/api/user/profile',
      payload: { name: 'Grete', lastname: 'Selbst', phoneNumber: '+49 711 333' },
    });
    expect(own.statusCode).toBe(200);
    const stale = await as(ctx.app, customerAdmin, {
      method: 'POST',
      url: '/api/user/update',
      payload: { ...person({ mail: target.email }), id: target.id, lastUpdate: loaded.lastUpdate },
    });
    await expectChangedMeanwhile(ctx.db, stale, target.id);
  });
});

describe('POST /api/user/delete', () => {
  it('removes account and sessions; the user cannot sign in; audit keeps the author name', async () => {
    const victim = await createUser(ctx.db, { companyId: customerCompanyId, admin: true });
    const victimSession = await signIn(ctx.app, victim.email);
    // the victim authors a change before being deleted
    const colleague = await createUser(ctx.db, { companyId: customerCompanyId });
    await as(ctx.app, victimSession, {
      method: 'POST',
      url: '/api/user/update',
      payload: {
        ...person({ mail: colleague.email }),
        id: colleague.id,
        lastUpdate: colleague.updatedAt.toISOString(),
        lastname: 'Geändert',
      },
    });
    const response = await as(ctx.app, customerAdmin, {
      method: 'POST',
      url: `/api/user/delete?userId=${victim.id}`,
    });
    expect(response.json()).toEqual({ deleted: [victim.id], failed: [] });
    expect(await ctx.db.select().from(accounts).where(eq(accounts.userId, victim.id))).toHaveLength(0);
    expect((await as(ctx.app, victimSession, { method: 'GET', url: '/api/auth/session' })).json()).toBeNull();
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: TEST_ORIGIN },
      payload: { email: victim.email, password: 'geheim123' },
    });
    expect(again.statusCode).toBe(401);
    const history = await as(ctx.app, customerAdmin, { method: 'GET', url: `/api/user/?id=${colleague.id}` });
    expect(history.json().changeEntries[0].userName).toBe(`${victim.name} ${victim.lastname}`);
  });

  it('refuses to delete oneself (409) and reports it in a bulk delete', async () => {
    const self = await as(ctx.app, customerAdmin, {
      method: 'POST',
      url: `/api/user/delete?userId=${customerAdmin.userId}`,
    });
    expect(self.statusCode).toBe(409);
    const other = await createUser(ctx.db, { companyId: customerCompanyId });
    const bulk = await as(ctx.app, customerAdmin, {
      method: 'POST',
      url: `/api/user/delete?userId=${customerAdmin.userId},${other.id}`,
    });
    expect(bulk.json()).toEqual({ deleted: [other.id], failed: [customerAdmin.userId] });
  });

  it('400 for a malformed id list', async () => {
    expect(
      (await as(ctx.app, customerAdmin, { method: 'POST', url: '/api/user/delete?userId=' })).statusCode,
    ).toBe(400);
  });
});

describe('lists, last logins and export', () => {
  it('a customer admin sees only the own company, whatever companyId says', async () => {
    const other = await createActor(ctx.db, 'SUPPLIER');
    const response = await as(ctx.app, customerAdmin, {
      method: 'GET',
      url: `/api/user/all?companyId=${other.company.id}&paginationSize=500`,
    });
    const companies = new Set(response.json().content.map((user: { companyId: string }) => user.companyId));
    expect([...companies]).toEqual([customerCompanyId]);
  });

  it('the operator filters by company and sorts by login counter', async () => {
    const company = await createCompany(ctx.db, { type: 'SUPPLIER' });
    const a = await createUser(ctx.db, { companyId: company.id });
    const b = await createUser(ctx.db, { companyId: company.id });
    await ctx.db.update(users).set({ loginCounter: 9 }).where(eq(users.id, b.id));
    const response = await as(ctx.app, operator, {
      method: 'GET',
      url: `/api/user/all?companyId=${company.id}&column=loginCounter&sortDescending=true`,
    });
    expect(response.json().content.map((user: { id: string }) => user.id)).toEqual([b.id, a.id]);
    expect(response.json().totalElements).toBe(2);
  });

  it('last logins: the most recent sign-ins first', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(ctx.app, user.email);
    await as(ctx.app, session, { method: 'GET', url: `/api/user/update/counter?userId=${user.id}` });
    const response = await as(ctx.app, operator, { method: 'GET', url: '/api/user/lastlogin' });
    expect(response.json()[0]).toMatchObject({ id: user.id, mail: user.email });
  });

  it('exports the visible columns as CSV (BOM, quoted, semicolon) and XLSX', async () => {
    const company = await createCompany(ctx.db, { type: 'SUPPLIER', name: 'Export "Spezial" GmbH' });
    await createUser(ctx.db, { companyId: company.id, email: 'export.test@test.local' });
    const csv = await as(ctx.app, operator, {
      method: 'GET',
      url: `/api/user/export?format=csv&companyId=${company.id}`,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="Nutzer_\d\d\.\d\d\.\d{4}\.csv"/,
    );
    const text = csv.rawPayload.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Nachname";"Vorname";"E-Mail";"Unternehmen";"Anzahl Anmeldungen";"Letzte Anmeldung"',
    );
    expect(lines[1]).toContain('"export.test@test.local";"Export ""Spezial"" GmbH";"1";""');
    const xlsx = await as(ctx.app, customerAdmin, { method: 'GET', url: '/api/user/export?format=xlsx' });
    const sheet = XLSX.read(xlsx.rawPayload).Sheets.Nutzer!;
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
    // customers' admins see no company column
    expect(rows[0]).toEqual(['Nachname', 'Vorname', 'E-Mail', 'Anzahl Anmeldungen', 'Letzte Anmeldung']);
    expect(rows.length).toBeGreaterThan(1);
  });
});

describe('GET /api/user/company', () => {
  it('lists the users of a visible company; 404 for an unknown one for a customer admin', async () => {
    const response = await as(ctx.app, customerAdmin, {
      method: 'GET',
      url: `/api/user/company?companyId=${customerCompanyId}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().every((user: { companyId: string }) => user.companyId === customerCompanyId)).toBe(
      true,
    );
    const missing = await as(ctx.app, customerAdmin, {
      method: 'GET',
      url: '/api/user/company?companyId=00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });
  it('400 for a malformed id', async () => {
    expect(
      (await as(ctx.app, operator, { method: 'GET', url: '/api/user/company?companyId=abc' })).statusCode,
    ).toBe(400);
  });
});
