import { ERRORS } from '@portal/domain/errors';
import { QUANTITY_MESSAGE } from '@portal/domain/schemas/bom-lines';
import { PRICE_PER_PIECE_MESSAGE } from '@portal/domain/schemas/offer';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import {
  ARTICLE_ID,
  json,
  newClient,
  searchHit,
  stubApi,
  summed,
  summedLine,
} from '../../../test/bom-fixtures';
import { article, articlesPage, OFFER_ID, offer } from '../../../test/offer-articles-fixtures';
import { OfferArticlesTable } from './OfferArticlesTable';

const priced = article({
  rowNumber: 4,
  quantity: 2,
  orderNumber: 'UT 4',
  status: 'MATCHED',
  edited: true,
  pricePerPiece: 12.5,
  totalPrice: 25,
  note: 'Lieferzeit 3 Wochen',
});
const unpriced = article({ rowNumber: 5, quantity: 3, orderNumber: 'MS132', bmk: '-Q1' });
const PAGE = articlesPage([priced, unpriced], { lineCount: 2, pricedLines: 1, total: 25 });

function renderTable(editable: boolean) {
  const user = userEvent.setup();
  const client = newClient();
  renderWithProviders(
    <QueryClientProvider client={client}>
      <OfferArticlesTable offer={offer({}, { edit: editable })} />
    </QueryClientProvider>,
  );
  return { user, client };
}

const rows = async () => {
  const table = await screen.findByRole('table', { name: 'Zeilen der Stückliste' });
  await within(table).findByText('UT 4');
  return within(table).getAllByRole('row').slice(1);
};

afterEach(() => vi.unstubAllGlobals());

