import {
  BOM_MAPPING_WARNINGS,
  type EnquiryBom,
  HEADER_ROW_MESSAGE,
  SUPPLIED_PART_TEXT_REQUIRED,
} from '@portal/domain/schemas/bom';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NARROW_SCREEN_QUERY } from '../../../components/data-table/DataTable';
import { matchMediaQueries, renderWithProviders } from '../../../components/test/render';
import { clientFor, ENQUIRY_ID, json, stubApi } from '../test/enquiry-fixtures';
import { BomPanel } from './BomPanel';

const HEADERS = ['Pos.', 'Menge', 'ME', 'Hersteller', 'Bestellnummer', 'Typnummer', 'BMK', 'Beistellung'];

function bom(values: Partial<EnquiryBom> = {}): EnquiryBom {
  return {
    enquiryId: ENQUIRY_ID,
    bomFileName: 'Stückliste EPLAN.xlsx',
    size: 18_432,
    headerRowIndex: 3,
    headers: HEADERS,
    proposedSuppliedPartString: null,
    proposedMapping: [
      { importHeader: 'Menge', bomField: 'quantity' },
      { importHeader: 'ME', bomField: 'unit' },
      { importHeader: 'Hersteller', bomField: 'manufacturer' },
      { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
      { importHeader: 'Typnummer', bomField: 'manufacturerNumber' },
      { importHeader: 'BMK', bomField: 'bmk' },
    ],
    fieldMapping: null,
    suppliedPartString: null,
    lineCounts: null,
    createDate: '2026-11-22T10:00:00.000Z',
    lastUpdate: '2026-11-22T10:00:00.000Z',
    ...values,
  };
}

function renderPanel(editable = true) {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={clientFor('CUSTOMER')}>
      <BomPanel enquiryId={ENQUIRY_ID} editable={editable} />
    </QueryClientProvider>,
  );
  return user;
}

const fieldSelect = (header: string) =>
  screen.getByLabelText(`Feld für die Spalte „${header}“`, { selector: 'input' });

async function choose(user: ReturnType<typeof userEvent.setup>, header: string, option: string) {
  const input = fieldSelect(header);
  await user.click(input);
  const listbox = await waitFor(() => {
    const open = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!open) throw new Error(`Die Auswahl für ${header} ist nicht offen.`);
    return open;
  });
  await user.click(within(listbox).getByRole('option', { name: option }));
}

async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Spalten zuordnen:/ }));
  return screen.findByRole('dialog', { name: 'Spalten zuordnen' });
}

afterEach(() => vi.unstubAllGlobals());

