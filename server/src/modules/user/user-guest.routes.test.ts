import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEntries, sessions, users } from '../../db/schema';
import { readMailsTo } from '../../mail/testing/read-mail';
import { createActor, createCompany, createUser } from '../../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../test/test-app';

/**
 * ASVS 8.2.2, 8.4.1: an external guest is never taken over by a tenant; only the
 * operator's admins assign it to a company (SPEC §5), a change of company ends the user's sessions, and
 * no response carries the history of another tenant.
 */
let ctx: TestContext;
let operator: Session;
let customerAdmin: Session;
let supplierAdmin: Session;
let customerCompanyId: string;
let supplierCompanyId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  operator = await signIn(ctx.app, (await createActor(ctx.db, 'ADMIN', { admin: true })).user.email);
  const customer = await createActor(ctx.db, 'CUSTOMER', { admin: true });
  customerCompanyId = customer.company.id;
  customerAdmin = await signIn(ctx.app, customer.user.email);
  const supplier = await createActor(ctx.db, 'SUPPLIER', { admin: true });
  supplierCompanyId = supplier.company.id;
  supplierAdmin = await signIn(ctx.app, supplier.user.email);
});
afterAll(() => ctx.close());

const person = (mail: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Greta',
  lastname: 'Gerber',
  mail,
  phoneNumber: '+49 711-123 456',
  admin: false,
  ...overrides,
});

/** A guest of an EXTERNAL company, signed in, with one change in its history made while it was a guest. */
async function createGuest() {
  const guests = await createCompany(ctx.db, { type: 'EXTERNAL' });
  const guest = await createUser(ctx.db, { companyId: guests.id });
  const rename = await as(ctx.app, operator, {
    method: 'POST',
    url: '/api/user/update',
    payload: {
      ...person(guest.email, { lastname: 'Gastzeit' }),
      id: guest.id,
      lastUpdate: guest.updatedAt.toISOString(),
      companyId: guests.id,
    },
  });
  expect(rename.statusCode).toBe(200);
  return { guest, guestCompanyId: guests.id, session: await signIn(ctx.app, guest.email) };
}

async function sessionAlive(session: Session): Promise<boolean> {
  const response = await as(ctx.app, session, { method: 'GET', url: '/api/auth/session' });
  return response.statusCode === 200 && response.json() !== null;
}

async function historyCount(userId: string): Promise<number> {
  return (await ctx.db.select().from(changeEntries).where(eq(changeEntries.entityId, userId))).length;
}

describe("POST /api/user/ with an external guest's address", () => {
  for (const [label, admin] of [
    ['customer', () => customerAdmin],
    ['supplier', () => supplierAdmin],
  ] as const) {
    it(`a ${label} admin gets 202 with the notice only; guest, session and history stay as they were`, async () => {
      const { guest, guestCompanyId, session } = await createGuest();
      const entries = await historyCount(guest.id);
      const response = await as(ctx.app, admin(), {
        method: 'POST',
        url: '/api/user/',
        payload: person(guest.email.toUpperCase(), { name: 'Fremd', lastname: 'Zugriff' }),
      });
      expect(response.statusCode).toBe(202);
      // nothing of the guest (id, name, history) in the answer
      expect(response.json()).toEqual({ externalGuest: true });
      const [stored] = await ctx.db.select().from(users).where(eq(users.id, guest.id));
      expect(stored).toMatchObject({ companyId: guestCompanyId, name: 'Greta', lastname: 'Gastzeit' });
      expect(await sessionAlive(session)).toBe(true);
      expect(await historyCount(guest.id)).toBe(entries);
      await ctx.drainJobs();
      expect(readMailsTo(ctx.mailDir, guest.email)).toHaveLength(0);
    });
  }

  it('the operator assigns the guest (200): moved, its open sessions end, its password still works', async () => {
    const { guest, session } = await createGuest();
    const response = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/user/',
      payload: person(guest.email, { companyId: customerCompanyId }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: guest.id,
      companyId: customerCompanyId,
      assignedExternal: true,
    });
    expect(await sessionAlive(session)).toBe(false);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, guest.id))).toHaveLength(0);
    const again = await signIn(ctx.app, guest.email);
    expect(again.userId).toBe(guest.id);
  });
});

