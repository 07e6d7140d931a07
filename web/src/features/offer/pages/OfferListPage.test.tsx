import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { clientFor, ENQUIRY_ID, json, OFFER_ID, stubApi } from '../test/offer-fixtures';
import { OfferListPage } from './OfferListPage';

const rows = {
  content: [
    {
      id: OFFER_ID,
      enquiryId: ENQUIRY_ID,
      enquiryTitle: 'Steuerung Presse 3',
      offerNumber: 'A-2026-7',
      referenceNumber: 'R-17',
      counterpartName: 'Maschinenbau Kunde GmbH',
      releaseDate: '2026-11-21T09:00:00.000Z',
      state: 'DECLINED',
      version: 2,
      versions: [
        { id: '66666666-6666-4666-8666-666666666666', version: 1 },
        { id: OFFER_ID, version: 2 },
      ],
      released: true,
      archived: false,
      price: 12500,
      validUntil: '2026-12-21',
      expired: false,
      createDate: '2026-11-20T10:00:00.000Z',
    },
    {
      id: '77777777-7777-4777-8777-777777777777',
      enquiryId: ENQUIRY_ID,
      enquiryTitle: 'Steuerung Presse 3',
      offerNumber: null,
      referenceNumber: 'R-18',
      counterpartName: 'Maschinenbau Kunde GmbH',
      releaseDate: null,
      state: 'OPEN',
      version: 1,
      released: false,
      archived: false,
      price: null,
      validUntil: null,
      expired: false,
      createDate: '2026-11-19T10:00:00.000Z',
    },
  ],
  totalElements: 2,
};

function renderList(client: QueryClient, path: '/offer' | '/order' | '/job' = '/offer') {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={client}>
      <OfferListPage path={path} />
    </QueryClientProvider>,
    { route: path },
  );
  return user;
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent?.trim())
    .filter(Boolean);

afterEach(() => vi.unstubAllGlobals());

describe('OfferListPage', { timeout: 30_000 }, () => {
  it('suppliers: the offer columns and badges, the list states, newest first, selection and delete with Ja', async () => {
    const api = stubApi({
      'GET /api/offer/filter': () => json(rows),
      'POST /api/offer/archive': () => json({ archived: [OFFER_ID], failed: [] }),
    });
    const user = renderList(clientFor('SUPPLIER'));
    const table = await screen.findByRole('table', { name: 'Angebote' });
    await within(table).findByText('A-2026-7');
    expect(headers(table)).toEqual([
      'Auswahl',
      'Angebotsnummer',
      'Referenznummer',
      'Kunde',
      'Freigabedatum',
      'Status',
      'Freigabe',
      'Versionen',
      'Aktionen',
    ]);
    // The superseded version 1 stays reachable from the row of version 2.
    const superseded = within(table).getByRole('link', { name: 'Version 1 öffnen' });
    expect(superseded).toHaveAttribute('href', '/offer/66666666-6666-4666-8666-666666666666');
    expect(within(table).getAllByText('Maschinenbau Kunde GmbH')).toHaveLength(2);
    expect(within(table).getByText('21.11.2026')).toBeInTheDocument();
    const declined = within(table).getByText('Abgelehnt');
    expect(declined.closest('[data-state]')).toHaveAttribute('data-state', 'DECLINED');
    expect(within(table).getByText('Offen')).toBeInTheDocument();
    expect(within(table).getByText('Freigegeben')).toBeInTheDocument();
    expect(within(table).getByText('Entwurf')).toBeInTheDocument();
    const query = api.calls('GET /api/offer/filter')[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      states: 'OPEN,DECLINED',
      column: 'createDate',
      sortDescending: 'true',
      archived: 'false',
      page: '0',
      paginationSize: '10',
    });

    expect(screen.getByRole('button', { name: 'Löschen' })).toBeDisabled();
    await user.click(within(table).getByRole('checkbox', { name: 'A-2026-7 auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await user.click(await screen.findByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(api.calls('POST /api/offer/archive')).toHaveLength(1));
    expect(api.calls('POST /api/offer/archive')[0]!.body).toEqual({ offerIds: [OFFER_ID] });
    expect(await screen.findByText('Das Angebot wurde gelöscht.')).toBeInTheDocument();
  });

  it('searches by reference number and shows the archived ones on the switch', async () => {
    const api = stubApi({ 'GET /api/offer/filter': () => json(rows) });
    const user = renderList(clientFor('SUPPLIER'));
    await screen.findByText('A-2026-7');
    await user.type(screen.getByPlaceholderText('Suche nach Referenznummer'), 'R-1');
    await waitFor(() =>
      expect(api.calls('GET /api/offer/filter').at(-1)!.url.searchParams.get('referenceNumber')).toBe('R-1'),
    );
    await user.click(screen.getByRole('switch', { name: 'Archivierte anzeigen' }));
    await waitFor(() =>
      expect(api.calls('GET /api/offer/filter').at(-1)!.url.searchParams.get('archived')).toBe('true'),
    );
  });

  it('customers: the supplier as counterpart, no selection and no delete; orders ask for ACCEPTED', async () => {
    const api = stubApi({
      'GET /api/offer/filter': () =>
        json({
          content: [{ ...rows.content[0], state: 'ACCEPTED', counterpartName: 'Schaltanlagen Liefer GmbH' }],
          totalElements: 1,
        }),
    });
    renderList(clientFor('CUSTOMER'), '/order');
    const table = await screen.findByRole('table', { name: 'Bestellungen' });
    await within(table).findByText('Schaltanlagen Liefer GmbH');
    expect(headers(table)).toContain('Lieferant');
    expect(within(table).getByText('Angenommen')).toBeInTheDocument();
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Löschen' })).not.toBeInTheDocument();
    expect(api.calls('GET /api/offer/filter')[0]!.url.searchParams.get('states')).toBe('ACCEPTED');
  });

  it('says in German when a list is empty', async () => {
    stubApi({ 'GET /api/offer/filter': () => json({ content: [], totalElements: 0 }) });
    renderList(clientFor('CUSTOMER'), '/job');
    expect(await screen.findByText('Keine Aufträge gefunden.')).toBeInTheDocument();
  });
});
