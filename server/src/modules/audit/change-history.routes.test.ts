import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, createCompany, createUser } from '../../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let operator: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createActor(ctx.db, 'ADMIN', { admin: true });
  operator = await signIn(ctx.app, admin.user.email);
});
afterAll(() => ctx.close());

describe('change history of a user', () => {
  it('names the old and the new company instead of their ids', async () => {
    const from = await createCompany(ctx.db, { name: 'Schaltbau Alt GmbH' });
    const to = await createCompany(ctx.db, { name: 'Schaltbau Neu GmbH' });
    const target = await createUser(ctx.db, { companyId: from.id });
    const update = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/user/update',
      payload: {
        id: target.id,
        lastUpdate: target.updatedAt.toISOString(),
        name: target.name,
        lastname: target.lastname,
        mail: target.email,
        phoneNumber: '+49 711 123456',
        admin: false,
        companyId: to.id,
      },
    });
    expect(update.statusCode).toBe(200);
    const detail = await as(ctx.app, operator, { method: 'GET', url: `/api/user/?id=${target.id}` });
    const move = detail.json().changeEntries.find((entry: { field: string }) => entry.field === 'companyId');
    expect(move).toMatchObject({ oldValue: 'Schaltbau Alt GmbH', newValue: 'Schaltbau Neu GmbH' });
  });
});
