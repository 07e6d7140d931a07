import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from '../../test/factories';
import { as, createTestApp, signIn, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/user/update/counter', () => {
  it('401 without a session', async () => {
    const response = await as(ctx.app, null, { method: 'GET', url: '/api/user/update/counter?userId=x' });
    expect(response.statusCode).toBe(401);
  });

  it('400 without userId', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(ctx.app, user.email);
    const response = await as(ctx.app, session, { method: 'GET', url: '/api/user/update/counter' });
    expect(response.statusCode).toBe(400);
  });

  it('403 for another user', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER', { admin: true });
    const other = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(ctx.app, user.email);
    const response = await as(ctx.app, session, {
      method: 'GET',
      url: `/api/user/update/counter?userId=${other.user.id}`,
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers the count of the sign-in, which counted itself, without counting it twice', async () => {
    const { user } = await createActor(ctx.db, 'SUPPLIER');
    expect(user.loginCounter).toBe(1);
    const session = await signIn(ctx.app, user.email);
    const first = await as(ctx.app, session, {
      method: 'GET',
      url: `/api/user/update/counter?userId=${user.id}`,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().loginCounter).toBe(2);
    const second = await as(ctx.app, session, {
      method: 'GET',
      url: `/api/user/update/counter?userId=${user.id}`,
    });
    expect(second.json().loginCounter).toBe(2);
    expect(Date.parse(second.json().lastLoginAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});
