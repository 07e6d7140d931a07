import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { signInByApi } from './auth';
import { expect, test } from './test';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
export const CIRCUIT_DIAGRAM = path.join(fixtures, 'Schaltplan-Presse-3.pdf');
export const BILL_OF_MATERIAL = path.join(fixtures, 'Stückliste-Presse-3.csv');

/** The columns of the fixture BOM mapped to the portal's fields. */
export const MAPPING = [
  { importHeader: 'Menge', bomField: 'quantity' },
  { importHeader: 'Einheit', bomField: 'unit' },
  { importHeader: 'BMK', bomField: 'bmk' },
  { importHeader: 'Hersteller', bomField: 'manufacturer' },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
];

export function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A browser context of its own per person; API calls carry the same-origin proof a browser sends. */
export async function portalPage(browser: Browser): Promise<Page> {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    extraHTTPHeaders: { origin: baseURL },
  });
  return context.newPage();
}

/** A browser context of its own per person, signed in (see portalPage). */
export async function signedInPage(browser: Browser, email: string, password?: string): Promise<Page> {
  const page = await portalPage(browser);
  await signInByApi(page, email, password);
  return page;
}

/**
 * The customer's draft enquiry with its circuit diagram and mapped BOM, through the API (the BOM journey covers
 * the mapping screen); ready to be released. Returns its id.
 */
export async function enquiryWithBom(customer: Page, title: string, reference: string): Promise<string> {
  const api = customer.request;
  const created = await api.post('/api/enquiry/', {
    data: {
      title,
      referenceNumber: reference,
      deliveryCondition: 'EXW',
      desiredDeliveryDate: inDays(120),
      amount: 1,
      price: 9000,
    },
  });
  expect(created.status()).toBe(201);
  const enquiryId = ((await created.json()) as { id: string }).id;
  const diagram = await api.post(`/api/enquiry/${enquiryId}/file`, {
    multipart: {
      file: { name: 'Schaltplan.pdf', mimeType: 'application/pdf', buffer: readFileSync(CIRCUIT_DIAGRAM) },
    },
  });
  expect(diagram.status()).toBe(201);
  const bom = await api.post('/api/enquiry/bom/upload', {
    multipart: {
      enquiryId,
      file: { name: 'Stückliste.csv', mimeType: 'text/csv', buffer: readFileSync(BILL_OF_MATERIAL) },
    },
  });
  expect(bom.status()).toBe(200);
  const mapped = await api.post('/api/enquiry/bom/map', {
    data: { enquiryId, headerRowIndex: 1, fieldMapping: MAPPING },
  });
  expect(mapped.status(), await mapped.text()).toBe(200);
  return enquiryId;
}
