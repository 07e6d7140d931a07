import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { json, newClient, stubApi } from '../../../test/bom-fixtures';
import { comparison, ENQUIRY_ID, OFFER_B_ID, OFFER_ID, offer } from '../../../test/offer-articles-fixtures';
import { OfferComparison } from './OfferComparison';

function renderComparison() {
  const user = userEvent.setup();
  const { container } = renderWithProviders(
    <QueryClientProvider client={newClient()}>
      <Routes>
        <Route path="/enquiry/:id" element={<OfferComparison enquiryId={ENQUIRY_ID} />} />
        <Route path="/order/:id" element={<p>Auftragsseite</p>} />
      </Routes>
    </QueryClientProvider>,
    { route: `/enquiry/${ENQUIRY_ID}` },
  );
  return { user, container };
}

/** The cells of a row of the side-by-side table after its field name: enquiry, offer A, offer B. */
const rowCells = (table: HTMLElement, label: string) => {
  const header = within(table).getByRole('rowheader', { name: label });
  return within(header.closest('tr')!).getAllByRole('cell');
};

afterEach(() => vi.unstubAllGlobals());

describe('OfferComparison: the released offers side by side', { timeout: 30_000 }, () => {
  it('shows the released offers side by side; lowest price and earliest date in colour and in words', async () => {
    const api = stubApi({ 'GET /api/offer/compare': () => json(comparison()) });
    renderComparison();
    const table = await screen.findByRole('table', { name: 'Angebote im Vergleich' });
    expect(api.calls('GET /api/offer/compare')[0]!.url.searchParams.get('enquiryId')).toBe(ENQUIRY_ID);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Angaben', 'Ihre Anfrage', 'Schaltanlagen Liefer GmbH', 'Zweite Schaltbau AG']);

    const [enquiryPrice, priceA, priceB] = rowCells(table, 'Preis mit Arbeit');
    expect(enquiryPrice).toHaveTextContent('12.000,00 €');
    expect(priceA).toHaveTextContent('10.000,00 €');
    expect(priceA).not.toHaveTextContent('niedrigster Preis');
    expect(priceB).toHaveTextContent('9.500,50 €');
    expect(priceB).toHaveTextContent('niedrigster Preis');
    expect(priceB).toHaveAttribute('data-best', 'true');
    expect(priceA).not.toHaveAttribute('data-best');

    const [, dateA, dateB] = rowCells(table, 'Wunschliefertermin');
    expect(dateA).toHaveTextContent('01.03.2027');
    expect(dateA).toHaveTextContent('frühester Termin');
    expect(dateB).not.toHaveTextContent('frühester Termin');

    expect(rowCells(table, 'Version')[1]).toHaveTextContent('2');
    expect(rowCells(table, 'Status')[2]).toHaveTextContent('Abgelehnt');
    const [, conditionA, conditionB] = rowCells(table, 'Lieferbedingung');
    expect(conditionA).toHaveTextContent('Ab Werk (EXW)');
    expect(conditionB).toHaveTextContent('Geliefert benannter Ort (DAP)');
    const [, changesA, changesB] = rowCells(table, 'Geänderte technische Angaben');
    expect(changesA).toHaveTextContent('Verpackung: Eurobox → Holzkiste');
    expect(changesB).toHaveTextContent('keine');
    expect(table).not.toHaveTextContent(/OPEN|DECLINED|EXW,|true|false/);
  });

  it('lists price, lead time and alternative line by line; marks the lowest and the fastest also in text', async () => {
    stubApi({ 'GET /api/offer/compare': () => json(comparison()) });
    const { user } = renderComparison();
    const table = await screen.findByRole('table', { name: 'Angebote im Vergleich' });
    // Sums without work for the two cabinets (25 € each), the price with work above them.
    expect(rowCells(table, 'Summe der Zeilen ohne Arbeit')[1]).toHaveTextContent('50,00 €25,00 € je Schrank');
    expect(rowCells(table, 'Längste Lieferzeit')[1]).toHaveTextContent('10 Arbeitstage');
    const lines = screen.getByRole('table', {
      name: 'Stückpreis, Lieferzeit und Alternative je Zeile im Vergleich',
    });
    const [first, second] = within(lines).getAllByRole('row').slice(1);
    const firstCells = within(first!).getAllByRole('cell');
    expect(firstCells[1]).toHaveTextContent('UT 4');
    expect(firstCells[2]).toHaveTextContent('Phoenix Contact3044076');
    expect(firstCells[5]).toHaveTextContent('1,20 €3 Arbeitstage (kürzeste Lieferzeit)');
    expect(firstCells[5]).not.toHaveTextContent('günstigster');
    expect(firstCells[6]).toHaveTextContent('1,10 € (günstigster)10 ArbeitstageAlternative: UT 4-MTD');
    const secondCells = within(second!).getAllByRole('cell');
    expect(secondCells[5]).toHaveTextContent('45,00 €');
    // No matching line in offer B.
    expect(secondCells[6]).toHaveTextContent('–');

    // "nur Abweichungen" hides the line on which both offers agree.
    expect(within(lines).getAllByRole('row')).toHaveLength(4);
    await user.click(screen.getByRole('switch', { name: 'nur Abweichungen' }));
    expect(within(lines).getAllByRole('row')).toHaveLength(3);
    expect(lines).not.toHaveTextContent('PT 2,5');
  });

  it('"Annehmen" only on an acceptable offer; the order PDF is uploaded, then the offer accepted -> /order', async () => {
    const api = stubApi({
      'GET /api/offer/compare': () => json(comparison()),
      [`POST /api/offer/${OFFER_ID}/file`]: () =>
        json(
          {
            id: 'f9',
            filename: 'Bestellung.pdf',
            fileType: 'ORDER',
            size: 10,
            uploadedBy: 'CUSTOMER',
            createDate: '2026-11-22T10:00:00.000Z',
          },
          201,
        ),
      'GET /api/offer/statechange': () =>
        json({ offer: offer({ state: 'ACCEPTED', released: true }), goTo: '/order' }),
    });
    const { user } = renderComparison();
    await screen.findByRole('table', { name: 'Angebote im Vergleich' });
    expect(
      screen.queryByRole('button', { name: 'Angebot von Zweite Schaltbau AG annehmen' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Angebot von Schaltanlagen Liefer GmbH annehmen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Angebot annehmen' });
    expect(dialog).toHaveTextContent('Angebot von Schaltanlagen Liefer GmbH, Version 2, Preis 10.000,00 €');
    const confirm = within(dialog).getByRole('button', { name: 'Jetzt annehmen' });
    expect(confirm).toBeDisabled();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF-1.4'], 'Bestellung.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByTestId('order-file')).toHaveTextContent('Bestellung.pdf');
    await user.click(confirm);
    expect(await screen.findByText('Auftragsseite')).toBeInTheDocument();
    const [upload] = api.fetchMock.mock.calls.filter(([url]) => String(url).includes('/file'));
    const form = upload![1]!.body as FormData;
    expect(form.get('fileType')).toBe('ORDER');
    expect((form.get('file') as File).name).toBe('Bestellung.pdf');
    const change = api.calls('GET /api/offer/statechange')[0]!.url.searchParams;
    expect(change.get('offerId')).toBe(OFFER_ID);
    expect(change.get('state')).toBe('ACCEPTED');
    expect(await screen.findByText('Das Angebot wurde angenommen.')).toBeInTheDocument();
  });

  it('accepts nothing when the order cannot be uploaded and says so', async () => {
    const api = stubApi({
      'GET /api/offer/compare': () => json(comparison()),
      [`POST /api/offer/${OFFER_ID}/file`]: () =>
        json({ code: 'FILE_MISSING', message: 'Bitte wählen Sie eine Datei aus.' }, 400),
    });
    const { user } = renderComparison();
    await user.click(
      await screen.findByRole('button', { name: 'Angebot von Schaltanlagen Liefer GmbH annehmen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Angebot annehmen' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF'], 'Bestellung.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Jetzt annehmen' }));
    expect(
      await screen.findByText(
        'Die Bestellung konnte nicht hochgeladen werden: Bitte wählen Sie eine Datei aus.',
      ),
    ).toBeInTheDocument();
    expect(api.calls('GET /api/offer/statechange')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Angebot annehmen' })).toBeInTheDocument();
  });

  it('names an empty comparison', async () => {
    stubApi({ 'GET /api/offer/compare': () => json(comparison({ offers: [], lines: [] })) });
    renderComparison();
    expect(
      await screen.findByText('Zu dieser Anfrage gibt es noch keine freigegebenen Angebote.'),
    ).toBeInTheDocument();
    expect(OFFER_B_ID).not.toBe(OFFER_ID);
  });
});
