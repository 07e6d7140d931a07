import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema';
import { mailHeader, mailText, readMailsTo } from '../../mail/testing/read-mail';
import { createMatrixWorld, type MatrixActor, type MatrixWorld, sessionOf } from '../../test/actors';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories';
import { expectChangedMeanwhile } from '../../test/lost-update';
import { as, createTestApp, signIn, TEST_ORIGIN, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let world: MatrixWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  world = await createMatrixWorld(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

/** The company's lastUpdate as its form would have loaded it. */
async function loadedLastUpdate(id: string): Promise<string> {
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, id));
  return row!.updatedAt.toISOString();
}

const validCompany = {
  name: 'Elektro Nord GmbH',
  type: 'SUPPLIER',
  street: 'Hafenstraße',
  houseNo: '7',
  zip: '20457',
  city: 'Hamburg',
  additionalInfo: '',
};

/** SPEC §6 authorization matrix for the company endpoints, written out per actor. */
const MATRIX: Record<MatrixActor, number> = {
  adminAdmin: 200,
  adminStaff: 403,
  customerAdmin: 403,
  customerStaff: 403,
  supplierAdmin: 403,
  external: 403,
  signedOut: 401,
};

describe('authorization matrix (every company endpoint x every actor)', () => {
  const endpoints = [
    {
      name: 'GET /api/company/',
      call: (w: MatrixWorld) => ({
        method: 'GET' as const,
        url: `/api/company/?id=${w.ids.customerCompanyId}`,
      }),
    },
    { name: 'GET /api/company/all', call: () => ({ method: 'GET' as const, url: '/api/company/all' }) },
    {
      name: 'POST /api/company/',
      call: () => ({ method: 'POST' as const, url: '/api/company/', payload: validCompany }),
      created: true,
    },
    {
      name: 'POST /api/company/update',
      call: async (w: MatrixWorld) => ({
        method: 'POST' as const,
        url: '/api/company/update',
        payload: {
          ...validCompany,
          type: 'CUSTOMER',
          customerNumber: 'K-1',
          id: w.ids.customerCompanyId,
          lastUpdate: await loadedLastUpdate(w.ids.customerCompanyId),
        },
      }),
    },
    {
      name: 'POST /api/company/delete',
      // deleting the operator's own company is refused but answered 200 with it in `failed`
      call: (w: MatrixWorld) => ({
        method: 'POST' as const,
        url: `/api/company/delete?companyId=${w.ids.operatorCompanyId}`,
      }),
    },
  ];
  for (const endpoint of endpoints) {
    for (const [actor, expected] of Object.entries(MATRIX) as [MatrixActor, number][]) {
      it(`${endpoint.name} as ${actor} -> ${expected === 200 && endpoint.created ? 201 : expected}`, async () => {
        const response = await as(ctx.app, sessionOf(world, actor), await endpoint.call(world));
        expect(response.statusCode).toBe(expected === 200 && endpoint.created ? 201 : expected);
      });
    }
  }
});

