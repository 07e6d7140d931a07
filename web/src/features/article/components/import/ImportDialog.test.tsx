import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../components/test/render';
import { ApiError } from '../../../../lib/api-client';
import { ImportDialog, importErrorMessage } from './ImportDialog';

describe('importErrorMessage (SPEC §8 import errors)', () => {
  const t = (key: string) => `text:${key}`;
  it('names 409 already running, 424 upload failed, 417 as the server explains it, else the default', () => {
    expect(importErrorMessage(new ApiError(409, 'ARTICLE_IMPORT_RUNNING', 'x'), t)).toBe('text:errors.409');
    expect(importErrorMessage(new ApiError(424, 'ARTICLE_IMPORT_UPLOAD_FAILED', 'x'), t)).toBe(
      'text:errors.424',
    );
    expect(importErrorMessage(new ApiError(417, 'ARTICLE_IMPORT_WRONG_FORMAT', 'Spalte fehlt'), t)).toBe(
      'Spalte fehlt',
    );
    expect(importErrorMessage(new Error('Netzwerk'), t)).toBe('text:errors.default');
  });
});

const CONFIG = {
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Großhandel Süd',
  description: 'DATANORM mit Hersteller',
  manufacturerId: '33333333-3333-4333-8333-333333333333',
  manufacturerName: 'Weidmüller',
  wholesalerId: '44444444-4444-4444-8444-444444444444',
  wholesalerName: 'Elektro-Großhandel Süd',
  defaultUnitId: null,
  defaultUnitName: null,
  filename: null,
  samplePath: null,
  headers: ['Artikelnummer'],
  headerRowIndex: 1,
  fieldMapping: [{ importHeader: 'Artikelnummer', articleField: 'orderNumber' }],
  unitWidth: 'MM',
  unitHeight: 'MM',
  unitDepth: 'MM',
  unitWeight: 'KG',
  createDate: '2026-11-20T09:00:00.000Z',
  lastUpdate: '2026-11-20T09:00:00.000Z',
};

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** The server of the dialog: its configurations, no import yet, and the start that records what it got. */
function serve() {
  const started: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      if (path.startsWith('/api/import/config/all')) return json([CONFIG]);
      if (path.startsWith('/api/article/import/runs')) return json({ content: [], totalElements: 0 });
      if (path === '/api/article/import' && init?.method === 'POST') {
        started.push(init.body as FormData);
        return json({ running: false, percent: 0, minutesSinceStart: 0, run: null });
      }
      if (path === '/api/article/import')
        return json({ running: false, percent: 0, minutesSinceStart: 0, run: null });
      return new Response('{}', { status: 404 });
    }),
  );
  return started;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ImportDialog: catalog files', () => {
  it('offers an optional configuration for a DATANORM group file and sends the one chosen', async () => {
    const started = serve();
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { baseElement } = renderWithProviders(
      <QueryClientProvider client={client}>
        <ImportDialog opened onClose={() => {}} />
      </QueryClientProvider>,
    );
    const input = await waitFor(() => {
      const found = baseElement.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('no file input yet');
      return found;
    });
    await user.upload(input, new File(['R;N;RG10;1;2500;Schütze;'], 'DATANORM.RAB'));
    expect(await screen.findByTestId('import-catalog-note')).toBeInTheDocument();
    await user.click(screen.getByTestId('import-catalog-config-select'));
    await user.click(await screen.findByRole('option', { name: 'Großhandel Süd' }));
    await user.click(screen.getByTestId('import-start'));
    await waitFor(() => expect(started).toHaveLength(1));
    const [sent] = started;
    expect(sent?.get('importConfigId')).toBe(CONFIG.id);
    expect((sent?.get('file') as File | null)?.name).toBe('DATANORM.RAB');
  });
});
