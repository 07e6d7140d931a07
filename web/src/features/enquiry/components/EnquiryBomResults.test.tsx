import type { BomLine, EnquiryBom } from '@portal/domain/schemas/bom';
import type { BomEstimate, BomLinesPage } from '@portal/domain/schemas/bom-lines';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { line } from '../../../test/bom-fixtures';
import { sessionQueryKey } from '../../auth';
import { clientFor, ENQUIRY_ID, json, stubApi } from '../test/enquiry-fixtures';
import { BomPanel } from './BomPanel';

const LINE_ID = '66666666-6666-4666-8666-000000000001';
const MANUFACTURER_ID = '77777777-7777-4777-8777-000000000001';
const ARTICLE_ID = '88888888-8888-4888-8888-000000000001';
const MAPPING = [
  { importHeader: 'Menge', bomField: 'quantity' as const },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' as const },
];
const COUNTS = {
  total: 3,
  byStatus: { MATCHED: 2, NOT_FOUND: 1, DUPLICATE: 0, WRONG_UNIT: 0, MISSING_VALUES: 0, SUPPLIED: 0 },
};

function mappedBom(values: Partial<EnquiryBom> = {}): EnquiryBom {
  return {
    enquiryId: ENQUIRY_ID,
    bomFileName: 'Stückliste EPLAN.xlsx',
    size: 18_432,
    headerRowIndex: 1,
    headers: ['Menge', 'Bestellnummer'],
    proposedSuppliedPartString: null,
    proposedMapping: MAPPING,
    fieldMapping: MAPPING,
    suppliedPartString: null,
    lineCounts: COUNTS,
    createDate: '2026-11-22T10:00:00.000Z',
    lastUpdate: '2026-11-22T10:00:00.000Z',
    ...values,
  };
}

const notFound: BomLine = line({
  id: LINE_ID,
  rowNumber: 5,
  quantity: 2,
  bmk: '-K1',
  orderNumber: 'X-99',
  manufacturerName: 'Phoenix',
});

const page = (): BomLinesPage => ({ content: [notFound], totalElements: 1, counts: COUNTS });
const ESTIMATE: BomEstimate = {
  low: 1234,
  high: 1890,
  amount: 2,
  total: { low: 2468, high: 3780 },
  breakdown: {
    lineCount: 3,
    suppliedLines: 0,
    errorLines: 1,
    sums: { discountedSum: 100, restSum: 0, materialSum: 100, pricedLines: 2, unpricedLines: 1 },
    errorFactor: 1.3333,
    markup: { low: 26.67, high: 46.67 },
    suppliedParts: { count: 0, surcharge: 0, tiers: [] },
    work: {
      matchedMinutes: 10,
      unmatchedParts: 1,
      low: 20,
      high: 25,
      hourlyRate: 65,
      lowFactor: 1,
      costLow: 21.67,
      costHigh: 27.08,
    },
    exact: { low: 1234.1, high: 1890.2 },
  },
};

function routes(bom: EnquiryBom) {
  return {
    'GET /api/enquiry/bom/info': () => json(bom),
    'GET /api/enquiry/bom/lines': () => json(page()),
    'GET /api/enquiry/bom/estimate': () => json(ESTIMATE),
    'GET /api/enquiry/bom/summed': () => json({ content: [], totalPrice: 0 }),
    'GET /api/enquiry/bom/manufacturer-names': () => json({ total: 0, names: [] }),
  };
}

function operatorClient(): QueryClient {
  const client = clientFor('CUSTOMER');
  const session = client.getQueryData(sessionQueryKey) as { company: object };
  client.setQueryData(sessionQueryKey, { ...session, company: { ...session.company, type: 'ADMIN' } });
  return client;
}

