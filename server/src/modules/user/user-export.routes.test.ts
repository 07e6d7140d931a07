import { parseCsv } from '@portal/domain/rules/csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from '../../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../test/test-app';

/**
 * ASVS 1.2.10, as the outside probe found it: a self-registered last name that is a formula must not reach
 * the operator's spreadsheet as one.
 */
let ctx: TestContext;
let operator: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createActor(ctx.db, 'ADMIN', { admin: true });
  operator = await signIn(ctx.app, admin.user.email);
});
afterAll(() => ctx.close());

const FORMULA = '=HYPERLINK("http://x","y")';

describe('GET /api/user/export?format=csv', () => {
  it('writes a registered formula as text (leading apostrophe) that reads back unchanged', async () => {
    const registered = await as(ctx.app, null, {
      method: 'POST',
      url: '/api/user/register',
      remoteAddress: '10.9.0.1',
      payload: {
        user: {
          name: '@Rita',
          lastname: FORMULA,
          phoneNumber: '+49-711-555',
          mail: 'formel@test.local',
          password: 'Schaltschrank-Verdrahtung-2024',
        },
        company: {
          name: '+Formel GmbH',
          street: 'Hauptstraße',
          houseNo: '7a',
          zip: '70173',
          city: 'Stuttgart',
        },
        acceptPrivacy: true,
        acceptTerms: true,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const csv = await as(ctx.app, operator, { method: 'GET', url: '/api/user/export?format=csv' });
    expect(csv.statusCode).toBe(200);
    const text = csv.rawPayload.toString('utf8');
    const line = text.split('\r\n').find((row) => row.includes('formel@test.local'));
    expect(line).toBe(
      `"'=HYPERLINK(""http://x"",""y"")";"'@Rita";"formel@test.local";"'+Formel GmbH";"1";""`,
    );
    const parsed = parseCsv(text, ';');
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      const row = parsed.value.find((record) => record.cells[2] === 'formel@test.local');
      expect(row?.cells.slice(0, 4)).toEqual([FORMULA, '@Rita', 'formel@test.local', '+Formel GmbH']);
    }
  });
});
