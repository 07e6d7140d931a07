import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatrixWorld, type MatrixActor, type MatrixWorld, sessionOf } from '../../test/actors';
import { createArticle, createManufacturer } from '../../test/factories';
import { as, createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let world: MatrixWorld;
let phoenix: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  world = await createMatrixWorld(ctx.app, ctx.db);
  phoenix = await createManufacturer(ctx.db, { displayName: 'Phoenix Contact' });
});
afterAll(() => ctx.close());

function replace(payload: Record<string, unknown>, actor: MatrixActor = 'adminStaff') {
  return as(ctx.app, sessionOf(world, actor), { method: 'POST', url: '/api/article/replace', payload });
}

describe('POST /api/article/replace', () => {
  it('answers the chosen article and remembers the unmatched numbers as its alternatives', async () => {
    const article = await createArticle(ctx.db, {
      manufacturerId: phoenix.id,
      orderNumber: '3044076',
      manufacturerNumber: 'UT 2,5',
    });
    const response = await replace({
      matchId: article.id,
      manufacturerId: phoenix.id,
      manufacturerName: 'Phoenix',
      orderNumber: ' 3044076-PX ',
      manufacturerNumber: 'UT2,5',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: article.id,
      possibleOrderNumbers: ['3044076-PX'],
      possibleManufacturerNumbers: ['UT2,5'],
    });
    expect(
      response
        .json()
        .changeEntries.map((entry: { field: string }) => entry.field)
        .sort(),
    ).toEqual(['possibleManufacturerNumbers', 'possibleOrderNumbers']);

    // The next search (import, BOM) finds the article by the remembered number, as exact match.
    const search = await as(ctx.app, world.sessions.adminStaff, {
      method: 'GET',
      url: '/api/article/search?searchTerm=3044076-px',
    });
    expect(search.json()[0]).toMatchObject({ id: article.id, exactMatch: true });

    // Assigning the same line again adds nothing.
    const again = await replace({
      matchId: article.id,
      orderNumber: '3044076-px',
      manufacturerNumber: 'UT 2,5',
    });
    expect(again.json().possibleOrderNumbers).toEqual(['3044076-PX']);
    expect(again.json().changeEntries).toHaveLength(2);
  });

  it('does not take a number that belongs to another article of the manufacturer', async () => {
    await createArticle(ctx.db, { manufacturerId: phoenix.id, orderNumber: '3046032' });
    const chosen = await createArticle(ctx.db, { manufacturerId: phoenix.id, orderNumber: '3046035' });
    const response = await replace({ matchId: chosen.id, orderNumber: '3046032' });
    expect(response.statusCode).toBe(200);
    expect(response.json().possibleOrderNumbers).toEqual([]);
  });

  it('answers 404 for an unknown article, 400 for bad input, 403 outside the operator, 401 signed out', async () => {
    expect(
      (await replace({ matchId: '00000000-0000-4000-8000-000000000000', orderNumber: 'X' })).statusCode,
    ).toBe(404);
    expect((await replace({ orderNumber: 'X' })).statusCode).toBe(400);
    const article = await createArticle(ctx.db, { manufacturerId: phoenix.id });
    for (const actor of ['customerAdmin', 'supplierAdmin', 'external'] as const) {
      expect((await replace({ matchId: article.id, orderNumber: 'X' }, actor)).statusCode).toBe(403);
    }
    expect((await replace({ matchId: article.id, orderNumber: 'X' }, 'signedOut')).statusCode).toBe(401);
    expect((await replace({ matchId: article.id, orderNumber: 'X' }, 'adminAdmin')).statusCode).toBe(200);
  });
});
