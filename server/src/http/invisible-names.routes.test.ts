import { INVISIBLE_CHARACTERS_MESSAGE } from '@portal/domain/rules/invisible-characters';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from '../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../test/test-app';

/**
 * Names and titles with bidi control or zero-width characters are refused where they enter, as a 400 with
 * the German message on the field, and nothing is stored.
 */

let ctx: TestContext;
let operator: Session;
let customer: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  operator = await signIn(ctx.app, (await createActor(ctx.db, 'ADMIN', { admin: true })).user.email);
  customer = await signIn(ctx.app, (await createActor(ctx.db, 'CUSTOMER', { admin: true })).user.email);
});
afterAll(() => ctx.close());

function expectRefused(response: LightMyRequestResponse, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ code: 'VALIDATION' });
  expect(response.json().issues).toContainEqual({
    path: `body.${field}`,
    message: INVISIBLE_CHARACTERS_MESSAGE,
  });
}

describe('invisible characters in names and titles', () => {
  it('an enquiry title: 400 on the field; written plainly it is stored', async () => {
    const post = (title: string) =>
      as(ctx.app, customer, { method: 'POST', url: '/api/enquiry/', payload: { title } });
    expectRefused(await post('Schaltschrank\u202E 4711'), 'title');
    expectRefused(await post('\u200BSchaltschrank'), 'title');
    const list = await as(ctx.app, customer, { method: 'GET', url: '/api/enquiry/filter' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().totalElements).toBe(0);
    const plain = await post('Schaltschrank 4711');
    expect(plain.statusCode, plain.body).toBe(201);
  });

  it('a company name and a manufacturer name (operator)', async () => {
    const company = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/company/',
      payload: {
        name: 'Müller\u2066 GmbH\u2069',
        type: 'SUPPLIER',
        street: 'Hauptstraße',
        houseNo: '1',
        zip: '73033',
        city: 'Göppingen',
      },
    });
    expectRefused(company, 'name');
    const manufacturer = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/manufacturer/',
      payload: { displayName: 'Sie\u200Dmens', nameVariants: ['SIE\uFEFFMENS'] },
    });
    expectRefused(manufacturer, 'displayName');
    expectRefused(manufacturer, 'nameVariants.0');
  });

  it('the names of a registration', async () => {
    const response = await as(ctx.app, null, {
      method: 'POST',
      url: '/api/user/register',
      payload: {
        user: {
          name: 'Max\u200E',
          lastname: 'Muster',
          phoneNumber: '+49 7161 12345',
          mail: 'max@example.de',
          password: 'Ein-langes-Passwort-2026',
        },
        company: { name: 'Muster\u202EHbmG', street: 'Weg', houseNo: '2', zip: '73033', city: 'Göppingen' },
        privacyAccepted: true,
        termsAccepted: true,
      },
    });
    expectRefused(response, 'user.name');
    expectRefused(response, 'company.name');
  });
});
