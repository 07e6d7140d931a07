import type { CompanyType } from '@portal/domain/enums';
import type { SessionResponse } from '@portal/domain/schemas/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { json, stubApi } from '../../../test/stub-api';
import { client, item } from '../test/notification-fixtures';
import { MessagesPage } from './MessagesPage';

afterEach(() => vi.unstubAllGlobals());

function session(type: CompanyType): SessionResponse {
  return {
    user: {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Anna',
      lastname: 'Admin',
      mail: 'anna@example.test',
      phoneNumber: '+49-30-1',
      admin: true,
      passwordChangeNeeded: false,
      loginCounter: 1,
      lastLoginAt: null,
    },
    company: {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Muster GmbH',
      type,
      active: true,
      pendingRegistration: false,
    },
  };
}

describe('MessagesPage (/messages)', { timeout: 30_000 }, () => {
  it('pages through all notifications and switches to the unread ones', async () => {
    const api = stubApi({
      'GET /api/auth/session': () => json(session('CUSTOMER')),
      'GET /api/notification/': (_init, url) => {
        const page = Number(url.searchParams.get('page'));
        const unreadOnly = url.searchParams.get('unreadOnly') === 'true';
        return json({
          content: unreadOnly ? [] : [item({ text: `Meldung auf Seite ${page + 1}`, read: page > 0 })],
          totalElements: unreadOnly ? 0 : 25,
          unread: 1,
        });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <QueryClientProvider client={client()}>
        <MessagesPage />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Meldung auf Seite 1')).toBeInTheDocument();
    expect(api.calls('GET /api/notification/')[0]!.url.searchParams.get('paginationSize')).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Seite 3' }));
    expect(await screen.findByText('Meldung auf Seite 3')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Nur ungelesene' }));
    expect(await screen.findByText('Keine neuen Nachrichten')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls('GET /api/notification/').at(-1)!.url.searchParams.get('page')).toBe('0'),
    );
  });

  it('tells the operator that notifications are for customers and suppliers, without asking for any', async () => {
    const api = stubApi({ 'GET /api/auth/session': () => json(session('ADMIN')) });
    renderWithProviders(
      <QueryClientProvider client={client()}>
        <MessagesPage />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('notifications-none-for-role')).toHaveTextContent(
      'Für den Betreiber gibt es keine Benachrichtigungen.',
    );
    expect(api.calls('GET /api/notification/')).toEqual([]);
  });
});
