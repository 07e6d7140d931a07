import { QUANTITY_MESSAGE } from '@portal/domain/schemas/bom-lines';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import {
  ARTICLE_ID,
  counts,
  json,
  line,
  linesPage,
  newClient,
  replaceResponse,
  searchHit,
  stubApi,
  testSource,
} from '../../../test/bom-fixtures';
import { BomLinesTable, type BomLinesTableProps } from './BomLinesTable';

const COUNTS = counts({ MATCHED: 100, NOT_FOUND: 12, DUPLICATE: 5, SUPPLIED: 3 });

function renderTable(props: Partial<BomLinesTableProps> = {}) {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={newClient()}>
      <BomLinesTable source={testSource} {...props} />
    </QueryClientProvider>,
  );
  return user;
}

const table = () => screen.findByRole('table', { name: 'Zeilen der Stückliste' });

afterEach(() => vi.unstubAllGlobals());

describe('BomLinesTable: lines with status filters, paging and sorting', { timeout: 30_000 }, () => {
  it('shows the counts per status; a count filters by its status, "Nur fehlerhafte Zeilen" by the errors', async () => {
    const api = stubApi({ 'GET /api/test/bom/lines': () => json(linesPage([line()], COUNTS)) });
    const user = renderTable();
    const filter = await screen.findByRole('group', { name: 'Zeilen nach Status filtern' });
    expect(filter).toHaveTextContent('Alle 120');
    expect(within(filter).getByRole('button', { name: 'Zugeordnet 100' })).toBeInTheDocument();
    expect(within(filter).getByRole('button', { name: 'Nicht eindeutig 5' })).toBeInTheDocument();
    // Statuses without lines are not offered.
    expect(within(filter).queryByRole('button', { name: /Falsche Einheit/ })).not.toBeInTheDocument();
    const first = api.calls('GET /api/test/bom/lines')[0]!.url.searchParams;
    expect(first.get('status')).toBeNull();
    expect(first.get('page')).toBe('0');
    expect(first.get('paginationSize')).toBe('10');

    await user.click(within(filter).getByRole('button', { name: 'Nicht gefunden 12' }));
    await waitFor(() =>
      expect(api.calls('GET /api/test/bom/lines').at(-1)!.url.searchParams.get('status')).toBe('NOT_FOUND'),
    );
    expect(within(filter).getByRole('button', { name: 'Nicht gefunden 12' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(filter).getByRole('button', { name: 'Alle 120' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(filter).getByRole('switch', { name: 'Nur fehlerhafte Zeilen' }));
    await waitFor(() =>
      expect(api.calls('GET /api/test/bom/lines').at(-1)!.url.searchParams.get('errorsOnly')).toBe('true'),
    );
    expect(api.calls('GET /api/test/bom/lines').at(-1)!.url.searchParams.get('status')).toBeNull();

    await user.click(within(filter).getByRole('button', { name: 'Alle 120' }));
    await waitFor(() =>
      expect(api.calls('GET /api/test/bom/lines').at(-1)!.url.searchParams.get('errorsOnly')).toBe('false'),
    );
  });

  it('sorts by order number ascending first; a header click sorts on the server by its column', async () => {
    const api = stubApi({ 'GET /api/test/bom/lines': () => json(linesPage([line()], COUNTS)) });
    const user = renderTable();
    const grid = await table();
    const last = () => api.calls('GET /api/test/bom/lines').at(-1)!.url.searchParams;
    expect(last().get('column')).toBe('orderNumber');
    expect(last().get('sortDescending')).toBe('false');
    await user.click(within(grid).getByText('Bestellnummer'));
    await waitFor(() => expect(last().get('sortDescending')).toBe('true'));
    expect(last().get('column')).toBe('orderNumber');
    await user.click(within(grid).getByText('Herstellernummer'));
    await waitFor(() => expect(last().get('column')).toBe('manufacturerNumber'));
    expect(last().get('sortDescending')).toBe('false');
  });

  it('shows a line in German: quantity and unit, status with candidates, markers, article and price', async () => {
    stubApi({
      'GET /api/test/bom/lines': () =>
        json(
          linesPage(
            [
              line({
                rowNumber: 7,
                quantity: 2.5,
                quantityUnitName: 'm',
                orderNumber: '1SAM250000R1005',
                bmk: '-Q1',
                status: 'MATCHED',
                manualReplacement: true,
                edited: true,
                matchedArticle: {
                  id: ARTICLE_ID,
                  orderNumber: '1SAM250000R1005',
                  manufacturerNumber: 'MS132-6.3',
                  manufacturerName: 'ABB',
                  description: 'Motorschutzschalter 4–6,3 A',
                  unitName: 'Stk',
                },
                price: 1234.5,
              }),
              line({ rowNumber: 8, status: 'DUPLICATE', candidateIds: ['a', 'b', 'c'] }),
            ],
            COUNTS,
          ),
        ),
    });
    renderTable();
    const grid = await table();
    await within(grid).findByText('-Q1');
    const [matched, duplicate] = within(grid).getAllByRole('row').slice(1);
    expect(matched).toHaveTextContent('2,5 m');
    expect(matched).toHaveTextContent('Zugeordnet');
    expect(matched).toHaveTextContent('manuell zugeordnet');
    expect(matched).toHaveTextContent('bearbeitet');
    expect(matched).toHaveTextContent('Motorschutzschalter 4–6,3 A');
    expect(matched).toHaveTextContent('1.234,50 €');
    expect(matched).not.toHaveTextContent('MATCHED');
    expect(duplicate).toHaveTextContent('Nicht eindeutig (3 Treffer)');
    expect(duplicate).toHaveTextContent('kein Artikel');
    // Neither an edit nor an assignment without the owner's permission.
    expect(within(grid).queryByRole('button', { name: /bearbeiten|zuordnen/ })).not.toBeInTheDocument();
  });

  it('the edit dialog refuses an empty quantity in German and sends nothing; a valid edit is saved', async () => {
    const target = line({ rowNumber: 9, quantity: 4, quantityUnitName: 'Stk', orderNumber: 'A-1' });
    stubApi({ 'GET /api/test/bom/lines': () => json(linesPage([target], COUNTS)) });
    const onSaveLine = vi.fn().mockResolvedValue(undefined);
    const user = renderTable({ onSaveLine });
    await user.click(await screen.findByRole('button', { name: 'Zeile 9 bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zeile 9 bearbeiten' });
    const quantity = within(dialog).getByLabelText(/Menge/);
    expect(quantity).toHaveValue('4');
    await user.clear(quantity);
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText(QUANTITY_MESSAGE)).toBeInTheDocument();
    expect(onSaveLine).not.toHaveBeenCalled();

    await user.type(quantity, '1,5');
    await user.clear(within(dialog).getByLabelText('Herstellernummer'));
    await user.type(within(dialog).getByLabelText('Herstellernummer'), 'MS132-6.3');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSaveLine).toHaveBeenCalledTimes(1));
    expect(onSaveLine.mock.calls[0]![0]).toMatchObject({ id: target.id });
    expect(onSaveLine.mock.calls[0]![1]).toEqual({
      quantity: 1.5,
      unit: 'Stk',
      orderNumber: 'A-1',
      manufacturerNumber: 'MS132-6.3',
      manufacturerName: null,
    });
    expect(await screen.findByText('Die Zeile wurde gespeichert und neu zugeordnet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('operators assign an article to an error line, for all lines with the number when chosen', async () => {
    const lines = [
      line({ rowNumber: 11, status: 'NOT_FOUND', orderNumber: 'X-99', manufacturerName: 'Phoenix' }),
      line({ rowNumber: 12, status: 'MATCHED' }),
    ];
    const api = stubApi({
      'GET /api/test/bom/lines': () => json(linesPage(lines, COUNTS)),
      'GET /api/article/search': () => json([searchHit]),
      'POST /api/article/replace': () =>
        json(replaceResponse([{ ...lines[0]!, status: 'MATCHED', manualReplacement: true }, lines[0]!])),
    });
    const onLinesChanged = vi.fn();
    const user = renderTable({ canAssignArticles: true, onLinesChanged });
    const assign = await screen.findByRole('button', { name: 'Artikel für Zeile 11 zuordnen' });
    // Only the line with an error status offers the assignment.
    expect(screen.queryByRole('button', { name: 'Artikel für Zeile 12 zuordnen' })).not.toBeInTheDocument();
    await user.click(assign);
    const dialog = await screen.findByRole('dialog', { name: 'Artikel zuordnen (Zeile 11)' });
    expect(within(dialog).getByLabelText(/Artikel im Katalog suchen/)).toHaveValue('X-99');
    await user.clear(within(dialog).getByLabelText(/Artikel im Katalog suchen/));
    await user.type(within(dialog).getByLabelText(/Artikel im Katalog suchen/), 'UT 4');
    const confirm = within(dialog).getByRole('button', { name: 'Zuordnen' });
    expect(confirm).toBeDisabled();
    await user.click(await within(dialog).findByRole('radio', { name: /Phoenix Contact · UT 4/ }));
    await waitFor(() =>
      expect(api.calls('GET /api/article/search').at(-1)!.url.searchParams.get('searchTerm')).toBe('UT 4'),
    );
    expect(api.calls('GET /api/article/search')[0]!.url.searchParams.get('searchTerm')).toBe('X-99');
    await user.click(within(dialog).getByRole('radio', { name: 'Alle Zeilen mit dieser Nummer' }));
    const linesBefore = api.calls('GET /api/test/bom/lines').length;
    await user.click(confirm);
    await waitFor(() => expect(api.calls('POST /api/article/replace')).toHaveLength(1));
    expect(api.calls('POST /api/article/replace')[0]!.body).toEqual({
      lineId: lines[0]!.id,
      matchId: ARTICLE_ID,
      scope: 'ALL',
    });
    expect(await screen.findByText('Der Artikel wurde 2 Zeilen zugeordnet.')).toBeInTheDocument();
    expect(onLinesChanged).toHaveBeenCalled();
    // The lines are loaded again with the new assignment.
    await waitFor(() => expect(api.calls('GET /api/test/bom/lines').length).toBeGreaterThan(linesBefore));
  });

  it('sends scope LINE unless "Alle Zeilen mit dieser Nummer" is chosen; cancel sends nothing', async () => {
    const target = line({ rowNumber: 13, status: 'WRONG_UNIT', orderNumber: 'Y-1' });
    const api = stubApi({
      'GET /api/test/bom/lines': () => json(linesPage([target], COUNTS)),
      'GET /api/article/search': () => json([searchHit]),
      'POST /api/article/replace': () => json(replaceResponse([target])),
    });
    const user = renderTable({ canAssignArticles: true });
    await user.click(await screen.findByRole('button', { name: 'Artikel für Zeile 13 zuordnen' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/article/replace')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Artikel für Zeile 13 zuordnen' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Nur diese Zeile' })).toBeChecked();
    await user.click(await within(dialog).findByRole('radio', { name: /UT 4/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Zuordnen' }));
    await waitFor(() => expect(api.calls('POST /api/article/replace')).toHaveLength(1));
    expect(api.calls('POST /api/article/replace')[0]!.body).toMatchObject({ scope: 'LINE' });
    expect(await screen.findByText('Der Artikel wurde zugeordnet.')).toBeInTheDocument();
  });
});

describe("BomLinesTable: the BOM's own description and ERP number", { timeout: 30_000 }, () => {
  it('shows "Bezeichnung" with the ERP number below it, a dash without either', async () => {
    stubApi({
      'GET /api/test/bom/lines': () =>
        json(
          linesPage(
            [
              line({ bmk: '-X1', description: 'Durchgangsklemme', erpNumber: '100234' }),
              line({ bmk: '-K1', description: null, erpNumber: null }),
            ],
            counts({ NOT_FOUND: 2 }),
          ),
        ),
    });
    renderTable();
    const shown = await table();
    await within(shown).findByText('Durchgangsklemme');
    const rows = within(shown).getAllByRole('row');
    expect(within(shown).getByRole('columnheader', { name: 'Bezeichnung' })).toBeInTheDocument();
    const first = rows.find((row) => row.textContent?.includes('-X1'))!;
    expect(first).toHaveTextContent('Durchgangsklemme');
    expect(first).toHaveTextContent('ERP-Nr. 100234');
    const second = rows.find((row) => row.textContent?.includes('-K1'))!;
    expect(second).not.toHaveTextContent('ERP-Nr.');
  });
});

// Last in the file: the fixtures number lines in order, the tests above name rows by their numbers.
describe('BomLinesTable: quantities in the catalog unit', { timeout: 30_000 }, () => {
  it('shows the packages of an article sold in packs, a converted length and a wrong unit beside the catalog unit', async () => {
    const article = (unitName: string) => ({
      id: ARTICLE_ID,
      orderNumber: '1020000000',
      manufacturerNumber: null,
      manufacturerName: 'Weidmüller',
      description: null,
      unitName,
    });
    stubApi({
      'GET /api/test/bom/lines': () =>
        json(
          linesPage(
            [
              line({
                bmk: '-X1',
                quantity: 40,
                quantityUnitName: 'Stk',
                status: 'MATCHED',
                articleQuantity: 40,
                packages: 1,
                matchedArticle: article('100 Stück'),
              }),
              line({
                bmk: '-X2',
                quantity: 250,
                quantityUnitName: 'St.',
                status: 'MATCHED',
                articleQuantity: 250,
                packages: 3,
                matchedArticle: article('100 Stück'),
              }),
              line({
                bmk: '-W1',
                quantity: 1,
                quantityUnitName: 'Stk',
                status: 'MATCHED',
                articleQuantity: 10,
                matchedArticle: article('Meter'),
              }),
              line({
                bmk: '-W2',
                quantity: 10,
                quantityUnitName: 'm',
                status: 'MATCHED',
                articleQuantity: 10,
                matchedArticle: article('m'),
              }),
              line({
                bmk: '-W4',
                quantity: 25,
                quantityUnitName: 'lfm',
                status: 'MATCHED',
                articleQuantity: 25,
                matchedArticle: article('Meter'),
              }),
              line({
                bmk: '-W3',
                quantity: 3,
                quantityUnitName: 'Stk',
                status: 'WRONG_UNIT',
                matchedArticle: article('Meter'),
              }),
            ],
            COUNTS,
          ),
        ),
    });
    renderTable();
    const grid = await table();
    await within(grid).findByText('-X1');
    const [pieces, many, cable, metres, spelled, wrong] = within(grid).getAllByRole('row').slice(1);
    expect(pieces).toHaveTextContent('40 Stk = 1 × 100 Stück');
    expect(pieces).toHaveTextContent('Zugeordnet');
    expect(pieces).not.toHaveTextContent('Falsche Einheit');
    expect(many).toHaveTextContent('250 St. = 3 × 100 Stück');
    expect(cable).toHaveTextContent('1 Stk = 10 Meter');
    // The same quantity in the same unit is said once.
    expect(within(metres!).getAllByRole('cell')[1]?.textContent).toBe('10 m');
    expect(within(spelled!).getAllByRole('cell')[1]?.textContent).toBe('25 lfm');
    expect(wrong).toHaveTextContent('Stückliste: 3 Stk, Katalog: Meter');
    expect(wrong).toHaveTextContent('Falsche Einheit');
  });
});
