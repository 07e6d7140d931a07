import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActor,
  createDiscountGroup,
  createManufacturer,
  createUser,
  createWholesaler,
} from '../../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin: Session;
let colleagueAdmin: Session;
let staff: Session;
let otherSupplier: Session;
let customer: Session;
let operator: Session;
let wholesalerId: string;
let groupA: string;
let groupB: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.db;
  const supplier = await createActor(db, 'SUPPLIER', { admin: true });
  const colleague = await createUser(db, { companyId: supplier.company.id, admin: true });
  const staffUser = await createUser(db, { companyId: supplier.company.id });
  const other = await createActor(db, 'SUPPLIER', { admin: true });
  const customerActor = await createActor(db, 'CUSTOMER', { admin: true });
  const operatorActor = await createActor(db, 'ADMIN', { admin: true });
  admin = await signIn(ctx.app, supplier.user.email);
  colleagueAdmin = await signIn(ctx.app, colleague.email);
  staff = await signIn(ctx.app, staffUser.email);
  otherSupplier = await signIn(ctx.app, other.user.email);
  customer = await signIn(ctx.app, customerActor.user.email);
  operator = await signIn(ctx.app, operatorActor.user.email);
  wholesalerId = (await createWholesaler(db, { displayName: 'Sonepar' })).id;
  const phoenix = await createManufacturer(db, { displayName: 'Phoenix Contact' });
  groupA = (await createDiscountGroup(db, { manufacturerId: phoenix.id, displayName: 'PG 1', percent: 40 }))
    .id;
  groupB = (await createDiscountGroup(db, { manufacturerId: phoenix.id, displayName: 'PG 2', percent: 25 }))
    .id;
});
afterAll(async () => ctx.close());

const get = (session: Session | null) =>
  as(ctx.app, session, { method: 'GET', url: '/api/pricing/settings' });
const put = (session: Session | null, payload: object) =>
  as(ctx.app, session, { method: 'PUT', url: '/api/pricing/settings', payload });

const body = (lastUpdate: string | null, extra: object = {}) => ({
  wholesalerId,
  markupPercent: 12.5,
  discounts: [{ discountGroupId: groupA, percent: 52 }],
  lastUpdate,
  ...extra,
});

describe('GET/PUT /api/pricing/settings', () => {
  it('401 signed out; 403 for customers, the operator and non-admin supplier users', async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await put(null, body(null))).statusCode).toBe(401);
    for (const session of [customer, operator, staff]) {
      expect((await get(session)).statusCode).toBe(403);
      expect((await put(session, body(null))).statusCode).toBe(403);
    }
  });

  it('400 for a markup out of range, a bad percent, a doubled group, an unknown group or wholesaler', async () => {
    for (const payload of [
      body(null, { markupPercent: -1 }),
      body(null, { markupPercent: 1000.5 }),
      body(null, { markupPercent: 10.123 }),
      body(null, { discounts: [{ discountGroupId: groupA, percent: 101 }] }),
      body(null, {
        discounts: [
          { discountGroupId: groupA, percent: 10 },
          { discountGroupId: groupA, percent: 20 },
        ],
      }),
      body(null, { discounts: [{ discountGroupId: randomUUID(), percent: 10 }] }),
      body(null, { wholesalerId: randomUUID() }),
      body(null, { wholesalerId: 'Sonepar' }),
    ]) {
      const response = await put(admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[äöüÄÖÜß]|Bitte|Rabatt|Großhändler|Eingaben/);
    }
  });

  it('200: empty before the first save, saved by an admin, read by a colleague; another supplier sees its own', async () => {
    const before = await get(admin);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      wholesalerId: null,
      markupPercent: 0,
      discounts: [],
      lastUpdate: null,
    });
    expect(before.json().wholesalers).toContainEqual({ id: wholesalerId, displayName: 'Sonepar' });
    expect(before.json().discountGroups).toContainEqual({
      id: groupA,
      displayName: 'PG 1',
      manufacturerName: 'Phoenix Contact',
      percent: 40,
    });

    const saved = await put(admin, body(null));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      wholesalerId,
      markupPercent: 12.5,
      discounts: [{ discountGroupId: groupA, percent: 52 }],
    });
    expect(saved.json().lastUpdate).not.toBeNull();

    const read = (await get(colleagueAdmin)).json();
    expect(read).toMatchObject({ wholesalerId, markupPercent: 12.5 });
    // The other supplier's settings are its own: nothing of these.
    expect((await get(otherSupplier)).json()).toMatchObject({
      wholesalerId: null,
      markupPercent: 0,
      discounts: [],
    });

    // A second save replaces the discounts as a whole and clears the wholesaler.
    const second = await put(
      colleagueAdmin,
      body(read.lastUpdate, { wholesalerId: null, discounts: [{ discountGroupId: groupB, percent: 30 }] }),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      wholesalerId: null,
      discounts: [{ discountGroupId: groupB, percent: 30 }],
    });
  });

  it('409 on a save based on an outdated state (a colleague saved since), nothing changes', async () => {
    const loaded = (await get(admin)).json();
    const first = await put(colleagueAdmin, body(loaded.lastUpdate, { markupPercent: 20 }));
    expect(first.statusCode, first.body).toBe(200);
    const stale = await put(admin, body(loaded.lastUpdate, { markupPercent: 99 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CHANGED_MEANWHILE');
    // "Never saved" is outdated once a colleague saved.
    expect((await put(admin, body(null))).statusCode).toBe(409);
    expect((await get(admin)).json().markupPercent).toBe(20);
  });
});