function renderPanel({ editable = true, client = clientFor('CUSTOMER') } = {}) {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={client}>
      <BomPanel enquiryId={ENQUIRY_ID} editable={editable} />
    </QueryClientProvider>,
  );
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe('BomPanel with a mapped BOM: estimate, lines, summed BOM', { timeout: 30_000 }, () => {
  it('an unmapped BOM shows no lines and asks for none', async () => {
    const api = stubApi(routes(mappedBom({ fieldMapping: null, lineCounts: null })));
    renderPanel();
    await screen.findByTestId('bom-file');
    expect(screen.queryByTestId('bom-results')).not.toBeInTheDocument();
    expect(api.calls('GET /api/enquiry/bom/lines')).toHaveLength(0);
    expect(api.calls('GET /api/enquiry/bom/estimate')).toHaveLength(0);
  });

  it('shows the estimate and the lines of the enquiry; "Summenstückliste" switches to the summed BOM', async () => {
    const api = stubApi(routes(mappedBom()));
    const user = renderPanel();
    expect(await screen.findByTestId('bom-estimate-per-cabinet')).toHaveTextContent(
      '1.234 € – 1.890 € je Schaltschrank',
    );
    const grid = await screen.findByRole('table', { name: 'Zeilen der Stückliste' });
    expect(await within(grid).findByText('X-99')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Zeilen nach Status filtern' })).toHaveTextContent('Alle 3');
    const query = api.calls('GET /api/enquiry/bom/lines')[0]!.url.searchParams;
    expect(query.get('enquiryId')).toBe(ENQUIRY_ID);
    expect(query.get('column')).toBe('orderNumber');
    expect(api.calls('GET /api/enquiry/bom/estimate')[0]!.url.searchParams.get('enquiryId')).toBe(ENQUIRY_ID);

    await user.click(screen.getByText('Summenstückliste'));
    expect(await screen.findByTestId('summed-total')).toHaveTextContent('Gesamtpreis: 0,00 €');
    expect(api.calls('GET /api/enquiry/bom/summed')[0]!.url.searchParams.get('enquiryId')).toBe(ENQUIRY_ID);
  });

  it('the customer corrects a line: update call, toast, lines and estimate loaded again', async () => {
    const api = stubApi({
      ...routes(mappedBom()),
      'POST /api/enquiry/bom/line/update': () =>
        json({ ...notFound, quantity: 3, manufacturerNumber: 'UT 4', edited: true, status: 'MATCHED' }),
    });
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Zeile 5 bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zeile 5 bearbeiten' });
    const quantity = within(dialog).getByLabelText(/Menge/);
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.type(within(dialog).getByLabelText('Herstellernummer'), 'UT 4');
    const linesBefore = api.calls('GET /api/enquiry/bom/lines').length;
    const estimatesBefore = api.calls('GET /api/enquiry/bom/estimate').length;
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.calls('POST /api/enquiry/bom/line/update')).toHaveLength(1));
    expect(api.calls('POST /api/enquiry/bom/line/update')[0]!.body).toEqual({
      enquiryId: ENQUIRY_ID,
      lineId: LINE_ID,
      quantity: 3,
      unit: 'Stk',
      orderNumber: 'X-99',
      manufacturerNumber: 'UT 4',
      manufacturerName: 'Phoenix',
    });
    expect(await screen.findByText('Die Zeile wurde gespeichert und neu zugeordnet.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/enquiry/bom/lines').length).toBeGreaterThan(linesBefore));
    await waitFor(() =>
      expect(api.calls('GET /api/enquiry/bom/estimate').length).toBeGreaterThan(estimatesBefore),
    );
  });

  it('a released enquiry shows the lines without "Bearbeiten"; customers never see "Artikel zuordnen"', async () => {
    stubApi(routes(mappedBom()));
    renderPanel({ editable: false });
    const grid = await screen.findByRole('table', { name: 'Zeilen der Stückliste' });
    await within(grid).findByText('X-99');
    expect(screen.queryByRole('button', { name: 'Zeile 5 bearbeiten' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Artikel für Zeile 5 zuordnen' })).not.toBeInTheDocument();
  });

  it('a released BOM: the unknown manufacturer names are read with who assigns them, without actions', async () => {
    stubApi({
      ...routes(mappedBom()),
      'GET /api/enquiry/bom/manufacturer-names': () =>
        json({ total: 1, names: [{ name: 'PHO', lines: 3, candidates: [] }] }),
    });
    renderPanel({ editable: false });
    const panel = await screen.findByRole('region', { name: 'Unbekannte Hersteller' });
    expect(
      within(panel).getByRole('heading', { level: 3, name: 'Unbekannte Hersteller' }),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('group', { name: 'PHO' })).toHaveTextContent('3 Zeilen');
    expect(panel).toHaveTextContent('Ein Administrator des Portalbetreibers ordnet sie einem Hersteller zu.');
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it("the customer's draft: a name takes one of the manufacturers that have its numbers, never a new one", async () => {
    const api = stubApi({
      ...routes(mappedBom()),
      'GET /api/enquiry/bom/manufacturer-names': () =>
        json({
          total: 1,
          names: [
            {
              name: 'PHO',
              lines: 3,
              candidates: [{ id: MANUFACTURER_ID, displayName: 'Phoenix Contact', lines: 3 }],
            },
          ],
        }),
      'POST /api/enquiry/bom/manufacturer-names': () =>
        json({
          manufacturer: { id: MANUFACTURER_ID, displayName: 'Phoenix Contact' },
          rematchedLines: 3,
          unknownManufacturers: { total: 0, names: [] },
        }),
    });
    const user = renderPanel();
    const row = within(await screen.findByRole('region', { name: 'Unbekannte Hersteller' })).getByRole(
      'group',
      {
        name: 'PHO',
      },
    );
    expect(within(row).queryByRole('button', { name: '„PHO“ anlegen' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('combobox', { name: 'Vorhandener Hersteller für „PHO“' }));
    await user.click(await screen.findByRole('option', { name: 'Phoenix Contact' }));
    await user.click(
      within(row).getByRole('button', { name: 'in dieser Stückliste als Phoenix Contact übernehmen' }),
    );
    await waitFor(() => expect(api.calls('POST /api/enquiry/bom/manufacturer-names')).toHaveLength(1));
    expect(api.calls('POST /api/enquiry/bom/manufacturer-names')[0]!.body).toEqual({
      enquiryId: ENQUIRY_ID,
      name: 'PHO',
      manufacturerId: MANUFACTURER_ID,
    });
    expect(
      await screen.findByText(
        'Die 3 Zeilen mit „PHO“ nennen jetzt den Hersteller „Phoenix Contact“ und wurden neu abgeglichen.',
      ),
    ).toBeInTheDocument();
  });

  it("the customer's draft: a suggestion is taken into the line as its edit (number and manufacturer)", async () => {
    const withSuggestion = {
      ...notFound,
      orderNumber: 'X-99',
      suggestions: [
        { articleId: ARTICLE_ID, manufacturerName: 'Phoenix Contact', orderNumber: 'X-90', score: 67 },
      ],
    };
    const api = stubApi({
      ...routes(mappedBom()),
      'GET /api/enquiry/bom/lines': () =>
        json({ content: [withSuggestion], totalElements: 1, counts: COUNTS }),
      'POST /api/enquiry/bom/line/update': () =>
        json({ ...withSuggestion, status: 'MATCHED', suggestions: [] }),
    });
    const user = renderPanel();
    await user.click(
      await screen.findByRole('button', { name: 'Vorschläge für Zeile 5 (1 ähnlicher Artikel)' }),
    );
    await user.click(
      await screen.findByRole('menuitem', { name: 'X-90 von Phoenix Contact übernehmen (Ähnlichkeit 67 %)' }),
    );
    await waitFor(() => expect(api.calls('POST /api/enquiry/bom/line/update')).toHaveLength(1));
    expect(api.calls('POST /api/enquiry/bom/line/update')[0]!.body).toMatchObject({
      enquiryId: ENQUIRY_ID,
      lineId: LINE_ID,
      quantity: 2,
      orderNumber: 'X-90',
      manufacturerName: 'Phoenix Contact',
    });
    expect(
      await screen.findByText('Der Vorschlag wurde in die Zeile übernommen; sie wurde neu abgeglichen.'),
    ).toBeInTheDocument();
  });

  it('operators get "Artikel zuordnen" on a line that was not found', async () => {
    stubApi(routes(mappedBom()));
    renderPanel({ editable: false, client: operatorClient() });
    expect(await screen.findByRole('button', { name: 'Artikel für Zeile 5 zuordnen' })).toBeInTheDocument();
  });

  it('saving the mapping again loads the lines and the estimate anew', async () => {
    const api = stubApi({
      ...routes(mappedBom()),
      'POST /api/enquiry/bom/map': () => json(mappedBom({ lastUpdate: '2026-11-22T12:00:00.000Z' })),
    });
    const user = renderPanel();
    await screen.findByTestId('bom-estimate');
    await waitFor(() => expect(api.calls('GET /api/enquiry/bom/lines')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: /^Spalten zuordnen:/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Spalten zuordnen' });
    await user.click(within(drawer).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.calls('POST /api/enquiry/bom/map')).toHaveLength(1));
    await waitFor(() => expect(api.calls('GET /api/enquiry/bom/lines')).toHaveLength(2));
    await waitFor(() => expect(api.calls('GET /api/enquiry/bom/estimate')).toHaveLength(2));
  });
});
