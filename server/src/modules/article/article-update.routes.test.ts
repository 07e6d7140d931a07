import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActor,
  createArticle,
  createManufacturer,
  createUser,
  createWholesaler,
} from '../../test/factories';
import { expectChangedMeanwhile } from '../../test/lost-update';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin: Session;
let operatorCompanyId: string;
let wago: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  const operator = await createActor(ctx.db, 'ADMIN', { admin: true });
  operatorCompanyId = operator.company.id;
  admin = await signIn(ctx.app, operator.user.email);
  wago = await createManufacturer(ctx.db, { displayName: 'WAGO' });
});
afterAll(() => ctx.close());

function post(url: string, payload: unknown) {
  return as(ctx.app, admin, { method: 'POST', url, payload: payload as Record<string, unknown> });
}

describe('POST /api/article/update', () => {
  it('changes the article, rewrites its lists and records the history', async () => {
    const wholesaler = await createWholesaler(ctx.db);
    const created = (
      await post('/api/article/', {
        manufacturerId: wago.id,
        orderNumber: '2002-1201',
        description: 'Durchgangsklemme',
        possibleOrderNumbers: ['2002-1201-OLD'],
      })
    ).json();
    const response = await post('/api/article/update', {
      id: created.id,
      lastUpdate: created.lastUpdate,
      manufacturerId: wago.id,
      orderNumber: '2002-1201',
      description: 'Durchgangsklemme 2,5 mm², grau',
      listPrice: 0.89,
      priceUnitSize: 100,
      possibleOrderNumbers: ['2002-1201-NEW'],
      wholesalerInfos: [{ wholesalerId: wholesaler.id, purchasePrice: 55 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const article = response.json();
    expect(article.possibleOrderNumbers).toEqual(['2002-1201-NEW']);
    expect(article.calculatedPurchasePricePerPiece).toBe(0.0089);
    const description = article.changeEntries.find(
      (entry: { field: string }) => entry.field === 'description',
    );
    expect(description).toMatchObject({
      oldValue: 'Durchgangsklemme',
      newValue: 'Durchgangsklemme 2,5 mm², grau',
    });
    const alternatives = article.changeEntries.find(
      (entry: { field: string; oldValue: string | null }) =>
        entry.field === 'possibleOrderNumbers' && entry.oldValue,
    );
    expect(alternatives).toMatchObject({ oldValue: '2002-1201-OLD', newValue: '2002-1201-NEW' });
    // the old alternative is free again
    expect(
      (await post('/api/article/', { manufacturerId: wago.id, orderNumber: '2002-1201-OLD' })).statusCode,
    ).toBe(201);
  });

  it('answers 409 for a taken number, 417 for missing values, 404 for an unknown article', async () => {
    const first = await createArticle(ctx.db, { manufacturerId: wago.id, orderNumber: 'U-1' });
    const second = await createArticle(ctx.db, { manufacturerId: wago.id, orderNumber: 'U-2' });
    const conflict = await post('/api/article/update', {
      id: second.id,
      lastUpdate: second.updatedAt.toISOString(),
      manufacturerId: wago.id,
      orderNumber: 'U-1',
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('ARTICLE_CONFLICT');
    // keeping its own number is no conflict
    const kept = await post('/api/article/update', {
      id: first.id,
      lastUpdate: first.updatedAt.toISOString(),
      manufacturerId: wago.id,
      orderNumber: 'U-1',
    });
    expect(kept.statusCode).toBe(200);
    const missing = await post('/api/article/update', {
      id: first.id,
      lastUpdate: kept.json().lastUpdate,
      manufacturerId: wago.id,
      orderNumber: ' ',
    });
    expect(missing.statusCode).toBe(417);
    const unknown = await post('/api/article/update', {
      id: '00000000-0000-4000-8000-000000000000',
      lastUpdate: kept.json().lastUpdate,
      manufacturerId: wago.id,
      orderNumber: 'U-9',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /api/article/update: no lost update', () => {
  it('refuses the second of two saves from the same loaded state and keeps the first', async () => {
    const { id } = await createArticle(ctx.db, {
      manufacturerId: wago.id,
      orderNumber: 'LU-1',
      listPrice: 10,
    });
    const otherOperator = await createUser(ctx.db, { companyId: operatorCompanyId, admin: true });
    const other = await signIn(ctx.app, otherOperator.email);
    const read = async () =>
      (await as(ctx.app, admin, { method: 'GET', url: `/api/article/?id=${id}` })).json();
    const form = (loaded: Record<string, unknown>, changes: object) => ({
      id,
      lastUpdate: loaded.lastUpdate,
      manufacturerId: wago.id,
      orderNumber: 'LU-1',
      description: loaded.description,
      listPrice: loaded.listPrice,
      ...changes,
    });
    const save = (session: Session, payload: object) =>
      as(ctx.app, session, { method: 'POST', url: '/api/article/update', payload });
    const loaded = await read();

    const first = await save(admin, form(loaded, { listPrice: 12.5 }));
    expect(first.statusCode, first.body).toBe(200);
    const second = await save(other, form(loaded, { description: 'Leistungsschutzschalter' }));
    await expectChangedMeanwhile(ctx.db, second, admin.userId);
    expect(await read()).toMatchObject({
      listPrice: 12.5,
      description: loaded.description,
      lastUpdate: first.json().lastUpdate,
    });

    const fresh = await save(other, form(first.json(), { description: 'Leistungsschutzschalter' }));
    expect(fresh.json()).toMatchObject({ listPrice: 12.5, description: 'Leistungsschutzschalter' });
    const again = await save(other, form(fresh.json(), { listPrice: 13 }));
    expect(again.json().listPrice).toBe(13);
  });
});