describe('OfferArticlesTable: lines and the supplier edit', { timeout: 30_000 }, () => {
  it('shows price per piece, line total and note in German beside the BOM columns, and the totals', async () => {
    const api = stubApi({ 'GET /api/offer/articles': () => json(PAGE) });
    renderTable(false);
    const [first, second] = await rows();
    const table = screen.getByRole('table', { name: 'Zeilen der Stückliste' });
    for (const header of ['Stückpreis', 'Gesamt', 'Notiz', 'Stückliste', 'Status']) {
      expect(within(table).getByText(header)).toBeInTheDocument();
    }
    // The file's numbers, manufacturer and BMK share one column, so prices, note and actions fit at 1,440 px.
    expect(within(table).queryByText('Herstellernummer')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('BMK -Q1');
    expect(first).toHaveTextContent('12,50 €');
    expect(first).toHaveTextContent('25,00 €');
    expect(first).toHaveTextContent('Lieferzeit 3 Wochen');
    expect(first).toHaveTextContent('bearbeitet');
    expect(second).toHaveTextContent('–');
    const totals = screen.getByTestId('offer-article-totals');
    expect(totals).toHaveTextContent('Summe der Artikel: 25,00 €');
    expect(totals).toHaveTextContent('1 von 2 Zeilen mit Stückpreis');
    const query = api.calls('GET /api/offer/articles')[0]!.url.searchParams;
    expect(query.get('offerId')).toBe(OFFER_ID);
    expect(query.get('column')).toBe('orderNumber');
  });

  it('shows the packages of a terminal sold per hundred and a wrong unit with the catalog unit', async () => {
    const matchedArticle = (unitName: string) => ({
      id: ARTICLE_ID,
      orderNumber: '3044102',
      manufacturerNumber: null,
      manufacturerName: 'Phoenix Contact',
      description: null,
      unitName,
    });
    const terminals = article({
      rowNumber: 4,
      quantity: 40,
      quantityUnitName: 'Stk',
      orderNumber: 'UT 4',
      status: 'MATCHED',
      articleQuantity: 40,
      packages: 1,
      matchedArticle: matchedArticle('100 Stück'),
    });
    const cable = article({
      rowNumber: 5,
      quantity: 3,
      quantityUnitName: 'Stk',
      orderNumber: 'ÖLFLEX',
      status: 'WRONG_UNIT',
      matchedArticle: matchedArticle('Meter'),
    });
    stubApi({
      'GET /api/offer/articles': () =>
        json(articlesPage([terminals, cable], { lineCount: 2, pricedLines: 0, total: 0 })),
    });
    renderTable(false);
    const [first, second] = await rows();
    expect(first).toHaveTextContent('40 Stk = 1 × 100 Stück');
    expect(second).toHaveTextContent('Stückliste: 3 Stk, Katalog: Meter');
  });

  it('shows the supplier where a price came from, under the price (four decimals for parts priced per 100)', async () => {
    const sourced = article({
      rowNumber: 6,
      quantity: 40,
      orderNumber: 'PT 2,5',
      status: 'MATCHED',
      pricePerPiece: 0.0237,
      totalPrice: 0.95,
      priceSource: { kind: 'DISCOUNT_GROUP', name: 'Reihenklemmen', basePricePerPiece: 0.0198 },
    });
    const manual = article({
      rowNumber: 7,
      quantity: 1,
      orderNumber: 'UT 4',
      pricePerPiece: 12.5,
      totalPrice: 12.5,
      priceSource: { kind: 'MANUAL', name: null, basePricePerPiece: 12.5 },
    });
    stubApi({
      'GET /api/offer/articles': () =>
        json(articlesPage([sourced, manual], { lineCount: 2, pricedLines: 2, total: 13.45 })),
    });
    renderTable(false);
    const [first, second] = await rows();
    expect(first).toHaveTextContent('0,0237 €');
    expect(first).toHaveTextContent('Rabattgruppe Reihenklemmen · Einkauf 0,0198 €');
    expect(second).toHaveTextContent('12,50 €');
    expect(second).toHaveTextContent('manuell');
  });

  it('is read-only without the right to edit: no "Bearbeiten", a row opens nothing', async () => {
    stubApi({ 'GET /api/offer/articles': () => json(PAGE) });
    const { user } = renderTable(false);
    const [first] = await rows();
    expect(screen.getByText('Die Artikel sind nur zur Ansicht.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /bearbeiten/ })).not.toBeInTheDocument();
    await user.click(first!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a row opens the edit dialog; quantity and price per piece are refused in German, nothing is sent', async () => {
    const api = stubApi({
      'GET /api/offer/articles': () => json(PAGE),
      'POST /api/offer/article/update': () => json(priced),
    });
    const { user } = renderTable(true);
    const [, second] = await rows();
    await user.click(second!);
    const dialog = await screen.findByRole('dialog', { name: 'Artikel in Zeile 5 bearbeiten' });
    const quantity = within(dialog).getByLabelText(/^Menge/);
    const price = within(dialog).getByLabelText('Stückpreis (EUR)');
    expect(quantity).toHaveValue('3');
    expect(price).toHaveValue('');
    await user.clear(quantity);
    await user.type(price, '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText(QUANTITY_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByText(PRICE_PER_PIECE_MESSAGE)).toBeInTheDocument();
    expect(api.calls('POST /api/offer/article/update')).toHaveLength(0);
  });

  it('saves quantity, price per piece, note and a replacement article; the offer and its lines load again', async () => {
    const api = stubApi({
      'GET /api/offer/articles': () => json(PAGE),
      'GET /api/offer/article/search': () => json([searchHit]),
      'POST /api/offer/article/update': () => json(priced),
    });
    const { user, client } = renderTable(true);
    client.setQueryData(['offer', OFFER_ID], offer());
    const [, second] = await rows();
    await user.click(within(second!).getByRole('button', { name: 'Zeile 5 bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Artikel in Zeile 5 bearbeiten' });
    await user.clear(within(dialog).getByLabelText(/^Menge/));
    await user.type(within(dialog).getByLabelText(/^Menge/), '4');
    await user.type(within(dialog).getByLabelText('Stückpreis (EUR)'), '19,9');
    await user.type(within(dialog).getByLabelText('Notiz'), 'Alternative von Phoenix');
    await user.click(within(dialog).getByRole('checkbox', { name: /Ersatzartikel wählen/ }));
    expect(within(dialog).getByLabelText(/Ersatzartikel im Katalog suchen/)).toHaveValue('MS132');
    await user.click(await within(dialog).findByRole('radio', { name: /Phoenix Contact · UT 4/ }));
    const linesBefore = api.calls('GET /api/offer/articles').length;
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.calls('POST /api/offer/article/update')).toHaveLength(1));
    expect(api.calls('POST /api/offer/article/update')[0]!.body).toEqual({
      offerId: OFFER_ID,
      lineId: unpriced.id,
      // SPEC §8: the line's state the dialog was opened with.
      lastUpdate: unpriced.lastUpdate,
      quantity: 4,
      pricePerPiece: 19.9,
      replacementArticleId: ARTICLE_ID,
      note: 'Alternative von Phoenix',
      // The line had no lead time and none was typed: it stays empty.
      deliveryTime: null,
    });
    expect(await screen.findByText('Der Artikel wurde gespeichert.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.calls('GET /api/offer/articles').length).toBeGreaterThan(linesBefore));
    expect(client.getQueryState(['offer', OFFER_ID])?.isInvalidated).toBe(true);
  });

  it('a line a colleague saved meanwhile: the dialog keeps the input, names the change, "Neu laden" takes it', async () => {
    const theirs = { ...priced, pricePerPiece: 14, totalPrice: 28, lastUpdate: '2026-11-20T10:00:00.000Z' };
    let saved = false;
    const api = stubApi({
      'GET /api/offer/articles': () => json(saved ? articlesPage([theirs, unpriced], PAGE.totals) : PAGE),
      'POST /api/offer/article/update': () => {
        if (saved) return json(theirs);
        saved = true;
        return json(
          {
            code: 'CHANGED_MEANWHILE',
            message: ERRORS.CHANGED_MEANWHILE.message.replace('{Name}', 'Petra Partner'),
          },
          409,
        );
      },
    });
    const { user } = renderTable(true);
    const [first] = await rows();
    await user.click(first!);
    const dialog = await screen.findByRole('dialog', { name: 'Artikel in Zeile 4 bearbeiten' });
    await user.type(within(dialog).getByLabelText('Notiz'), ', bestätigt');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const alert = await within(dialog).findByRole('alert', {
      name: 'Ihre Änderungen wurden nicht gespeichert',
    });
    expect(alert).toHaveTextContent('von Petra Partner geändert');
    const list = await within(alert).findByRole('list', { name: 'Inzwischen geändert:' });
    expect(within(list).getByRole('listitem').textContent?.replace(/\s/g, ' ')).toBe(
      'Stückpreis (EUR): 14,00 €',
    );
    expect(within(dialog).getByLabelText('Notiz')).toHaveValue('Lieferzeit 3 Wochen, bestätigt');
    expect(api.calls('POST /api/offer/article/update')).toHaveLength(1);
    expect(dialog).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Neu laden' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Stückpreis (EUR)')).toHaveValue('14,00'));
    expect(within(dialog).getByLabelText('Notiz')).toHaveValue('Lieferzeit 3 Wochen, bestätigt');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.calls('POST /api/offer/article/update')).toHaveLength(2));
    expect(api.calls('POST /api/offer/article/update').map((call) => call.body)).toMatchObject([
      { lastUpdate: priced.lastUpdate, pricePerPiece: 12.5, note: 'Lieferzeit 3 Wochen, bestätigt' },
      { lastUpdate: theirs.lastUpdate, pricePerPiece: 14, note: 'Lieferzeit 3 Wochen, bestätigt' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('without a chosen replacement keeps the match (replacementArticleId null)', async () => {
    const api = stubApi({
      'GET /api/offer/articles': () => json(PAGE),
      'POST /api/offer/article/update': () => json(priced),
    });
    const { user } = renderTable(true);
    const [first] = await rows();
    await user.click(first!);
    const dialog = await screen.findByRole('dialog', { name: 'Artikel in Zeile 4 bearbeiten' });
    expect(within(dialog).getByLabelText('Stückpreis (EUR)')).toHaveValue('12,50');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.calls('POST /api/offer/article/update')).toHaveLength(1));
    expect(api.calls('POST /api/offer/article/update')[0]!.body).toMatchObject({
      quantity: 2,
      pricePerPiece: 12.5,
      replacementArticleId: null,
      note: 'Lieferzeit 3 Wochen',
    });
  });

  it("shows the supplier's alternative beside the original with both prices", async () => {
    const withAlternative = article({
      ...priced,
      matchedArticle: {
        id: ARTICLE_ID,
        orderNumber: '3044102',
        manufacturerNumber: null,
        manufacturerName: 'Phoenix Contact',
        description: null,
        unitName: 'Stück',
      },
      alternative: {
        articleId: 'a1b2c3d4-0000-4000-8000-000000000099',
        manufacturerName: 'Weidmüller',
        manufacturerNumber: null,
        orderNumber: 'A2C 4',
        description: null,
        unitName: 'Stück',
        pricePerPiece: 9.9,
        totalPrice: 19.8,
      },
    });
    stubApi({
      'GET /api/offer/articles': () => json(articlesPage([withAlternative, unpriced], PAGE.totals)),
    });
    renderTable(false);
    const [first] = await rows();
    expect(within(first!).getByTestId('offer-line-alternative')).toHaveTextContent(
      'Alternative: Weidmüller A2C 4 statt Phoenix Contact 3044102 · 9,90 € je Stück',
    );
    expect(first).toHaveTextContent('12,50 €');
    expect(first).toHaveTextContent('25,00 €');
    expect(first).toHaveTextContent('Alternative: 19,80 €');
  });

  it('offers an alternative from the catalog with its price; without a chosen article nothing is sent', async () => {
    const api = stubApi({
      'GET /api/offer/articles': () => json(PAGE),
      'GET /api/offer/article/search': () => json([searchHit]),
      'POST /api/offer/article/update': () => json(priced),
    });
    const { user } = renderTable(true);
    const [, second] = await rows();
    await user.click(second!);
    const dialog = await screen.findByRole('dialog', { name: 'Artikel in Zeile 5 bearbeiten' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Alternativartikel anbieten/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Bitte wählen Sie den Alternativartikel aus den Suchergebnissen aus.',
    );
    expect(api.calls('POST /api/offer/article/update')).toHaveLength(0);
    await user.click(await within(dialog).findByRole('radio', { name: /Phoenix Contact · UT 4/ }));
    await user.type(within(dialog).getByLabelText('Stückpreis der Alternative (EUR)'), '8,5');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.calls('POST /api/offer/article/update')).toHaveLength(1));
    expect(api.calls('POST /api/offer/article/update')[0]!.body).toMatchObject({
      lineId: unpriced.id,
      alternativeArticleId: ARTICLE_ID,
      alternativePricePerPiece: 8.5,
    });
  });

  it('removing the alternative sends null; the original stays', async () => {
    const withAlternative = article({
      ...unpriced,
      alternative: {
        articleId: ARTICLE_ID,
        manufacturerName: 'Phoenix Contact',
        manufacturerNumber: null,
        orderNumber: 'UT 4',
        description: null,
        unitName: 'Stück',
        pricePerPiece: 8.5,
        totalPrice: 25.5,
      },
    });
    const api = stubApi({
      'GET /api/offer/articles': () => json(articlesPage([priced, withAlternative], PAGE.totals)),
      'GET /api/offer/article/search': () => json([searchHit]),
      'POST /api/offer/article/update': () => json(unpriced),
    });
    const { user } = renderTable(true);
    const [, second] = await rows();
    await user.click(second!);
    const dialog = await screen.findByRole('dialog', { name: 'Artikel in Zeile 5 bearbeiten' });
    expect(within(dialog).getByTestId('offer-alternative-current')).toHaveTextContent(
      'Angebotene Alternative: Phoenix Contact UT 4',
    );
    expect(within(dialog).getByLabelText('Stückpreis der Alternative (EUR)')).toHaveValue('8,50');
    await user.click(within(dialog).getByRole('checkbox', { name: /Alternativartikel anbieten/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.calls('POST /api/offer/article/update')).toHaveLength(1));
    const body = api.calls('POST /api/offer/article/update')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ alternativeArticleId: null, replacementArticleId: null });
    expect(body).not.toHaveProperty('alternativePricePerPiece');
  });

  it('"Summenstückliste" switches to the offer\'s summed BOM', async () => {
    const api = stubApi({
      'GET /api/offer/articles': () => json(PAGE),
      'GET /api/offer/articles/summed': () =>
        json(summed([summedLine({ orderNumber: 'UT 4', quantity: 20, lineCount: 2, price: 24 })], 24)),
    });
    const { user } = renderTable(true);
    await rows();
    await user.click(screen.getByText('Summenstückliste'));
    const table = await screen.findByRole('table', { name: 'Summenstückliste' });
    expect(await within(table).findByText('UT 4')).toBeInTheDocument();
    expect(api.calls('GET /api/offer/articles/summed')[0]!.url.searchParams.get('offerId')).toBe(OFFER_ID);
  });
});