describe('BomPanel', { timeout: 30_000 }, () => {
  it('an upload shows the file row with the proposed header row and "Zuordnung fehlt"', async () => {
    const api = stubApi({
      'GET /api/enquiry/bom/info': () => json(null),
      'POST /api/enquiry/bom/upload': () => json(bom()),
    });
    const user = renderPanel();
    expect(await screen.findByText('Noch keine Stückliste hochgeladen.')).toBeInTheDocument();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe('.xlsx,.xls,.csv');
    await user.upload(input, new File(['x'], 'Stückliste EPLAN.xlsx'));
    const row = await screen.findByTestId('bom-file');
    expect(within(row).getByText('Stückliste EPLAN.xlsx')).toBeInTheDocument();
    expect(within(row).getByTestId('bom-header-row')).toHaveTextContent('Kopfzeile: Zeile 3 (Vorschlag)');
    expect(within(row).getByText('Zuordnung fehlt')).toBeInTheDocument();
    const [sent] = api.fetchMock.mock.calls.filter(([url]) => String(url).includes('/bom/upload'));
    const form = sent![1]!.body as FormData;
    expect(form.get('enquiryId')).toBe(ENQUIRY_ID);
    // enquiryId comes before the file: the server checks the access before it stores a byte.
    expect([...form.keys()]).toEqual(['enquiryId', 'file']);
    expect(form.has('headerRowIndex')).toBe(false);
    for (const name of ['Neu hochladen', 'Herunterladen', 'Löschen']) {
      expect(within(row).getByRole('button', { name: `${name}: Stückliste EPLAN.xlsx` })).toBeInTheDocument();
    }
  });

  it('the side panel shows the proposed mapping preselected and saves it with "Speichern"', async () => {
    const api = stubApi({
      'GET /api/enquiry/bom/info': () => json(bom()),
      'POST /api/enquiry/bom/map': (init) => {
        const body = JSON.parse(String(init?.body)) as Pick<EnquiryBom, 'fieldMapping'>;
        return json(bom({ fieldMapping: body.fieldMapping, lastUpdate: '2026-11-22T11:00:00.000Z' }));
      },
    });
    const user = renderPanel();
    const drawer = await openDrawer(user);
    expect(within(drawer).getByTestId('bom-proposal-note')).toHaveTextContent(/vorgeschlagen/);
    expect(within(drawer).getByTestId('bom-header-row-index')).toHaveValue('3');
    expect(fieldSelect('Menge')).toHaveValue('Menge');
    expect(fieldSelect('Bestellnummer')).toHaveValue('Bestellnummer');
    expect(fieldSelect('Typnummer')).toHaveValue('Herstellernummer');
    expect(fieldSelect('BMK')).toHaveValue('BMK (-)');
    expect(fieldSelect('Pos.')).toHaveValue('nicht übernehmen');
    // Opening the panel saves nothing.
    expect(api.calls('POST /api/enquiry/bom/map')).toHaveLength(0);
    await choose(user, 'BMK', 'nicht übernehmen');
    await user.click(within(drawer).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.calls('POST /api/enquiry/bom/map')).toHaveLength(1));
    expect(api.calls('POST /api/enquiry/bom/map')[0]!.body).toEqual({
      enquiryId: ENQUIRY_ID,
      headerRowIndex: 3,
      fieldMapping: [
        { importHeader: 'Menge', bomField: 'quantity' },
        { importHeader: 'ME', bomField: 'unit' },
        { importHeader: 'Hersteller', bomField: 'manufacturer' },
        { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
        { importHeader: 'Typnummer', bomField: 'manufacturerNumber' },
      ],
      suppliedPartString: null,
    });
    expect(await screen.findByText('Die Zuordnung wurde gespeichert.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('bom-mapping-state')).toHaveTextContent('Zugeordnet');
    expect(screen.getByTestId('bom-header-row')).toHaveTextContent('Kopfzeile: Zeile 3');
  });

  it('without order number or manufacturer number the warning shows and "Speichern" is refused', async () => {
    const api = stubApi({ 'GET /api/enquiry/bom/info': () => json(bom()) });
    const user = renderPanel();
    const drawer = await openDrawer(user);
    expect(within(drawer).queryByTestId('bom-missing-mapping')).not.toBeInTheDocument();
    await choose(user, 'Bestellnummer', 'nicht übernehmen');
    await choose(user, 'Typnummer', 'nicht übernehmen');
    expect(within(drawer).getByTestId('bom-missing-mapping')).toHaveTextContent(
      BOM_MAPPING_WARNINGS.missingMapping,
    );
    await user.click(within(drawer).getByRole('button', { name: 'Speichern' }));
    // The warning turns from a hint into the refusal.
    await waitFor(() =>
      expect(within(drawer).getByTestId('bom-missing-mapping').getAttribute('style')).toContain('red'),
    );
    expect(api.calls('POST /api/enquiry/bom/map')).toHaveLength(0);
  });

  it('a mapped supplied-part column needs the supplied-part text', async () => {
    const api = stubApi({
      'GET /api/enquiry/bom/info': () => json(bom()),
      'POST /api/enquiry/bom/map': (init) =>
        json(bom({ ...(JSON.parse(String(init?.body)) as object), enquiryId: ENQUIRY_ID })),
    });
    const user = renderPanel();
    const drawer = await openDrawer(user);
    expect(within(drawer).queryByLabelText(/Text für beigestellte Teile/)).not.toBeInTheDocument();
    await choose(user, 'Beistellung', 'Beigestellt');
    await user.click(within(drawer).getByRole('button', { name: 'Speichern' }));
    expect(await within(drawer).findByText(SUPPLIED_PART_TEXT_REQUIRED)).toBeInTheDocument();
    expect(api.calls('POST /api/enquiry/bom/map')).toHaveLength(0);
    await user.type(within(drawer).getByLabelText(/Text für beigestellte Teile/), 'beigestellt');
    await user.click(within(drawer).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.calls('POST /api/enquiry/bom/map')).toHaveLength(1));
    expect(api.calls('POST /api/enquiry/bom/map')[0]!.body).toMatchObject({
      suppliedPartString: 'beigestellt',
      fieldMapping: expect.arrayContaining([{ importHeader: 'Beistellung', bomField: 'isSuppliedPart' }]),
    });
  });

  it("takes the supplied-part column and text the file's values suggest", async () => {
    const proposed = bom({
      proposedMapping: [
        { importHeader: 'Menge', bomField: 'quantity' },
        { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
        { importHeader: 'Beistellung', bomField: 'isSuppliedPart' },
      ],
      proposedSuppliedPartString: 'beistellung',
    });
    const api = stubApi({
      'GET /api/enquiry/bom/info': () => json(proposed),
      'POST /api/enquiry/bom/map': (init) =>
        json(bom({ ...(JSON.parse(String(init?.body)) as object), enquiryId: ENQUIRY_ID })),
    });
    const user = renderPanel();
    const drawer = await openDrawer(user);
    expect(within(drawer).getByLabelText(/Text für beigestellte Teile/)).toHaveValue('beistellung');
    await user.click(within(drawer).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.calls('POST /api/enquiry/bom/map')).toHaveLength(1));
    expect(api.calls('POST /api/enquiry/bom/map')[0]!.body).toMatchObject({
      suppliedPartString: 'beistellung',
      fieldMapping: expect.arrayContaining([{ importHeader: 'Beistellung', bomField: 'isSuppliedPart' }]),
    });
  });

  it('"Kopfzeile übernehmen" checks the number, calls /header and shows the new headers', async () => {
    const api = stubApi({
      'GET /api/enquiry/bom/info': () => json(bom()),
      'POST /api/enquiry/bom/header': (init) => {
        const { headerRowIndex } = JSON.parse(String(init?.body)) as { headerRowIndex: number };
        if (headerRowIndex === 9) {
          return json({ code: 'VALIDATION', message: BOM_MAPPING_WARNINGS.noHeadersFound }, 422);
        }
        return json(
          bom({
            headerRowIndex,
            headers: ['Anzahl', 'Artikelnummer'],
            proposedMapping: [
              { importHeader: 'Anzahl', bomField: 'quantity' },
              { importHeader: 'Artikelnummer', bomField: 'orderNumber' },
            ],
            lastUpdate: '2026-11-22T10:30:00.000Z',
          }),
        );
      },
    });
    const user = renderPanel();
    const drawer = await openDrawer(user);
    const rowInput = within(drawer).getByTestId('bom-header-row-index');
    const apply = within(drawer).getByRole('button', { name: 'Kopfzeile übernehmen' });
    await user.clear(rowInput);
    await user.click(apply);
    expect(await within(drawer).findByText(HEADER_ROW_MESSAGE)).toBeInTheDocument();
    await user.type(rowInput, '0');
    await user.click(apply);
    expect(rowInput).toHaveValue('0');
    expect(within(drawer).getByText(HEADER_ROW_MESSAGE)).toBeInTheDocument();
    expect(api.calls('POST /api/enquiry/bom/header')).toHaveLength(0);

    await user.clear(rowInput);
    await user.type(rowInput, '9');
    await user.click(apply);
    expect(await within(drawer).findByTestId('bom-header-failed')).toHaveTextContent(
      BOM_MAPPING_WARNINGS.noHeadersFound,
    );

    await user.clear(rowInput);
    await user.type(rowInput, '2');
    await user.click(apply);
    await waitFor(() => expect(within(drawer).getAllByTestId('bom-mapping-row')).toHaveLength(2));
    expect(api.calls('POST /api/enquiry/bom/header').at(-1)!.body).toEqual({
      enquiryId: ENQUIRY_ID,
      headerRowIndex: 2,
    });
    expect(fieldSelect('Anzahl')).toHaveValue('Menge');
    expect(fieldSelect('Artikelnummer')).toHaveValue('Bestellnummer');
    expect(screen.getByTestId('bom-header-row')).toHaveTextContent('Kopfzeile: Zeile 2 (Vorschlag)');
    expect(api.calls('POST /api/enquiry/bom/map')).toHaveLength(0);
  });

  it('at phone width the side panel fills the screen and names each column above its field', async () => {
    const restore = matchMediaQueries([NARROW_SCREEN_QUERY]);
    try {
      stubApi({ 'GET /api/enquiry/bom/info': () => json(bom()) });
      const user = renderPanel();
      const drawer = await openDrawer(user);
      expect(drawer.closest('[style*="--drawer-size"]')?.getAttribute('style')).toContain('100%');
      expect(within(drawer).queryByRole('table')).not.toBeInTheDocument();
      // The column's name is the field's visible label.
      expect(within(drawer).getByText('Typnummer', { selector: 'label' })).toBeInTheDocument();
      expect(fieldSelect('Typnummer')).toHaveValue('Herstellernummer');
    } finally {
      restore();
    }
  });

  it('a released enquiry only offers the download', async () => {
    stubApi({
      'GET /api/enquiry/bom/info': () => json(bom({ fieldMapping: bom().proposedMapping })),
    });
    renderPanel(false);
    const row = await screen.findByTestId('bom-file');
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Herunterladen: Stückliste EPLAN.xlsx']);
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('delete asks Ja/Nein and only "Ja" deletes', async () => {
    const api = stubApi({
      'GET /api/enquiry/bom/info': () => json(bom()),
      'POST /api/enquiry/bom/delete': () => new Response(null, { status: 204 }),
    });
    const user = renderPanel();
    const remove = await screen.findByRole('button', { name: 'Löschen: Stückliste EPLAN.xlsx' });
    await user.click(remove);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Möchten Sie die Stückliste „Stückliste EPLAN.xlsx“');
    await user.click(within(dialog).getByRole('button', { name: 'Nein' }));
    expect(api.calls('POST /api/enquiry/bom/delete')).toHaveLength(0);
    await user.click(remove);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(api.calls('POST /api/enquiry/bom/delete')).toHaveLength(1));
    expect(api.calls('POST /api/enquiry/bom/delete')[0]!.body).toEqual({ enquiryId: ENQUIRY_ID });
    expect(await screen.findByText('Noch keine Stückliste hochgeladen.')).toBeInTheDocument();
  });
});
