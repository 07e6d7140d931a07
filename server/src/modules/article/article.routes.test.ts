import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../db/schema';
import { createMatrixWorld, type MatrixActor, type MatrixWorld, sessionOf } from '../../test/actors';
import {
  createArticle,
  createDiscountGroup,
  createEclassEntry,
  createManufacturer,
  createUnit,
  createWholesaler,
} from '../../test/factories';
import { loadedLastUpdate } from '../../test/lost-update';
import { as, createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let world: MatrixWorld;
let siemens: { id: string };
let wago: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  world = await createMatrixWorld(ctx.app, ctx.db);
  siemens = await createManufacturer(ctx.db, { displayName: 'Siemens' });
  wago = await createManufacturer(ctx.db, { displayName: 'WAGO' });
});
afterAll(() => ctx.close());

const admin = () => world.sessions.adminAdmin;

function post(url: string, payload: unknown) {
  return as(ctx.app, admin(), { method: 'POST', url, payload: payload as Record<string, unknown> });
}

describe('authorization (operator admins write, operator staff read, everyone else 403)', () => {
  const READ: Record<MatrixActor, number> = {
    adminAdmin: 200,
    adminStaff: 200,
    customerAdmin: 403,
    customerStaff: 403,
    supplierAdmin: 403,
    external: 403,
    signedOut: 401,
  };
  const WRITE: Record<MatrixActor, number> = { ...READ, adminStaff: 403 };
  let articleId: string;
  beforeAll(async () => {
    articleId = (await createArticle(ctx.db, { manufacturerId: siemens.id, orderNumber: 'AUTH-1' })).id;
  });
  const endpoints = [
    {
      name: 'GET /api/article/',
      matrix: READ,
      call: () => ({ method: 'GET' as const, url: `/api/article/?id=${articleId}` }),
    },
    {
      name: 'GET /api/article/filter',
      matrix: READ,
      call: () => ({ method: 'GET' as const, url: '/api/article/filter' }),
    },
    {
      name: 'GET /api/article/search',
      matrix: READ,
      call: () => ({ method: 'GET' as const, url: '/api/article/search?searchTerm=AUTH' }),
    },
    {
      name: 'POST /api/article/',
      matrix: WRITE,
      status: 201,
      call: (actor: MatrixActor) => ({
        method: 'POST' as const,
        url: '/api/article/',
        payload: { manufacturerId: siemens.id, orderNumber: `NEW-${actor}` },
      }),
    },
    {
      name: 'POST /api/article/update',
      matrix: WRITE,
      call: async () => ({
        method: 'POST' as const,
        url: '/api/article/update',
        payload: {
          id: articleId,
          lastUpdate: await loadedLastUpdate(ctx.db, articles, articleId),
          manufacturerId: siemens.id,
          orderNumber: 'AUTH-1',
        },
      }),
    },
    {
      name: 'POST /api/article/delete',
      matrix: WRITE,
      call: () => ({
        method: 'POST' as const,
        url: '/api/article/delete?id=00000000-0000-4000-8000-000000000000',
      }),
    },
  ];
  for (const endpoint of endpoints) {
    for (const [actor, expected] of Object.entries(endpoint.matrix) as [MatrixActor, number][]) {
      const status = expected === 200 && endpoint.status ? endpoint.status : expected;
      it(`${endpoint.name} as ${actor} -> ${status}`, async () => {
        const response = await as(ctx.app, sessionOf(world, actor), await endpoint.call(actor));
        expect(response.statusCode, response.body).toBe(status);
      });
    }
  }
});

