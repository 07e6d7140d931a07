import type { EnquiryResponse } from '@portal/domain/schemas/enquiry';
import { defaultTechnicalSpec } from '@portal/domain/schemas/technical-spec';
import { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { sessionQueryKey } from '../../auth/api/get-session';

// jsdom has no font loading API, which Mantine's autosizing text area listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

export const CUSTOMER_ID = '11111111-1111-4111-8111-111111111111';
export const SUPPLIER_ID = '22222222-2222-4222-8222-222222222222';
export const ENQUIRY_ID = '33333333-3333-4333-8333-333333333333';

/** A query client with the session of a customer's or a supplier's user. */
export function clientFor(type: 'CUSTOMER' | 'SUPPLIER'): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionQueryKey, {
    user: {
      id: 'u1',
      name: 'Clara',
      lastname: type === 'CUSTOMER' ? 'Kunde' : 'Liefer',
      mail: 'clara@example.de',
      phoneNumber: '+49 30 1',
      admin: false,
      passwordChangeNeeded: false,
      loginCounter: 3,
      lastLoginAt: null,
    },
    company: {
      id: type === 'CUSTOMER' ? CUSTOMER_ID : SUPPLIER_ID,
      name: type === 'CUSTOMER' ? 'Maschinenbau Kunde GmbH' : 'Schaltanlagen Liefer GmbH',
      type,
      active: true,
      pendingRegistration: false,
    },
  });
  return client;
}

export function enquiry(values: Partial<EnquiryResponse> = {}): EnquiryResponse {
  return {
    id: ENQUIRY_ID,
    customerId: CUSTOMER_ID,
    customerName: 'Maschinenbau Kunde GmbH',
    title: 'Steuerung Presse 3',
    referenceNumber: 'R-17',
    deliveryCondition: 'EXW',
    desiredDeliveryDate: '2099-06-01',
    amount: 2,
    price: null,
    location: 'Halle 2',
    additionalInfo: null,
    technicalSpec: defaultTechnicalSpec(),
    files: [],
    released: false,
    releaseDate: null,
    closed: false,
    archived: false,
    recipients: null,
    createDate: '2026-11-20T10:00:00.000Z',
    lastUpdate: '2026-11-20T10:00:00.000Z',
    changeEntries: [],
    ...values,
  };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

/** A fetch stub answering by "METHOD /path"; every call is recorded, an unknown call fails the test. */
export function stubApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://portal.test');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = routes[key];
    if (!handler) throw new Error(`Unerwarteter Aufruf ${key}`);
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (key: string) =>
    fetchMock.mock.calls
      .filter(
        ([input, init]) =>
          `${init?.method ?? 'GET'} ${new URL(input, 'http://portal.test').pathname}` === key,
      )
      .map(([input, init]) => ({
        url: new URL(input, 'http://portal.test'),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      }));
  return { fetchMock, calls };
}
