import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { json, stubApi } from '../../../test/stub-api';
import { client, item } from '../test/notification-fixtures';
import { NotificationBell } from './NotificationBell';

afterEach(() => vi.unstubAllGlobals());

function renderBell() {
  return renderWithProviders(
    <QueryClientProvider client={client()}>
      <Routes>
        <Route path="/" element={<NotificationBell />} />
        <Route path="/offer/:id" element={<p>Angebotsseite</p>} />
      </Routes>
    </QueryClientProvider>,
  );
}

describe('NotificationBell (SPEC §2 notifications panel)', { timeout: 30_000 }, () => {
  it('shows the unread count; the empty panel says "Keine neuen Nachrichten"', async () => {
    stubApi({
      'GET /api/notification/unread': () => json({ count: 0 }),
      'GET /api/notification/': () => json({ content: [], totalElements: 0, unread: 0 }),
    });
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByTestId('notification-bell');
    await waitFor(() => expect(bell).toHaveAttribute('data-unread', '0'));
    expect(bell).toHaveAccessibleName('Benachrichtigungen');
    await user.click(bell);
    expect(await screen.findByText('Keine neuen Nachrichten')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeDisabled();
  });

  it('lists the unread, marks all read, and opens one (read, then its page)', async () => {
    let unread = 2;
    const api = stubApi({
      'GET /api/notification/unread': () => json({ count: unread }),
      'GET /api/notification/': () =>
        json({
          content: [
            item(),
            item({
              id: '99999999-9999-4999-8999-999999999999',
              text: 'Neue Anfrage „PS-12“',
              link: null,
              level: 'success',
            }),
          ],
          totalElements: 2,
          unread: 2,
        }),
      'POST /api/notification/read/all': () => {
        unread = 0;
        return json({ marked: 2 });
      },
      'POST /api/notification/read': () => json({ marked: 1 }),
    });
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByTestId('notification-bell');
    await waitFor(() => expect(bell).toHaveAttribute('data-unread', '2'));
    expect(bell).toHaveAccessibleName('Benachrichtigungen, 2 ungelesen');
    // The popover's state is announced by the button itself; the indicator around it carries no ARIA.
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell.parentElement).not.toHaveAttribute('aria-expanded');
    expect(bell.parentElement).not.toHaveAttribute('aria-haspopup');
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    // Named by its visible content (level, text, time), not by a shorter label of its own.
    expect(items[0]).toHaveAccessibleName(
      'Hinweis Schaltanlagen Liefer GmbH hat das Angebot AN-7 (Version 1) zu „VM-4“ freigegeben 21.11.2026, 09:30 · Ungelesen',
    );
    expect(api.calls('GET /api/notification/')[0]!.url.searchParams.get('unreadOnly')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
    await waitFor(() => expect(api.calls('POST /api/notification/read/all')).toHaveLength(1));
    await waitFor(() => expect(bell).toHaveAttribute('data-unread', '0'));
    await user.click(screen.getByRole('button', { name: /Neue Anfrage/ }));
    await waitFor(() => expect(api.calls('POST /api/notification/read')).toHaveLength(1));
    expect(api.calls('POST /api/notification/read')[0]!.body).toEqual({
      ids: ['99999999-9999-4999-8999-999999999999'],
    });
    await waitFor(() => expect(screen.queryByTestId('notification-panel')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('notification-bell'));
    await user.click(await screen.findByRole('button', { name: /hat das Angebot AN-7/ }));
    expect(await screen.findByText('Angebotsseite')).toBeInTheDocument();
  });
});
