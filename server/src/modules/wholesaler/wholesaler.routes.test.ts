import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('wholesaler calls', () => {
  it('401 signed out, 403 for customers and for operator staff on changes', async () => {
    const { id, updatedAt } = await createWholesaler(ctx.db);
    for (const url of [`/api/wholesaler/?id=${id}`, '/api/wholesaler/all']) {
      expect((await get(null, url)).statusCode).toBe(401);
      expect((await get(s.customer, url)).statusCode).toBe(403);
      expect((await get(s.staff, url)).statusCode).toBe(200);
    }
    expect((await get(s.staff, `/api/wholesaler/delete?wholesalerIds=${id}`)).statusCode).toBe(403);
    expect((await post(s.staff, '/api/wholesaler/', { displayName: 'X' })).statusCode).toBe(403);
    const update = { id, displayName: 'X', lastUpdate: updatedAt.toISOString() };
    expect((await post(s.customer, '/api/wholesaler/update', update)).statusCode).toBe(403);
    expect((await post(s.staff, '/api/wholesaler/update', update)).statusCode).toBe(403);
    expect((await post(null, '/api/wholesaler/', { displayName: 'X' })).statusCode).toBe(401);
  });

  it('creates and updates; a name already used answers 412, a missing one 400', async () => {
    const created = await post(s.admin, '/api/wholesaler/', { displayName: ' Sonepar Deutschland ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ displayName: 'Sonepar Deutschland' });
    const duplicate = await post(s.admin, '/api/wholesaler/', { displayName: 'SONEPAR DEUTSCHLAND' });
    expect(duplicate.statusCode).toBe(412);
    expect(duplicate.json().code).toBe('WHOLESALER_NAME_TAKEN');
    const other = (await post(s.admin, '/api/wholesaler/', { displayName: 'Rexel Germany' })).json();
    expect(
      (await post(s.admin, '/api/wholesaler/update', { ...other, displayName: 'sonepar deutschland' }))
        .statusCode,
    ).toBe(412);
    // The refused rename changed nothing: the loaded lastUpdate still holds.
    expect(
      (await post(s.admin, '/api/wholesaler/update', { ...other, displayName: 'Rexel' })).json(),
    ).toMatchObject({
      displayName: 'Rexel',
    });
    expect((await post(s.admin, '/api/wholesaler/', { displayName: '' })).statusCode).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await post(s.admin, '/api/wholesaler/update', { ...other, id: missing, displayName: 'Neu' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(s.admin, '/api/wholesaler/update', { id: other.id, displayName: 'R' })).statusCode,
    ).toBe(400);
  });

  it('no lost update: the second of two saves from the same loaded state is refused, the first kept', async () => {
    const { id } = await createWholesaler(ctx.db, { displayName: 'Hagemeyer' });
    const loaded = (await get(s.otherAdmin, `/api/wholesaler/?id=${id}`)).json();
    const first = await post(s.admin, '/api/wholesaler/update', { ...loaded, displayName: 'Hagemeyer Nord' });
    expect(first.statusCode).toBe(200);
    const second = await post(s.otherAdmin, '/api/wholesaler/update', {
      ...loaded,
      displayName: 'Hagemeyer Süd',
    });
    await expectChangedMeanwhile(ctx.db, second, s.admin.userId);
    expect((await get(s.admin, `/api/wholesaler/?id=${id}`)).json()).toEqual(first.json());

    const fresh = await post(s.otherAdmin, '/api/wholesaler/update', {
      ...first.json(),
      displayName: 'Hagemeyer Süd',
    });
    expect(fresh.statusCode).toBe(200);
    const again = await post(s.otherAdmin, '/api/wholesaler/update', {
      ...fresh.json(),
      displayName: 'Hagemeyer',
    });
    expect(again.json()).toMatchObject({ displayName: 'Hagemeyer' });
  });

  it('counts article infos and refuses deleting a wholesaler in use', async () => {
    const used = await createWholesaler(ctx.db, { displayName: 'FEGA & Schmitt' });
    const inGroup = await createWholesaler(ctx.db, { displayName: 'Zajadacz' });
    const unused = await createWholesaler(ctx.db, { displayName: 'Elektro-Union' });
    await createArticle(ctx.db, { wholesalerInfos: [{ wholesalerId: used.id, orderNumber: 'F-1' }] });
    const manufacturer = await createManufacturer(ctx.db);
    await createDiscountGroup(ctx.db, {
      manufacturerId: manufacturer.id,
      wholesalerDiscounts: [{ wholesalerId: inGroup.id, percent: 5 }],
    });
    const list = (
      await get(s.admin, '/api/wholesaler/all?withAmount=true&column=usedByArticleAmount&sortDescending=true')
    ).json();
    expect(list.content[0]).toMatchObject({ id: used.id, usedByArticleAmount: 1 });
    const response = await get(
      s.admin,
      `/api/wholesaler/delete?wholesalerIds=${used.id},${inGroup.id},${unused.id}`,
    );
    expect(response.json()).toEqual({ deleted: [unused.id], failed: [used.id, inGroup.id] });
  });
});
