import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../db/schema';
import {
  createArticle,
  createDiscountGroup,
  createManufacturer,
  createWholesaler,
} from '../../test/factories';
import { createFieldValueSessions, type FieldValueSessions } from '../../test/field-value-sessions';
import { expectChangedMeanwhile } from '../../test/lost-update';
import { as, createTestApp, type Session, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let s: FieldValueSessions;
beforeAll(async () => {
  ctx = await createTestApp();
  s = await createFieldValueSessions(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const get = (session: Session | null, url: string) => as(ctx.app, session, { method: 'GET', url });
const post = (session: Session | null, url: string, payload: object) =>
  as(ctx.app, session, { method: 'POST', url, payload });

describe('access', () => {
  it('401 signed out, 403 for customers, 403 for operator staff on changes', async () => {
    const manufacturer = await createManufacturer(ctx.db);
    const a = await createDiscountGroup(ctx.db, { manufacturerId: manufacturer.id });
    const b = await createDiscountGroup(ctx.db, { manufacturerId: manufacturer.id });
    for (const url of [
      `/api/discountgroup/?id=${a.id}`,
      '/api/discountgroup/all',
      '/api/discountgroup/name?name=g',
    ]) {
      expect((await get(null, url)).statusCode).toBe(401);
      expect((await get(s.customer, url)).statusCode).toBe(403);
      expect((await get(s.staff, url)).statusCode).toBe(200);
    }
    for (const url of [
      `/api/discountgroup/delete?discountGroupIds=${a.id}`,
      `/api/discountgroup/combine?discountGroupIds=${a.id},${b.id}`,
      '/api/discountgroup/export',
    ]) {
      expect((await get(null, url)).statusCode).toBe(401);
      expect((await get(s.staff, url)).statusCode).toBe(403);
    }
    const body = { displayName: 'X', percent: 1, manufacturerId: manufacturer.id };
    expect((await post(null, '/api/discountgroup/', body)).statusCode).toBe(401);
    expect((await post(s.staff, '/api/discountgroup/', body)).statusCode).toBe(403);
    const { lastUpdate } = (await get(s.admin, `/api/discountgroup/?id=${a.id}`)).json();
    for (const session of [s.customer, s.staff]) {
      const update = { ...body, id: a.id, lastUpdate };
      expect((await post(session, '/api/discountgroup/update', update)).statusCode).toBe(403);
    }
  });
});

describe('create, update, search', () => {
  it('creates with wholesaler discounts and updates them', async () => {
    const manufacturer = await createManufacturer(ctx.db, { displayName: 'Lapp' });
    const sonepar = await createWholesaler(ctx.db, { displayName: 'Sonepar Deutschland' });
    const rexel = await createWholesaler(ctx.db, { displayName: 'Rexel Germany' });
    const created = await post(s.admin, '/api/discountgroup/', {
      displayName: 'Leitungen',
      nameVariants: ['LG 10'],
      percent: 42.5,
      manufacturerId: manufacturer.id,
      wholesalerDiscounts: [{ wholesalerId: sonepar.id, percent: 45 }],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      displayName: 'Leitungen',
      percent: 42.5,
      manufacturerName: 'Lapp',
      wholesalerDiscounts: [{ wholesalerId: sonepar.id, wholesalerName: 'Sonepar Deutschland', percent: 45 }],
    });
    const updated = await post(s.admin, '/api/discountgroup/update', {
      id: created.json().id,
      lastUpdate: created.json().lastUpdate,
      displayName: 'Leitungen',
      percent: 40,
      manufacturerId: manufacturer.id,
      wholesalerDiscounts: [{ wholesalerId: rexel.id, percent: 41.25 }],
    });
    expect(updated.json()).toMatchObject({
      percent: 40,
      nameVariants: [],
      wholesalerDiscounts: [{ wholesalerId: rexel.id, percent: 41.25 }],
    });

    // SPEC §3: the history shows the manufacturer and wholesalers by name, the percentages as recorded.
    const history = (await get(s.staff, `/api/discountgroup/?id=${created.json().id}`)).json().changeEntries;
    const changes = history
      .filter((entry: { oldValue: string | null }) => entry.oldValue !== null)
      .map(({ field, oldValue, newValue }: Record<string, string | null>) => ({ field, oldValue, newValue }));
    // One save's entries share one moment, so their order among each other is open.
    expect(changes).toHaveLength(3);
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'nameVariants', oldValue: 'LG 10', newValue: null },
        { field: 'percent', oldValue: '42.5', newValue: '40' },
        {
          field: 'wholesalerDiscounts',
          oldValue: 'Sonepar Deutschland 45',
          newValue: 'Rexel Germany 41.25',
        },
      ]),
    );
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'manufacturer', oldValue: null, newValue: 'Lapp' }),
      ]),
    );
  });

  it('no lost update: the second of two saves from the same loaded state is refused, the first kept', async () => {
    const manufacturer = await createManufacturer(ctx.db);
    const wholesaler = await createWholesaler(ctx.db);
    const { id } = await createDiscountGroup(ctx.db, { manufacturerId: manufacturer.id, percent: 30 });
    const loaded = (await get(s.otherAdmin, `/api/discountgroup/?id=${id}`)).json();
    const first = await post(s.admin, '/api/discountgroup/update', {
      ...loaded,
      wholesalerDiscounts: [{ wholesalerId: wholesaler.id, percent: 33 }],
    });
    expect(first.statusCode).toBe(200);
    const second = await post(s.otherAdmin, '/api/discountgroup/update', { ...loaded, percent: 35 });
    await expectChangedMeanwhile(ctx.db, second, s.admin.userId);
    expect((await get(s.admin, `/api/discountgroup/?id=${id}`)).json()).toMatchObject(first.json());

    const fresh = await post(s.otherAdmin, '/api/discountgroup/update', { ...first.json(), percent: 35 });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ percent: 35, wholesalerDiscounts: [{ percent: 33 }] });
    const again = await post(s.otherAdmin, '/api/discountgroup/update', { ...fresh.json(), percent: 36 });
    expect(again.json().percent).toBe(36);
  });

  it('400 for a percent outside 0-100 or twice the same wholesaler, 404 for an unknown manufacturer', async () => {
    const manufacturer = await createManufacturer(ctx.db);
    const wholesaler = await createWholesaler(ctx.db);
    for (const payload of [
      { displayName: 'A', percent: 101, manufacturerId: manufacturer.id },
      { displayName: 'A', percent: -1, manufacturerId: manufacturer.id },
      { displayName: 'A', manufacturerId: manufacturer.id },
      { displayName: 'A', percent: 5 },
      {
        displayName: 'A',
        percent: 5,
        manufacturerId: manufacturer.id,
        wholesalerDiscounts: [
          { wholesalerId: wholesaler.id, percent: 1 },
          { wholesalerId: wholesaler.id, percent: 2 },
        ],
      },
    ]) {
      expect((await post(s.admin, '/api/discountgroup/', payload)).statusCode, JSON.stringify(payload)).toBe(
        400,
      );
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await post(s.admin, '/api/discountgroup/', { displayName: 'A', percent: 5, manufacturerId: missing }))
        .statusCode,
    ).toBe(404);
  });

  it('names are unique per manufacturer only; the search can be limited to a manufacturer', async () => {
    const abb = await createManufacturer(ctx.db);
    const eaton = await createManufacturer(ctx.db);
    const first = await createDiscountGroup(ctx.db, { manufacturerId: abb.id, displayName: 'Schütze' });
    const taken = await post(s.admin, '/api/discountgroup/', {
      displayName: 'SCHÜTZE',
      percent: 5,
      manufacturerId: abb.id,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Diese Bezeichnung wird bereits verwendet.');
    const second = await post(s.admin, '/api/discountgroup/', {
      displayName: 'Schütze',
      percent: 5,
      manufacturerId: eaton.id,
    });
    expect(second.statusCode).toBe(201);
    const scoped = (
      await get(s.admin, `/api/discountgroup/name?name=schütze&manufacturerId=${abb.id}`)
    ).json();
    expect(scoped.map((g: { id: string }) => g.id)).toEqual([first.id]);
    const all = (await get(s.admin, '/api/discountgroup/name?name=schütz')).json();
    expect(all).toHaveLength(2);
    const list = (await get(s.admin, `/api/discountgroup/all?manufacturerId=${eaton.id}`)).json();
    expect(list).toMatchObject({ totalElements: 1, content: [{ id: second.json().id }] });
  });
});

