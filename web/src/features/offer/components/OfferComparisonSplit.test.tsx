import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { json, newClient, stubApi } from '../../../test/bom-fixtures';
import {
  comparedOffer,
  comparison,
  ENQUIRY_ID,
  OFFER_B_ID,
  OFFER_ID,
} from '../../../test/offer-articles-fixtures';
import { OfferComparison } from './OfferComparison';

/** Both offers open: the customer may split the award between them. */
const open = () =>
  comparison({
    offers: [
      comparedOffer(),
      comparedOffer({ id: OFFER_B_ID, supplierName: 'Zweite Schaltbau AG', offerNumber: 'Z-9' }),
    ],
  });

function renderComparison() {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={newClient()}>
      <Routes>
        <Route path="/enquiry/:id" element={<OfferComparison enquiryId={ENQUIRY_ID} />} />
        <Route path="/order" element={<p>Auftragsliste</p>} />
      </Routes>
    </QueryClientProvider>,
    { route: `/enquiry/${ENQUIRY_ID}` },
  );
  return user;
}

const radio = (row: number, supplier: string) =>
  screen.getByRole('radio', { name: `Zeile ${row} an ${supplier} vergeben` });
const A = 'Schaltanlagen Liefer GmbH';
const B = 'Zweite Schaltbau AG';

afterEach(() => vi.unstubAllGlobals());

