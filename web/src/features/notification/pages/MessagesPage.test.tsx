import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { clientFor, json, NOTIFICATION_API, notifications, stubApi } from '../test/notification-fixtures';
import { MessagesPage } from './MessagesPage';

afterEach(() => vi.unstubAllGlobals());

/** A server of 23 notifications, paged as GET /notification/ pages them. */
function pagedApi(total = 23) {
  const all = notifications(total);
  return stubApi({
    [`GET ${NOTIFICATION_API}/`]: (_init, url) => {
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('paginationSize'));
      return json({
        content: all.slice(page * size, (page + 1) * size),
        totalElements: total,
        unread: total,
      });
    },
    [`POST ${NOTIFICATION_API}/read/all`]: () => json({ marked: total }),
  });
}

function renderPage() {
  return renderWithProviders(
    <QueryClientProvider client={clientFor('SUPPLIER')}>
      <MessagesPage />
    </QueryClientProvider>,
  );
}

describe('MessagesPage', { timeout: 30_000 }, () => {
  it('pages through the notifications with the page sizes of SPEC §9', async () => {
    const api = pagedApi();
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Neue Nachricht 1')).toBeInTheDocument();
    expect(screen.getAllByTestId('notification-item')).toHaveLength(10);
    expect(screen.getByText('23 Einträge')).toBeInTheDocument();
    const first = api.calls(`GET ${NOTIFICATION_API}/`)[0]!.url.searchParams;
    expect(first.get('page')).toBe('0');
    expect(first.get('paginationSize')).toBe('10');

    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(await screen.findByText('Neue Nachricht 11')).toBeInTheDocument();
    expect(screen.queryByText('Neue Nachricht 1')).not.toBeInTheDocument();
    expect(api.calls(`GET ${NOTIFICATION_API}/`).at(-1)!.url.searchParams.get('page')).toBe('1');

    const size = screen.getByLabelText('Einträge pro Seite');
    expect([...size.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      '5',
      '10',
      '15',
      '20',
      '25',
      '30',
    ]);
    await user.selectOptions(size, '20');
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(20));
    const last = api.calls(`GET ${NOTIFICATION_API}/`).at(-1)!.url.searchParams;
    expect(last.get('page')).toBe('0');
    expect(last.get('paginationSize')).toBe('20');
    expect(screen.getByText('Neue Nachricht 1')).toBeInTheDocument();
  });

  it('marks all read with a toast', async () => {
    const api = pagedApi(3);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Neue Nachricht 3');
    await user.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
    await waitFor(() => expect(api.calls(`POST ${NOTIFICATION_API}/read/all`)).toHaveLength(1));
    expect(await screen.findByText('Alle Benachrichtigungen sind gelesen.')).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    pagedApi(0);
    renderPage();
    expect(await screen.findByText('Sie haben noch keine Benachrichtigungen.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeDisabled();
  });
});
