import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from '../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../test/test-app';

let ctx: TestContext;
let operator: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createActor(ctx.db, 'ADMIN', { admin: true });
  operator = await signIn(ctx.app, admin.user.email);
});
afterAll(() => ctx.close());

describe('a malformed id on a GET-by-id route is not found, not an input error', () => {
  it.each([
    '/api/company/?id=abc',
    '/api/user/?id=abc',
    '/api/article/?id=abc',
    '/api/eclass/?eclassMappingId=abc',
    '/api/import/config/?id=abc',
    '/api/enquiry/?id=abc',
  ])('GET %s answers 404 NOT_FOUND', async (url) => {
    const response = await as(ctx.app, operator, { method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Der angeforderte Eintrag wurde nicht gefunden.',
    });
  });

  it('a list with a malformed filter id stays an input error', async () => {
    const response = await as(ctx.app, operator, {
      method: 'GET',
      url: '/api/user/all?companyId=abc&page=0',
    });
    expect(response.statusCode).toBe(400);
  });

  it('without a session it stays 401', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/company/?id=abc' });
    expect(response.statusCode).toBe(401);
  });
});

describe('other routes with one id stay input errors', () => {
  it('GET /api/user/company?companyId=abc answers 400', async () => {
    const response = await as(ctx.app, operator, { method: 'GET', url: '/api/user/company?companyId=abc' });
    expect(response.statusCode).toBe(400);
  });
});
