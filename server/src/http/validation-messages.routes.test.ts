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

/** Words of zod's own texts (English and its German locale) that a person must never read. */
const VALIDATOR_PHRASING = /Invalid|expected|received|erwartet, dass|Zu groß:|Zu klein:|string|undefined/i;

describe('validation problems in plain German', () => {
  it('too long, missing and wrong type are named without validator phrasing', async () => {
    const response = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/company/',
      payload: {
        name: 'Schaltbau GmbH',
        type: 'SUPPLIER',
        houseNo: '1'.repeat(21),
        zip: 73033,
        city: 'Göppingen',
      },
    });
    expect(response.statusCode).toBe(400);
    const issues: { path: string; message: string }[] = response.json().issues;
    const byField = Object.fromEntries(
      issues.map((issue) => [issue.path.replace(/^body\./, ''), issue.message]),
    );
    expect(byField.houseNo).toBe('Höchstens 20 Zeichen.');
    expect(byField.street).toBe('Bitte füllen Sie dieses Feld aus.');
    expect(byField.zip).toBe('Dieser Wert hat nicht das erwartete Format.');
    for (const issue of issues) expect(issue.message).not.toMatch(VALIDATOR_PHRASING);
  });
});