describe('GET /api/company/all', () => {
  it('searches, filters by type, pages and derives the status', async () => {
    const pending = await createCompany(ctx.db, {
      name: 'Zeta Schaltanlagen',
      type: 'CUSTOMER',
      pendingRegistration: true,
    });
    await createCompany(ctx.db, { name: 'Zeta Elektro', type: 'SUPPLIER', active: false });
    const response = await as(ctx.app, world.sessions.adminAdmin, {
      method: 'GET',
      url: '/api/company/all?search=zeta&paginationSize=1&page=0',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalElements).toBe(2);
    expect(body.content).toHaveLength(1);
    expect(body.content[0].name).toBe('Zeta Elektro');
    const customers = await as(ctx.app, world.sessions.adminAdmin, {
      method: 'GET',
      url: '/api/company/all?search=zeta&type=CUSTOMER',
    });
    expect(customers.json().content.map((c: { id: string }) => c.id)).toEqual([pending.id]);
    expect(customers.json().content[0].pendingRegistration).toBe(true);
  });

  it('400 for an unknown type filter', async () => {
    const response = await as(ctx.app, world.sessions.adminAdmin, {
      method: 'GET',
      url: '/api/company/all?type=KING',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/company/ and update', () => {
  it('creates with an audit entry, 201', async () => {
    const response = await as(ctx.app, world.sessions.adminAdmin, {
      method: 'POST',
      url: '/api/company/',
      payload: validCompany,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'Elektro Nord GmbH',
      type: 'SUPPLIER',
      active: true,
      customerNumber: null,
    });
    expect(body.changeEntries.map((entry: { field: string }) => entry.field)).toContain('name');
  });

  it('400 for missing required fields, naming them', async () => {
    const response = await as(ctx.app, world.sessions.adminAdmin, {
      method: 'POST',
      url: '/api/company/',
      payload: { ...validCompany, name: ' ', zip: '' },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['body.name', 'body.zip']));
  });

  it('400 for a customer without customer number', async () => {
    const response = await as(ctx.app, world.sessions.adminAdmin, {
      method: 'POST',
      url: '/api/company/',
      payload: { ...validCompany, type: 'CUSTOMER' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].message).toBe('Kundennummer ist für Kunden ein Pflichtfeld.');
  });

  it('400 for type EXTERNAL (not selectable)', async () => {
    const response = await as(ctx.app, world.sessions.adminAdmin, {
      method: 'POST',
      url: '/api/company/',
      payload: { ...validCompany, type: 'EXTERNAL' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('update records who changed what; 404 for an unknown id', async () => {
    const company = await createCompany(ctx.db, { type: 'SUPPLIER', city: 'Bremen' });
    const response = await as(ctx.app, world.sessions.adminAdmin, {
      method: 'POST',
      url: '/api/company/update',
      payload: {
        ...validCompany,
        id: company.id,
        lastUpdate: company.updatedAt.toISOString(),
        name: company.name,
        city: 'Kiel',
      },
    });
    expect(response.statusCode).toBe(200);
    const entry = response.json().changeEntries.find((change: { field: string }) => change.field === 'city');
    expect(entry).toMatchObject({ oldValue: 'Bremen', newValue: 'Kiel' });
    expect(entry.userName).toMatch(/^Test Nutzer-/);
    const missing = await as(ctx.app, world.sessions.adminAdmin, {
      method: 'POST',
      url: '/api/company/update',
      payload: {
        ...validCompany,
        id: '00000000-0000-4000-8000-000000000000',
        lastUpdate: company.updatedAt.toISOString(),
      },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('no lost update: the second of two saves from the same loaded state is refused, the first kept', async () => {
    const company = await createCompany(ctx.db, { type: 'SUPPLIER', city: 'Bremen' });
    const otherOperator = await createUser(ctx.db, { companyId: world.ids.operatorCompanyId, admin: true });
    const other = await signIn(ctx.app, otherOperator.email);
    const read = async () =>
      (
        await as(ctx.app, world.sessions.adminAdmin, { method: 'GET', url: `/api/company/?id=${company.id}` })
      ).json();
    const form = (loaded: Record<string, unknown>, changes: object) => {
      const { address, ...fields } = loaded as { address: object };
      return {
        ...validCompany,
        ...address,
        ...fields,
        ...changes,
        id: company.id,
        name: company.name,
        type: 'SUPPLIER',
      };
    };
    const loaded = await read();
    const save = (session: typeof other, payload: object) =>
      as(ctx.app, session, { method: 'POST', url: '/api/company/update', payload });

    const first = await save(world.sessions.adminAdmin, form(loaded, { city: 'Kiel' }));
    expect(first.statusCode).toBe(200);
    const second = await save(other, form(loaded, { additionalInfo: 'Rahmenvertrag' }));
    await expectChangedMeanwhile(ctx.db, second, world.sessions.adminAdmin.userId);
    const kept = await read();
    expect(kept).toMatchObject({
      address: { city: 'Kiel' },
      additionalInfo: '',
      lastUpdate: first.json().lastUpdate,
    });

    const fresh = await save(other, form(first.json(), { additionalInfo: 'Rahmenvertrag' }));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ address: { city: 'Kiel' }, additionalInfo: 'Rahmenvertrag' });
    const again = await save(other, form(fresh.json(), { additionalInfo: 'Rahmenvertrag 2027' }));
    expect(again.statusCode).toBe(200);
  });
});

describe('POST /api/company/delete', () => {
  it('sets companies inactive; their users can no longer sign in or use a session', async () => {
    const company = await createCompany(ctx.db, { type: 'SUPPLIER' });
    const user = await createUser(ctx.db, { companyId: company.id });
    const session = await signIn(ctx.app, user.email);
    const response = await as(ctx.app, world.sessions.adminAdmin, {
      method: 'POST',
      url: `/api/company/delete?companyId=${company.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: [company.id], failed: [] });
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row?.active).toBe(false);
    expect((await as(ctx.app, session, { method: 'GET', url: '/api/auth/session' })).json()).toBeNull();
    const signInAgain = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.9.9.9',
    });
    expect(signInAgain.statusCode).toBe(403);
  });

  it('refuses to deactivate the own company and reports it as failed', async () => {
    const response = await as(ctx.app, world.sessions.adminAdmin, {
      method: 'POST',
      url: `/api/company/delete?companyId=${world.ids.operatorCompanyId}`,
    });
    expect(response.json()).toEqual({ deleted: [], failed: [world.ids.operatorCompanyId] });
  });

  it('400 for ids that are not uuids', async () => {
    const response = await as(ctx.app, world.sessions.adminAdmin, {
      method: 'POST',
      url: '/api/company/delete?companyId=abc',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/company/release', () => {
  it('clears pendingRegistration; the company user reaches the portal', async () => {
    const company = await createCompany(ctx.db, { type: 'CUSTOMER', pendingRegistration: true });
    const user = await createUser(ctx.db, { companyId: company.id, admin: true });
    const session = await signIn(ctx.app, user.email);
    const before = await as(ctx.app, session, {
      method: 'GET',
      url: `/api/user/update/counter?userId=${user.id}`,
    });
    expect(before.statusCode).toBe(200);
    const gated = await as(ctx.app, session, { method: 'GET', url: '/api/company/all' });
    expect(gated.json().code).toBe('REGISTRATION_PENDING');
    const response = await as(ctx.app, world.sessions.adminAdmin, {
      method: 'POST',
      url: `/api/company/release?id=${company.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().pendingRegistration).toBe(false);
    const again = await as(ctx.app, world.sessions.adminAdmin, {
      method: 'POST',
      url: `/api/company/release?id=${company.id}`,
    });
    expect(again.statusCode).toBe(409);
    // the company's users are mailed that they can now work, and they can
    await ctx.drainJobs();
    const [mail] = readMailsTo(ctx.mailDir, user.email);
    expect(mailHeader(mail!, 'Subject')).toBe('Ihr Unternehmen ist freigeschaltet – Schaltschrank-Portal');
    expect(mailText(mail!)).toContain(company.name);
    const works = await as(ctx.app, session, { method: 'GET', url: '/api/user/all' });
    expect(works.statusCode).toBe(200);
  });

  it('403 for a customer admin, 404 for an unknown company', async () => {
    const company = await createCompany(ctx.db, { type: 'CUSTOMER', pendingRegistration: true });
    const forbidden = await as(ctx.app, world.sessions.customerAdmin, {
      method: 'POST',
      url: `/api/company/release?id=${company.id}`,
    });
    expect(forbidden.statusCode).toBe(403);
    const missing = await as(ctx.app, world.sessions.adminAdmin, {
      method: 'POST',
      url: '/api/company/release?id=00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });
});