describe('OfferComparison: awarding line by line', { timeout: 30_000 }, () => {
  it('chooses by hand, by the quick choices and by manufacturer; the sums follow the choice', async () => {
    stubApi({ 'GET /api/offer/compare': () => json(open()) });
    const user = renderComparison();
    await screen.findByRole('table', { name: 'Angebote im Vergleich' });
    expect(screen.getByTestId('split-count')).toHaveTextContent('0 von 3 Zeilen gewählt');
    expect(screen.getByRole('button', { name: 'Auswahl vergeben' })).toBeDisabled();
    // Line 5 is not in offer B: it can only go to A.
    expect(screen.queryByRole('radio', { name: `Zeile 5 an ${B} vergeben` })).not.toBeInTheDocument();

    await user.click(radio(4, B));
    expect(radio(4, B)).toBeChecked();
    expect(screen.getByTestId('split-shares')).toHaveTextContent(`${B}: 1 Zeile, 44,00 € ohne Arbeit`);

    await user.click(screen.getByRole('button', { name: 'Günstigster je Zeile' }));
    // 4 -> B (1,10 €), 5 -> A (only offer), 6 -> A (same price and lead time: the first offer).
    expect(radio(4, B)).toBeChecked();
    expect(radio(5, A)).toBeChecked();
    expect(radio(6, A)).toBeChecked();
    expect(screen.getByTestId('split-shares')).toHaveTextContent(
      `${A}: 2 Zeilen, 106,00 € ohne Arbeit${B}: 1 Zeile, 44,00 € ohne Arbeit`,
    );

    await user.click(screen.getByRole('button', { name: 'Kürzeste Lieferzeit je Zeile' }));
    expect(radio(4, A)).toBeChecked();

    await user.click(screen.getByRole('combobox', { name: 'Hersteller oder Rabattgruppe' }));
    await user.click(await screen.findByRole('option', { name: 'Phoenix Contact' }));
    await user.click(screen.getByRole('combobox', { name: 'an Lieferant' }));
    await user.click(await screen.findByRole('option', { name: B }));
    await user.click(screen.getByRole('button', { name: 'Zuweisen' }));
    expect(radio(4, B)).toBeChecked();
    expect(radio(6, B)).toBeChecked();
    expect(radio(5, A)).toBeChecked();
    expect(screen.getByTestId('split-count')).toHaveTextContent('3 von 3 Zeilen gewählt');

    await user.click(screen.getByRole('button', { name: 'Auswahl leeren' }));
    expect(screen.getByTestId('split-count')).toHaveTextContent('0 von 3 Zeilen gewählt');
  });

  it('the dialog names what each supplier gets, uploads the order to each offer, awards and opens the orders', async () => {
    const api = stubApi({
      'GET /api/offer/compare': () => json(open()),
      [`POST /api/offer/${OFFER_ID}/file`]: () => json(orderFile('f1'), 201),
      [`POST /api/offer/${OFFER_B_ID}/file`]: () => json(orderFile('f2'), 201),
      'POST /api/offer/award': () =>
        json({
          orders: [
            { id: 'o1', offerNumber: 'A-17-A', supplierName: A, lineCount: 2, price: 106 },
            { id: 'o2', offerNumber: 'Z-9-B', supplierName: B, lineCount: 1, price: 44 },
          ],
          goTo: '/order',
        }),
    });
    const user = renderComparison();
    await screen.findByRole('table', { name: 'Angebote im Vergleich' });
    await user.click(screen.getByRole('button', { name: 'Günstigster je Zeile' }));
    await user.click(screen.getByRole('button', { name: 'Auswahl vergeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auftrag zeilenweise vergeben' });
    const shares = within(dialog).getByRole('table', { name: 'So wird vergeben' });
    const rows = within(shares)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent?.replace(/\s/g, ' '));
    expect(rows).toEqual([`${A}2106,00 €`, `${B}144,00 €`]);
    expect(dialog).toHaveTextContent('für die angefragte Anzahl (2)');
    const confirm = within(dialog).getByRole('button', { name: 'Jetzt vergeben' });
    expect(confirm).toBeDisabled();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF-1.4'], 'Bestellung.pdf', { type: 'application/pdf' }));
    await user.click(confirm);
    expect(await screen.findByText('Auftragsliste')).toBeInTheDocument();
    expect(api.calls(`POST /api/offer/${OFFER_ID}/file`)).toHaveLength(1);
    expect(api.calls(`POST /api/offer/${OFFER_B_ID}/file`)).toHaveLength(1);
    const [award] = api.fetchMock.mock.calls.filter(([url]) => String(url).includes('/offer/award'));
    expect(JSON.parse(award![1]!.body as string)).toEqual({
      enquiryId: ENQUIRY_ID,
      parts: [
        { offerId: OFFER_ID, lineIds: ['l2', 'l3'] },
        { offerId: OFFER_B_ID, lineIds: ['l1'] },
      ],
    });
    expect(await screen.findByText('Die Aufträge wurden vergeben: A-17-A, Z-9-B.')).toBeInTheDocument();
  });

  it('says why an award was refused and stays', async () => {
    stubApi({
      'GET /api/offer/compare': () => json(open()),
      [`POST /api/offer/${OFFER_ID}/file`]: () => json(orderFile('f1'), 201),
      [`POST /api/offer/${OFFER_B_ID}/file`]: () => json(orderFile('f2'), 201),
      'POST /api/offer/award': () =>
        json(
          { code: 'OFFER_STATE_CONFLICT', message: 'Der Auftrag zu dieser Anfrage ist bereits vergeben.' },
          409,
        ),
    });
    const user = renderComparison();
    await screen.findByRole('table', { name: 'Angebote im Vergleich' });
    await user.click(screen.getByRole('button', { name: 'Günstigster je Zeile' }));
    await user.click(screen.getByRole('button', { name: 'Auswahl vergeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auftrag zeilenweise vergeben' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF-1.4'], 'Bestellung.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Jetzt vergeben' }));
    expect(
      await screen.findByText(
        'Die Aufträge konnten nicht vergeben werden: Der Auftrag zu dieser Anfrage ist bereits vergeben.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Auftrag zeilenweise vergeben' })).toBeInTheDocument();
  });

  it('an awarded enquiry offers no choice', async () => {
    const awarded = open();
    stubApi({
      'GET /api/offer/compare': () =>
        json({
          ...awarded,
          enquiry: { ...awarded.enquiry, awarded: true },
          offers: awarded.offers.map((offer) => ({ ...offer, acceptable: false })),
        }),
    });
    renderComparison();
    expect(await screen.findByTestId('comparison-awarded')).toHaveTextContent(
      'Der Auftrag zu dieser Anfrage ist vergeben.',
    );
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Auswahl vergeben' })).not.toBeInTheDocument();
  });
});

function orderFile(id: string) {
  return {
    id,
    filename: 'Bestellung.pdf',
    fileType: 'ORDER',
    size: 10,
    uploadedBy: 'CUSTOMER',
    createDate: '2026-11-22T10:00:00.000Z',
  };
}
