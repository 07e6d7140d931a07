import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { clientFor, ENQUIRY_ID, json, stubApi } from '../test/enquiry-fixtures';
import EnquiryListPage from './EnquiryListPage';

const rows = {
  content: [
    {
      id: ENQUIRY_ID,
      title: 'Steuerung Presse 3',
      referenceNumber: 'R-17',
      customerName: 'Maschinenbau Kunde GmbH',
      released: true,
      releaseDate: '2026-11-21T09:00:00.000Z',
      closed: false,
      archived: false,
      createDate: '2026-11-20T10:00:00.000Z',
    },
    {
      id: '44444444-4444-4444-8444-444444444444',
      title: 'Verteiler Halle 4',
      referenceNumber: null,
      customerName: 'Maschinenbau Kunde GmbH',
      released: false,
      releaseDate: null,
      closed: false,
      archived: false,
      createDate: '2026-11-19T10:00:00.000Z',
    },
  ],
  totalElements: 2,
};

function renderList(client: QueryClient) {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={client}>
      <EnquiryListPage />
    </QueryClientProvider>,
    { route: '/enquiry' },
  );
  return user;
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent?.trim())
    .filter(Boolean);

afterEach(() => vi.unstubAllGlobals());

describe('EnquiryListPage', { timeout: 30_000 }, () => {
  it('customers: title, release date and status, newest first, selection, new, copy, delete, deleted switch', async () => {
    const api = stubApi({ 'GET /api/enquiry/filter': () => json(rows) });
    const user = renderList(clientFor('CUSTOMER'));
    const table = await screen.findByRole('table', { name: 'Anfragen' });
    await within(table).findByText('Steuerung Presse 3');
    // 'Auswahl' and 'Aktionen' are read, not shown.
    expect(headers(table)).toEqual(['Auswahl', 'Titel', 'Freigabedatum', 'Status', 'Aktionen']);
    expect(within(table).getByText('21.11.2026')).toBeInTheDocument();
    expect(within(table).getByText('Freigegeben')).toBeInTheDocument();
    expect(within(table).getByText('Freigabe ausstehend')).toBeInTheDocument();
    expect(within(table).queryByText('Maschinenbau Kunde GmbH')).not.toBeInTheDocument();
    const query = api.calls('GET /api/enquiry/filter')[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      column: 'createDate',
      sortDescending: 'true',
      archived: 'false',
      page: '0',
      paginationSize: '10',
    });
    expect(screen.getByRole('button', { name: 'Neue Anfrage' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Kopieren' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Löschen' })).toBeDisabled();
    await user.click(within(table).getByRole('checkbox', { name: 'Steuerung Presse 3 auswählen' }));
    expect(screen.getByRole('button', { name: 'Kopieren' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Löschen' })).toBeEnabled();
    await user.click(screen.getByRole('switch', { name: 'Gelöschte Anfragen anzeigen' }));
    await waitFor(() =>
      expect(api.calls('GET /api/enquiry/filter').at(-1)!.url.searchParams.get('archived')).toBe('true'),
    );
  });

  it('deletes (archives) the selected enquiries after "Ja"', async () => {
    const api = stubApi({
      'GET /api/enquiry/filter': () => json(rows),
      'POST /api/enquiry/archive': () => json({ archived: [ENQUIRY_ID], failed: [] }),
    });
    const user = renderList(clientFor('CUSTOMER'));
    const table = await screen.findByRole('table', { name: 'Anfragen' });
    await within(table).findByText('Steuerung Presse 3');
    await user.click(within(table).getByRole('checkbox', { name: 'Steuerung Presse 3 auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await user.click(await screen.findByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(api.calls('POST /api/enquiry/archive')).toHaveLength(1));
    expect(api.calls('POST /api/enquiry/archive')[0]!.body).toEqual({ enquiryIds: [ENQUIRY_ID] });
  });

  it('suppliers: the customer name, no selection, no new, copy, delete or switch', async () => {
    stubApi({ 'GET /api/enquiry/filter': () => json({ content: [rows.content[0]], totalElements: 1 }) });
    renderList(clientFor('SUPPLIER'));
    const table = await screen.findByRole('table', { name: 'Anfragen' });
    await within(table).findByText('Steuerung Presse 3');
    expect(headers(table)).toEqual(['Kunde', 'Titel', 'Freigabedatum', 'Status', 'Aktionen']);
    expect(within(table).getByText('Maschinenbau Kunde GmbH')).toBeInTheDocument();
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    for (const name of ['Neue Anfrage', 'Kopieren', 'Löschen']) {
      expect(screen.queryByRole('button', { name }), name).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
