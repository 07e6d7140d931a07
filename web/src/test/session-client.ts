import { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '../features/auth';

export const CUSTOMER_ID = '11111111-1111-4111-8111-111111111111';
export const SUPPLIER_ID = '22222222-2222-4222-8222-222222222222';

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