describe('POST /api/user/update: a change of company', () => {
  it("ends the user's sessions; a change within the company keeps them", async () => {
    const user = await createUser(ctx.db, { companyId: customerCompanyId });
    const session = await signIn(ctx.app, user.email);
    const rename = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/user/update',
      payload: {
        ...person(user.email, { lastname: 'Neu' }),
        id: user.id,
        lastUpdate: user.updatedAt.toISOString(),
        companyId: customerCompanyId,
      },
    });
    expect(rename.statusCode).toBe(200);
    expect(await sessionAlive(session)).toBe(true);
    const move = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/user/update',
      payload: {
        ...person(user.email),
        id: user.id,
        lastUpdate: rename.json().lastUpdate,
        companyId: supplierCompanyId,
      },
    });
    expect(move.statusCode).toBe(200);
    expect(move.json().companyId).toBe(supplierCompanyId);
    expect(await sessionAlive(session)).toBe(false);
  });

  it("a customer admin cannot move a user into another company (403) and the user's session stays", async () => {
    const user = await createUser(ctx.db, { companyId: customerCompanyId });
    const session = await signIn(ctx.app, user.email);
    const response = await as(ctx.app, customerAdmin, {
      method: 'POST',
      url: '/api/user/update',
      payload: {
        ...person(user.email),
        id: user.id,
        lastUpdate: user.updatedAt.toISOString(),
        companyId: supplierCompanyId,
      },
    });
    expect(response.statusCode).toBe(403);
    expect(await sessionAlive(session)).toBe(true);
  });
});

describe("history of a user who came from another company (no other tenant's history)", () => {
  it("the new company's admin sees only what happened since the move; the operator sees all", async () => {
    const { guest } = await createGuest();
    const assign = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/user/',
      payload: person(guest.email, { companyId: customerCompanyId }),
    });
    expect(assign.statusCode).toBe(200);
    const values = (body: { changeEntries: { oldValue: string | null; newValue: string | null }[] }) =>
      body.changeEntries.flatMap((entry) => [entry.oldValue, entry.newValue]);
    expect(values(assign.json())).toContain('Gastzeit');

    const get = await as(ctx.app, customerAdmin, { method: 'GET', url: `/api/user/?id=${guest.id}` });
    expect(get.statusCode).toBe(200);
    expect(get.json().changeEntries).toEqual([]);

    const update = await as(ctx.app, customerAdmin, {
      method: 'POST',
      url: '/api/user/update',
      payload: person(guest.email, {
        id: guest.id,
        lastUpdate: assign.json().lastUpdate,
        phoneNumber: '+49 711 999',
      }),
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().changeEntries.map((entry: { field: string }) => entry.field)).toEqual([
      'phoneNumber',
    ]);
    expect(values(update.json())).not.toContain('Gastzeit');

    const operatorView = await as(ctx.app, operator, { method: 'GET', url: `/api/user/?id=${guest.id}` });
    const fields = operatorView.json().changeEntries.map((entry: { field: string }) => entry.field);
    expect(fields).toEqual(expect.arrayContaining(['phoneNumber', 'companyId', 'lastname']));
  });

  it("a user created in the company keeps its whole history for the company's admin", async () => {
    const created = await as(ctx.app, customerAdmin, {
      method: 'POST',
      url: '/api/user/',
      payload: person('eigene.kollegin@test.local'),
    });
    expect(created.statusCode).toBe(201);
    const get = await as(ctx.app, customerAdmin, {
      method: 'GET',
      url: `/api/user/?id=${created.json().id}`,
    });
    expect(get.json().changeEntries.map((entry: { field: string }) => entry.field)).toEqual(
      expect.arrayContaining(['name', 'lastname', 'email', 'companyId']),
    );
  });
});
