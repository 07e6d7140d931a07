import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { clientFor, json, NOTIFICATION_API, notification, stubApi } from '../test/notification-fixtures';
import { NotificationBell } from './NotificationBell';

afterEach(() => vi.unstubAllGlobals());

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderBell() {
  return renderWithProviders(
    <QueryClientProvider client={clientFor('CUSTOMER')}>
      <NotificationBell />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </QueryClientProvider>,
  );
}

describe('NotificationBell', { timeout: 30_000 }, () => {
  it('shows the unread count on the bell', async () => {
    stubApi({ [`GET ${NOTIFICATION_API}/unread`]: () => json({ count: 3 }) });
    renderBell();
    const bell = screen.getByTestId('notification-bell');
    await waitFor(() => expect(bell).toHaveAttribute('data-unread', '3'));
    expect(bell).toHaveAccessibleName('3 ungelesene Benachrichtigungen');
    expect(screen.getByText('3')).toBeInTheDocument();
  });

  it('says "Keine neuen Nachrichten" when nothing is unread and links to all notifications', async () => {
    const api = stubApi({
      [`GET ${NOTIFICATION_API}/unread`]: () => json({ count: 0 }),
      [`GET ${NOTIFICATION_API}/`]: () => json({ content: [], totalElements: 0, unread: 0 }),
    });
    const user = userEvent.setup();
    renderBell();
    const bell = screen.getByTestId('notification-bell');
    await waitFor(() => expect(bell).toHaveAttribute('data-unread', '0'));
    expect(bell).toHaveAccessibleName('Benachrichtigungen');
    await user.click(bell);
    const panel = await screen.findByTestId('notification-panel');
    expect(await within(panel).findByText('Keine neuen Nachrichten')).toBeInTheDocument();
    expect(api.calls(`GET ${NOTIFICATION_API}/`)[0]!.url.searchParams.get('unreadOnly')).toBe('true');
    expect(within(panel).getByRole('button', { name: 'Alle als gelesen markieren' })).toBeDisabled();
    await user.click(within(panel).getByRole('link', { name: 'Alle Benachrichtigungen' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/messages');
  });

  it('lists the newest unread; a click marks it read and opens its link', async () => {
    const item = notification(7, {
      text: 'Neue Nachricht zum Angebot A-7',
      link: '/offer/o-7',
      level: 'warn',
    });
    const api = stubApi({
      [`GET ${NOTIFICATION_API}/unread`]: () => json({ count: 1 }),
      [`GET ${NOTIFICATION_API}/`]: () => json({ content: [item], totalElements: 1, unread: 1 }),
      [`POST ${NOTIFICATION_API}/read`]: () => json({ marked: 1 }),
    });
    const user = userEvent.setup();
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '1'));
    await user.click(screen.getByTestId('notification-bell'));
    const entry = await screen.findByRole('button', { name: 'Neue Nachricht zum Angebot A-7' });
    expect(within(entry).getByText('Achtung')).toBeInTheDocument();
    await user.click(entry);
    await waitFor(() => expect(api.calls(`POST ${NOTIFICATION_API}/read`)).toHaveLength(1));
    expect(api.calls(`POST ${NOTIFICATION_API}/read`)[0]!.body).toEqual({ ids: [item.id] });
    expect(screen.getByTestId('where')).toHaveTextContent('/offer/o-7');
  });

  it('"Alle als gelesen markieren" marks everything read and refreshes the count', async () => {
    let unread = 2;
    const api = stubApi({
      [`GET ${NOTIFICATION_API}/unread`]: () => json({ count: unread }),
      [`GET ${NOTIFICATION_API}/`]: () =>
        json({
          content: unread ? [notification(1), notification(2)] : [],
          totalElements: unread,
          unread,
        }),
      [`POST ${NOTIFICATION_API}/read/all`]: () => {
        unread = 0;
        return json({ marked: 2 });
      },
    });
    const user = userEvent.setup();
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '2'));
    await user.click(screen.getByTestId('notification-bell'));
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
    await waitFor(() => expect(api.calls(`POST ${NOTIFICATION_API}/read/all`)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('data-unread', '0'));
    expect(await screen.findByText('Keine neuen Nachrichten')).toBeInTheDocument();
  });
});