describe('POST /api/article/ (create)', () => {
  it('creates a manual article with every field, wholesaler prices, alternatives and history', async () => {
    const unit = await createUnit(ctx.db, { displayName: 'Stück' });
    const group = await createDiscountGroup(ctx.db, {
      manufacturerId: siemens.id,
      displayName: 'A1',
      percent: 35,
    });
    const eclass = await createEclassEntry(ctx.db, { eclassNumber: '27371001' });
    const wholesaler = await createWholesaler(ctx.db, { displayName: 'Sonepar' });
    const response = await post('/api/article/', {
      manufacturerId: siemens.id,
      orderNumber: ' 3RT2015-1BB41 ',
      manufacturerNumber: '3RT2015-1BB41',
      description: 'Schütz, 3-polig, 24 V DC',
      unitId: unit.id,
      priceUnitSize: 1,
      listPrice: 48.9,
      purchasePrice: 40,
      discountGroupId: group.id,
      eclass9_1Id: eclass.id,
      width: 4.5,
      height: 5.75,
      depth: 7.3,
      weight: 0.25,
      rohs: true,
      copperBaseValue: 150,
      manufacturerLink: 'https://mall.industry.siemens.com',
      wholesalerInfos: [{ wholesalerId: wholesaler.id, orderNumber: 'SON-4711', purchasePrice: 30.5 }],
      possibleOrderNumbers: [' 3RT20151BB41 '],
      possibleManufacturerNumbers: ['3RT2015-1BB41-ZX'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const article = response.json();
    expect(article).toMatchObject({
      manufacturerName: 'Siemens',
      orderNumber: '3RT2015-1BB41',
      unitName: 'Stück',
      discountGroupName: 'A1',
      discountPercent: 35,
      eclass9_1Id: eclass.id,
      articleImportSource: 'MANUAL',
      listPrice: 48.9,
      wholesalerInfos: [
        {
          wholesalerId: wholesaler.id,
          wholesalerName: 'Sonepar',
          orderNumber: 'SON-4711',
          purchasePrice: 30.5,
        },
      ],
      possibleOrderNumbers: ['3RT20151BB41'],
      possibleManufacturerNumbers: ['3RT2015-1BB41-ZX'],
      // 48.90 less 35 % = 31.785, lower than the purchase price of 40
      calculatedPurchasePricePerPiece: 31.785,
    });
    const fields = article.changeEntries.map((entry: { field: string }) => entry.field);
    expect(fields).toEqual(
      expect.arrayContaining(['manufacturer', 'orderNumber', 'unit', 'wholesalerInfos']),
    );
    expect(article.changeEntries.find((entry: { field: string }) => entry.field === 'unit').newValue).toBe(
      'Stück',
    );

    const loaded = await as(ctx.app, world.sessions.adminStaff, {
      method: 'GET',
      url: `/api/article/?id=${article.id}`,
    });
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json()).toEqual(article);
  });

  it('answers 417 without manufacturer or without any number', async () => {
    const noManufacturer = await post('/api/article/', { orderNumber: 'X-1' });
    expect(noManufacturer.statusCode).toBe(417);
    expect(noManufacturer.json().code).toBe('ARTICLE_MISSING_VALUES');
    const noNumber = await post('/api/article/', { manufacturerId: siemens.id, description: 'ohne Nummer' });
    expect(noNumber.statusCode).toBe(417);
    // a manufacturer number alone is enough
    expect(
      (await post('/api/article/', { manufacturerId: siemens.id, manufacturerNumber: 'ONLY-MN' })).statusCode,
    ).toBe(201);
  });

  it('answers 406 when a number is taken by another article of the manufacturer (also as alternative)', async () => {
    await createArticle(ctx.db, {
      manufacturerId: siemens.id,
      orderNumber: 'TAKEN-1',
      manufacturerNumber: 'TAKEN-MN',
    });
    const sameOrder = await post('/api/article/', { manufacturerId: siemens.id, orderNumber: 'taken-1' });
    expect(sameOrder.statusCode).toBe(406);
    expect(sameOrder.json().message).toContain('bereits vergeben');
    const asAlternative = await post('/api/article/', {
      manufacturerId: siemens.id,
      orderNumber: 'FREE-1',
      possibleManufacturerNumbers: ['TAKEN-MN'],
    });
    expect(asAlternative.statusCode).toBe(406);
    const created = await post('/api/article/', {
      manufacturerId: siemens.id,
      orderNumber: 'FREE-2',
      possibleOrderNumbers: ['ALT-FREE-2'],
    });
    expect(created.statusCode).toBe(201);
    const takenAlternative = await post('/api/article/', {
      manufacturerId: siemens.id,
      orderNumber: 'ALT-FREE-2',
    });
    expect(takenAlternative.statusCode).toBe(406);
    // the same number at another manufacturer is fine
    expect(
      (await post('/api/article/', { manufacturerId: wago.id, orderNumber: 'TAKEN-1' })).statusCode,
    ).toBe(201);
  });

  it('answers 400 for invalid values, duplicate alternatives and the own number as alternative', async () => {
    const negative = await post('/api/article/', {
      manufacturerId: siemens.id,
      orderNumber: 'NEG',
      width: -1,
    });
    expect(negative.statusCode).toBe(400);
    const tooPrecise = await post('/api/article/', {
      manufacturerId: siemens.id,
      orderNumber: 'PREC',
      width: 1.234,
    });
    expect(tooPrecise.statusCode).toBe(400);
    const own = await post('/api/article/', {
      manufacturerId: siemens.id,
      orderNumber: 'OWN-1',
      possibleOrderNumbers: ['own-1'],
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().issues[0].message).toBe(
      'Die Alternative darf nicht der eigenen Nummer des Artikels entsprechen.',
    );
    const twice = await post('/api/article/', {
      manufacturerId: siemens.id,
      orderNumber: 'TWICE-1',
      possibleManufacturerNumbers: ['A', 'a '],
    });
    expect(twice.statusCode).toBe(400);
    const badLink = await post('/api/article/', {
      manufacturerId: siemens.id,
      orderNumber: 'L',
      manufacturerLink: 'kein link',
    });
    expect(badLink.statusCode).toBe(400);
    const otherGroup = await createDiscountGroup(ctx.db, { manufacturerId: wago.id });
    const wrongGroup = await post('/api/article/', {
      manufacturerId: siemens.id,
      orderNumber: 'G',
      discountGroupId: otherGroup.id,
    });
    expect(wrongGroup.statusCode).toBe(400);
  });

  it('answers 417 when a chosen reference does not exist', async () => {
    const response = await post('/api/article/', {
      manufacturerId: siemens.id,
      orderNumber: 'REF-1',
      unitId: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(417);
  });
});

describe('GET /api/article/ and POST /api/article/delete', () => {
  it('answers 404 for a malformed id as for an unknown one', async () => {
    expect((await as(ctx.app, admin(), { method: 'GET', url: '/api/article/?id=abc' })).statusCode).toBe(404);
    const unknown = await as(ctx.app, admin(), {
      method: 'GET',
      url: '/api/article/?id=00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('deletes one article or a selection and reports unknown ids as failed', async () => {
    const one = await createArticle(ctx.db, { manufacturerId: wago.id });
    const two = await createArticle(ctx.db, { manufacturerId: wago.id });
    const three = await createArticle(ctx.db, { manufacturerId: wago.id });
    const single = await as(ctx.app, admin(), { method: 'POST', url: `/api/article/delete?id=${one.id}` });
    expect(single.json()).toEqual({ deleted: [one.id], failed: [] });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const bulk = await as(ctx.app, admin(), {
      method: 'POST',
      url: `/api/article/delete?id=${two.id},${three.id},${unknown}`,
    });
    expect(bulk.json()).toEqual({ deleted: [two.id, three.id], failed: [unknown] });
    const gone = await as(ctx.app, admin(), { method: 'GET', url: `/api/article/?id=${two.id}` });
    expect(gone.statusCode).toBe(404);
    expect((await as(ctx.app, admin(), { method: 'POST', url: '/api/article/delete?id=x' })).statusCode).toBe(
      400,
    );
  });
});