describe('delete and combine', () => {
  it('refuses deleting a group used by an article', async () => {
    const manufacturer = await createManufacturer(ctx.db);
    const used = await createDiscountGroup(ctx.db, { manufacturerId: manufacturer.id });
    const unused = await createDiscountGroup(ctx.db, { manufacturerId: manufacturer.id });
    await createArticle(ctx.db, { manufacturerId: manufacturer.id, discountGroupId: used.id });
    const response = await get(s.admin, `/api/discountgroup/delete?discountGroupIds=${used.id},${unused.id}`);
    expect(response.json()).toEqual({ deleted: [unused.id], failed: [used.id] });
  });

  it('combines groups of one manufacturer: articles, names and missing wholesaler discounts move over', async () => {
    const manufacturer = await createManufacturer(ctx.db);
    const sonepar = await createWholesaler(ctx.db);
    const rexel = await createWholesaler(ctx.db);
    const survivor = await createDiscountGroup(ctx.db, {
      manufacturerId: manufacturer.id,
      displayName: 'A1',
      wholesalerDiscounts: [{ wholesalerId: sonepar.id, percent: 10 }],
    });
    const other = await createDiscountGroup(ctx.db, {
      manufacturerId: manufacturer.id,
      displayName: 'A2',
      nameVariants: ['A-zwei'],
      wholesalerDiscounts: [
        { wholesalerId: sonepar.id, percent: 20 },
        { wholesalerId: rexel.id, percent: 30 },
      ],
    });
    const article = await createArticle(ctx.db, {
      manufacturerId: manufacturer.id,
      discountGroupId: other.id,
    });
    const response = await get(
      s.admin,
      `/api/discountgroup/combine?discountGroupIds=${survivor.id},${other.id}`,
    );
    expect(response.json()).toEqual({ id: survivor.id, combined: 1 });
    const merged = (await get(s.admin, `/api/discountgroup/?id=${survivor.id}`)).json();
    expect(merged.nameVariants).toEqual(['A2', 'A-zwei']);
    expect(
      merged.wholesalerDiscounts
        .map((d: { wholesalerId: string; percent: number }) => [d.wholesalerId, d.percent])
        .sort(),
    ).toEqual(
      [
        [sonepar.id, 10],
        [rexel.id, 30],
      ].sort(),
    );
    const [row] = await ctx.db.select().from(articles).where(eq(articles.id, article.id));
    expect(row?.discountGroupId).toBe(survivor.id);
  });

  it('409 with the SPEC message for groups of different manufacturers', async () => {
    const a = await createDiscountGroup(ctx.db, { manufacturerId: (await createManufacturer(ctx.db)).id });
    const b = await createDiscountGroup(ctx.db, { manufacturerId: (await createManufacturer(ctx.db)).id });
    const response = await get(s.admin, `/api/discountgroup/combine?discountGroupIds=${a.id},${b.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Rabattgruppen unterschiedlicher Hersteller können nicht zusammengeführt werden.',
    );
    expect((await get(s.admin, `/api/discountgroup/?id=${b.id}`)).statusCode).toBe(200);
  });
});
