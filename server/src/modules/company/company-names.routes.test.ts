import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, createCompany } from '../../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let staff: Session;
let customerAdmin: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createActor(ctx.db, 'ADMIN', { admin: true });
  const staffActor = await createActor(ctx.db, 'ADMIN', { companyId: admin.company.id });
  staff = await signIn(ctx.app, staffActor.user.email);
  const customer = await createActor(ctx.db, 'CUSTOMER', { admin: true });
  customerAdmin = await signIn(ctx.app, customer.user.email);
});
afterAll(() => ctx.close());

describe('GET /api/company/names: the company filter of the user list', () => {
  it("gives the operator's staff every company's name, also inactive ones", async () => {
    const active = await createCompany(ctx.db, { name: 'Aktiv Schaltschrankbau GmbH' });
    const inactive = await createCompany(ctx.db, { name: 'Ruhend Elektro KG', active: false });
    const response = await as(ctx.app, staff, { method: 'GET', url: '/api/company/names' });
    expect(response.statusCode).toBe(200);
    const names = response.json() as { id: string; name: string; active: boolean }[];
    expect(names).toEqual(
      expect.arrayContaining([
        { id: active.id, name: 'Aktiv Schaltschrankbau GmbH', active: true },
        { id: inactive.id, name: 'Ruhend Elektro KG', active: false },
      ]),
    );
    expect(Object.keys(names[0]!).sort()).toEqual(['active', 'id', 'name']);
  });

  it('is refused to a customer (403) and without a session (401)', async () => {
    expect((await as(ctx.app, customerAdmin, { method: 'GET', url: '/api/company/names' })).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/company/names' })).statusCode).toBe(401);
  });
});
