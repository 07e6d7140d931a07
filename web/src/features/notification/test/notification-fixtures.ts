import type { NotificationItem } from '@portal/domain/schemas/notification';
import { QueryClient } from '@tanstack/react-query';

export function item(values: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: '88888888-8888-4888-8888-888888888888',
    entity: 'OFFER',
    action: 'create',
    level: 'info',
    text: 'Schaltanlagen Liefer GmbH hat das Angebot AN-7 (Version 1) zu „VM-4“ freigegeben',
    link: '/offer/55555555-5555-4555-8555-555555555555',
    read: false,
    createdAt: '2026-11-21T08:30:00.000Z',
    ...values,
  };
}

export function client(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}
