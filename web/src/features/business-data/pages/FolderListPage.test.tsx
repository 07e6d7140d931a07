import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { FOLDER_ID, folderClient, json, listItem, stubApi } from '../test/folder-fixtures';
import { FolderListPage } from './FolderListPage';

function OpenedFolder() {
  return <p>Ordner {useParams().id}</p>;
}

function renderList(client: QueryClient) {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={client}>
      <Routes>
        <Route path="/business-data" element={<FolderListPage />} />
        <Route path="/business-data/:id" element={<OpenedFolder />} />
      </Routes>
    </QueryClientProvider>,
    { route: '/business-data' },
  );
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe('FolderListPage', { timeout: 30_000 }, () => {
  it('shows the folders with German state, version, file count, the shared marker; a row opens the folder', async () => {
    const api = stubApi({
      'GET /api/offer/businessdata/list': () =>
        json({
          content: [
            listItem(),
            listItem({
              folderId: 'b'.repeat(64),
              referenceNumber: 'R-99',
              offerNumber: 'A-2026-9',
              version: 1,
              state: 'OPEN',
              fileCount: 0,
              access: 'SHARED',
            }),
          ],
          totalElements: 2,
        }),
    });
    const user = renderList(folderClient('SUPPLIER'));
    const table = await screen.findByRole('table', { name: 'Projektordner' });
    await within(table).findByText('R-17');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.trim());
    expect(headers).toEqual([
      'Referenz',
      'Angebotsnummer',
      'Kunde',
      'Lieferant',
      'Status',
      'Dateien',
      'Letzte Änderung',
    ]);
    expect(within(table).getByText('A-2026-7 (Version 2)')).toBeInTheDocument();
    expect(within(table).getByText('Angenommen')).toBeInTheDocument();
    expect(within(table).getByText('Offen')).toBeInTheDocument();
    expect(within(table).getAllByText('21.11.2026')).toHaveLength(2);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).queryByText('Mit mir geteilt')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Mit mir geteilt')).toBeInTheDocument();
    expect(Object.fromEntries(api.calls('GET /api/offer/businessdata/list')[0]!.url.searchParams)).toEqual({
      page: '0',
      paginationSize: '10',
    });

    await user.type(screen.getByPlaceholderText('Suche nach Referenz- oder Angebotsnummer'), 'A-2026');
    await waitFor(() =>
      expect(api.calls('GET /api/offer/businessdata/list').at(-1)!.url.searchParams.get('search')).toBe(
        'A-2026',
      ),
    );
    await user.click(within(table).getByText('R-17'));
    expect(await screen.findByText(`Ordner ${FOLDER_ID}`)).toBeInTheDocument();
  });

  it('externals without shared folders see a text instead of the table', async () => {
    stubApi({ 'GET /api/offer/businessdata/list': () => json({ content: [], totalElements: 0 }) });
    renderList(folderClient('EXTERNAL', false));
    expect(
      await screen.findByText('Es wurden noch keine Projektordner mit Ihnen geteilt.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('companies without folders see their own text', async () => {
    stubApi({ 'GET /api/offer/businessdata/list': () => json({ content: [], totalElements: 0 }) });
    renderList(folderClient('CUSTOMER'));
    expect(await screen.findByText('Es gibt noch keine Projektordner.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
