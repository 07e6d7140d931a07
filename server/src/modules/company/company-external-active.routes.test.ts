import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, createCompany } from '../../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let operator: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createActor(ctx.db, 'ADMIN', { admin: true });
  operator = await signIn(ctx.app, admin.user.email);
});
afterAll(() => ctx.close());

const form = (
  company: { id: string; name: string; updatedAt: Date },
  overrides: Record<string, unknown> = {},
) => ({
  id: company.id,
  lastUpdate: company.updatedAt.toISOString(),
  name: company.name,
  type: 'SUPPLIER',
  street: 'Ring',
  houseNo: '1',
  zip: '73033',
  city: 'Göppingen',
  additionalInfo: '',
  ...overrides,
});

describe('company form: the guests company and reactivation', () => {
  it('saves the "Externe Gäste" company without an address and keeps its type', async () => {
    const guests = await createCompany(ctx.db, {
      name: 'Externe Gäste',
      type: 'EXTERNAL',
      street: '',
      houseNo: '',
      zip: '',
      city: '',
    });
    const response = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/company/update',
      payload: form(guests, {
        type: 'EXTERNAL',
        street: '',
        houseNo: '',
        zip: '',
        city: '',
        additionalInfo: 'Gäste',
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ type: 'EXTERNAL', additionalInfo: 'Gäste' });
  });

  it('still asks every other company for its address, each part named', async () => {
    const company = await createCompany(ctx.db, { type: 'SUPPLIER' });
    const response = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/company/update',
      payload: form(company, { street: '', city: ' ' }),
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json().issues.map((issue: { message: string }) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Straße ist ein Pflichtfeld.', 'Ort ist ein Pflichtfeld.']),
    );
  });

  it('no company is created as or turned into the guests company', async () => {
    const company = await createCompany(ctx.db, { type: 'SUPPLIER' });
    const turned = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/company/update',
      payload: form(company, { type: 'EXTERNAL' }),
    });
    expect(turned.statusCode).toBe(400);
    const { id: _id, lastUpdate: _loaded, ...body } = form(company, { type: 'EXTERNAL', name: 'Neu GmbH' });
    const created = await as(ctx.app, operator, { method: 'POST', url: '/api/company/', payload: body });
    expect(created.statusCode).toBe(400);
  });

  it('reactivates an inactive company from its form and records it', async () => {
    const company = await createCompany(ctx.db, { type: 'SUPPLIER', active: false });
    const response = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/company/update',
      payload: form(company, { active: true }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().active).toBe(true);
    expect(response.json().changeEntries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'active', oldValue: 'false', newValue: 'true' }),
      ]),
    );
  });
});
