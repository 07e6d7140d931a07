import type { ImportRunListItem } from '@portal/domain/schemas/article-import';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../components/test/render';
import { ImportRunHistory } from './ImportRunHistory';

const RUN: ImportRunListItem = {
  id: '11111111-1111-4111-8111-111111111111',
  state: 'SUCCEEDED',
  configTitle: 'Lieferantenkatalog',
  fileName: 'katalog-fehler.csv',
  createdAt: '2026-03-02T08:00:00.000Z',
  startedAt: '2026-03-02T08:00:01.000Z',
  finishedAt: '2026-03-02T08:01:00.000Z',
  createdCount: 12,
  updatedCount: 3,
  unchangedCount: 0,
  errorCount: 7,
  message: null,
  warning: false,
  hasErrorReport: true,
};
const EMPTY_FILE: ImportRunListItem = {
  ...RUN,
  id: '22222222-2222-4222-8222-222222222222',
  fileName: 'nur-kopfzeile.csv',
  createdAt: '2026-03-02T09:00:00.000Z',
  createdCount: 0,
  updatedCount: 0,
  errorCount: 0,
  message: 'Die Datei enthält keine Datenzeilen.',
  warning: true,
  hasErrorReport: false,
};

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ImportRunHistory: the history of import runs', () => {
  it('lists the runs with their counts, the warning and a download of each error report', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (String(url).startsWith('/api/article/import/runs')) {
        return json({ content: [EMPTY_FILE, RUN], totalElements: 2 });
      }
      return new Response('Zeile;Bestellnummer;Fehler\r\n', {
        status: 200,
        headers: { 'x-filename': 'Importfehler.csv' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ImportRunHistory />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Letzte Importe')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Letzte Importe' });
    const warningRow = (await within(table).findByText('nur-kopfzeile.csv')).closest('tr')!;
    expect(within(warningRow).getByText('Abgeschlossen mit Hinweis')).toBeInTheDocument();
    expect(within(warningRow).getByText('Die Datei enthält keine Datenzeilen.')).toBeInTheDocument();
    expect(within(warningRow).queryByRole('button')).not.toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toContain('page=0');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('paginationSize=10');

    const errorRow = within(table).getByText('katalog-fehler.csv').closest('tr')!;
    expect(within(errorRow).getByText('Abgeschlossen')).toBeInTheDocument();
    expect(within(errorRow).getByText('12')).toBeInTheDocument();
    expect(within(errorRow).getByText('7')).toBeInTheDocument();
    await user.click(
      within(errorRow).getByRole('button', { name: 'Fehlerbericht zu katalog-fehler.csv herunterladen' }),
    );
    expect(fetchMock).toHaveBeenCalledWith(`/api/article/import/report?runId=${RUN.id}`, expect.anything());
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
  });
});
