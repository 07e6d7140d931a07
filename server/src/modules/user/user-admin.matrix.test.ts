import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createMatrixWorld, type MatrixActor, type MatrixWorld, sessionOf } from '../../test/actors';
import { createUser } from '../../test/factories';
import { loadedLastUpdate } from '../../test/lost-update';
import { as, createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let world: MatrixWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  world = await createMatrixWorld(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

let counter = 0;
const person = (companyId?: string) => ({
  name: 'Paul',
  lastname: 'Probe',
  mail: `matrix${++counter}@test.local`,
  phoneNumber: '+49 30 555-0',
  admin: false,
  ...(companyId ? { companyId } : {}),
});

type Call = (w: MatrixWorld) => Promise<InjectOptions> | InjectOptions;

/**
 * SPEC §6 user administration: every user endpoint x every actor, own and other tenant. The customer company is the
 * "own" tenant of customerAdmin/customerStaff; the supplier company is another tenant for them.
 */
const ROWS: { endpoint: string; call: Call; expected: Record<MatrixActor, number> }[] = [
  {
    endpoint: 'GET /api/user/ (user of the customer company)',
    call: (w) => ({ method: 'GET', url: `/api/user/?id=${w.ids.customerStaffUserId}` }),
    expected: {
      adminAdmin: 200,
      adminStaff: 200,
      customerAdmin: 200,
      customerStaff: 403,
      supplierAdmin: 404,
      external: 403,
      signedOut: 401,
    },
  },
  {
    endpoint: 'GET /api/user/ (user of the supplier company)',
    call: (w) => ({ method: 'GET', url: `/api/user/?id=${w.ids.supplierAdminUserId}` }),
    expected: {
      adminAdmin: 200,
      adminStaff: 200,
      customerAdmin: 404,
      customerStaff: 403,
      supplierAdmin: 200,
      external: 403,
      signedOut: 401,
    },
  },
  {
    endpoint: 'GET /api/user/all',
    call: () => ({ method: 'GET', url: '/api/user/all' }),
    expected: {
      adminAdmin: 200,
      adminStaff: 200,
      customerAdmin: 200,
      customerStaff: 403,
      supplierAdmin: 200,
      external: 403,
      signedOut: 401,
    },
  },
  {
    endpoint: 'GET /api/user/company (customer company)',
    call: (w) => ({ method: 'GET', url: `/api/user/company?companyId=${w.ids.customerCompanyId}` }),
    expected: {
      adminAdmin: 200,
      adminStaff: 200,
      customerAdmin: 200,
      customerStaff: 403,
      supplierAdmin: 404,
      external: 403,
      signedOut: 401,
    },
  },
  {
    endpoint: 'GET /api/user/lastlogin',
    call: () => ({ method: 'GET', url: '/api/user/lastlogin' }),
    expected: {
      adminAdmin: 200,
      adminStaff: 200,
      customerAdmin: 403,
      customerStaff: 403,
      supplierAdmin: 403,
      external: 403,
      signedOut: 401,
    },
  },
  {
    endpoint: 'GET /api/user/export',
    call: () => ({ method: 'GET', url: '/api/user/export?format=csv' }),
    expected: {
      adminAdmin: 200,
      adminStaff: 200,
      customerAdmin: 200,
      customerStaff: 403,
      supplierAdmin: 200,
      external: 403,
      signedOut: 401,
    },
  },
  {
    endpoint: 'POST /api/user/ (into the customer company)',
    call: (w) => ({ method: 'POST', url: '/api/user/', payload: person(w.ids.customerCompanyId) }),
    expected: {
      adminAdmin: 201,
      adminStaff: 403,
      customerAdmin: 201,
      customerStaff: 403,
      supplierAdmin: 403,
      external: 403,
      signedOut: 401,
    },
  },
  {
    endpoint: 'POST /api/user/update (user of the customer company)',
    call: async (w) => ({
      method: 'POST',
      url: '/api/user/update',
      payload: {
        ...person(),
        id: w.ids.customerStaffUserId,
        lastUpdate: await loadedLastUpdate(ctx.db, users, w.ids.customerStaffUserId),
      },
    }),
    expected: {
      adminAdmin: 200,
      adminStaff: 403,
      customerAdmin: 200,
      customerStaff: 403,
      supplierAdmin: 404,
      external: 403,
      signedOut: 401,
    },
  },
  {
    endpoint: 'POST /api/user/delete (a fresh user of the customer company)',
    call: async (w) => {
      const victim = await createUser(ctx.db, { companyId: w.ids.customerCompanyId });
      return { method: 'POST', url: `/api/user/delete?userId=${victim.id}` };
    },
    expected: {
      adminAdmin: 200,
      adminStaff: 403,
      customerAdmin: 200,
      customerStaff: 403,
      supplierAdmin: 404,
      external: 403,
      signedOut: 401,
    },
  },
];

describe('user endpoints x actors', () => {
  for (const row of ROWS) {
    for (const [actor, status] of Object.entries(row.expected) as [MatrixActor, number][]) {
      it(`${row.endpoint} as ${actor} -> ${status}`, async () => {
        const response = await as(ctx.app, sessionOf(world, actor), await row.call(world));
        expect(response.statusCode, response.body).toBe(status);
      });
    }
  }
});
