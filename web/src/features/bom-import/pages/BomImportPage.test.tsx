import type { AdminBom } from '@portal/domain/schemas/admin-bom';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { clientFor } from '../../../test/session-client';
import { json, stubApi } from '../../../test/stub-api';
import BomImportPage from './BomImportPage';

const BOM_ID = '44444444-4444-4444-8444-444444444444';
const COUNTS = {
  total: 5,
  byStatus: { MATCHED: 2, NOT_FOUND: 3, DUPLICATE: 0, WRONG_UNIT: 0, MISSING_VALUES: 0, SUPPLIED: 0 },
};

function result(values: Partial<AdminBom> = {}): AdminBom {
  return {
    id: BOM_ID,
    bomFileName: 'Stückliste Presse 7.csv',
    size: 258,
    headerRowIndex: 3,
    headers: ['Menge', 'ME', 'Hersteller', 'Bestellnummer', 'BMK'],
    proposedSuppliedPartString: null,
    proposedMapping: [
      { importHeader: 'Menge', bomField: 'quantity' },
      { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
    ],
    fieldMapping: null,
    suppliedPartString: null,
    lineCounts: null,
    successRate: null,
    createDate: '2026-11-22T22:00:00.000Z',
    lastUpdate: '2026-11-22T22:00:00.000Z',
    ...values,
  };
}

const history = {
  content: [
    {
      id: BOM_ID,
      bomFileName: 'Stückliste Presse 7.csv',
      createDate: '2026-11-22T22:00:00.000Z',
      lineCount: 5,
      successRate: 40,
      createdByName: 'Anna Admin',
    },
  ],
  totalElements: 1,
};

const emptyLines = { content: [], totalElements: 0, counts: COUNTS };

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={clientFor('CUSTOMER')}>
      <BomImportPage />
    </QueryClientProvider>,
  );
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe('BomImportPage (/import/stueckliste)', () => {
  it('an upload opens the side panel with the proposed header row; "Speichern" maps and shows the success rate', async () => {
    let mapped = false;
    const api = stubApi({
      'GET /api/admin/bom/all/simple': () => json(history),
      'POST /api/admin/bom/upload': () => json(result()),
      'GET /api/admin/bom/': () =>
        json(mapped ? result({ fieldMapping: [], lineCounts: COUNTS, successRate: 40 }) : result()),
      'POST /api/admin/bom/map': () => {
        mapped = true;
        return json(
          result({
            fieldMapping: result().proposedMapping,
            lineCounts: COUNTS,
            successRate: 40,
          }),
        );
      },
      'GET /api/admin/bom/lines': () => json(emptyLines),
      'GET /api/admin/bom/manufacturer-names': () => json({ total: 0, names: [] }),
    });
    const user = renderPage();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(
      input,
      new File(['Menge;Bestellnummer\n1;A'], 'Stückliste Presse 7.csv', { type: 'text/csv' }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Spalten zuordnen' });
    expect(within(drawer).getByTestId('bom-header-row-index')).toHaveValue('3');
    await user.click(within(drawer).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.calls('POST /api/admin/bom/map')).toHaveLength(1));
    expect(api.calls('POST /api/admin/bom/map')[0]?.body).toMatchObject({
      id: BOM_ID,
      headerRowIndex: 3,
      fieldMapping: result().proposedMapping,
    });
    expect(await screen.findByTestId('bom-result-summary')).toHaveTextContent('Erfolgsquote 40 %');
    expect(screen.getByTestId('bom-result-summary')).toHaveTextContent('5 Zeilen');
  });

  it('the history loads a result and deletes one only after "Ja"', async () => {
    const api = stubApi({
      'GET /api/admin/bom/all/simple': () => json(history),
      'GET /api/admin/bom/': () => json(result({ fieldMapping: [], lineCounts: COUNTS, successRate: 40 })),
      'GET /api/admin/bom/lines': () => json(emptyLines),
      'GET /api/admin/bom/manufacturer-names': () => json({ total: 0, names: [] }),
      'GET /api/admin/bom/delete': () => new Response(null, { status: 204 }),
    });
    const user = renderPage();
    const row = await screen.findByTestId('bom-history-row');
    expect(row).toHaveTextContent('Anna Admin');
    expect(row).toHaveTextContent('40 %');
    await user.click(within(row).getByRole('button', { name: 'Laden: Stückliste Presse 7.csv' }));
    expect(await screen.findByTestId('bom-result-name')).toHaveTextContent('Stückliste Presse 7.csv');

    await user.click(within(row).getByRole('button', { name: 'Löschen: Stückliste Presse 7.csv' }));
    await user.click(await screen.findByRole('button', { name: 'Nein' }));
    expect(api.calls('GET /api/admin/bom/delete')).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: 'Löschen: Stückliste Presse 7.csv' }));
    await user.click(await screen.findByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(api.calls('GET /api/admin/bom/delete')).toHaveLength(1));
    expect(api.calls('GET /api/admin/bom/delete')[0]?.url.searchParams.get('adminBOMResultIds')).toBe(BOM_ID);
    await waitFor(() => expect(screen.queryByTestId('bom-result-name')).toBeNull());
  });
});
