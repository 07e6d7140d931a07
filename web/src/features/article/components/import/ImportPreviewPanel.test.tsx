import type { ImportPreviewResponse, ImportRunResponse } from '@portal/domain/schemas/article-import';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../components/test/render';
import { useImportPreview } from '../../api/import-preview';
import { ImportPreviewPanel } from './ImportPreviewPanel';

const RUN: ImportRunResponse = {
  id: '11111111-1111-4111-8111-111111111111',
  state: 'PREVIEW',
  configId: '22222222-2222-4222-8222-222222222222',
  configTitle: 'Großhändlerkatalog',
  fileName: 'katalog.csv',
  percent: 45,
  minutesSinceStart: 0,
  createdAt: '2026-03-02T08:00:00.000Z',
  startedAt: '2026-03-02T08:00:01.000Z',
  finishedAt: null,
  processedRows: 1250,
  totalRows: 1250,
  createdCount: 0,
  updatedCount: 0,
  unchangedCount: 0,
  errorCount: 0,
  lastCommittedLine: null,
  message: null,
  warning: false,
  abortRequested: false,
};

const PREVIEW: ImportPreviewResponse = {
  run: RUN,
  preview: {
    rows: 1250,
    created: 1000,
    changed: 120,
    unchanged: 80,
    refused: 50,
    refusedByKind: [
      {
        kind: 'UNKNOWN_MANUFACTURER',
        rows: 42,
        firstLine: 7,
        example: 'Der Hersteller „Hager“ ist nicht bekannt (auch nicht als Namensvariante).',
      },
      {
        kind: 'UNKNOWN_UNIT',
        rows: 3,
        firstLine: 9,
        example: 'Die Einheit „Fass“ ist nicht bekannt (auch nicht als Namensvariante).',
      },
      {
        kind: 'MISSING_NUMBERS',
        rows: 5,
        firstLine: 12,
        example: 'Bestellnummer und Herstellernummer fehlen.',
      },
    ],
    unknownManufacturers: { total: 1, names: [{ name: 'Hager', rows: 42 }] },
    unknownUnits: { total: 1, names: [{ name: 'Fass', rows: 3 }] },
  },
};

const RESOLVED: ImportPreviewResponse = {
  run: RUN,
  preview: {
    ...PREVIEW.preview,
    created: 1042,
    refused: 8,
    refusedByKind: PREVIEW.preview.refusedByKind.slice(1),
    unknownManufacturers: { total: 0, names: [] },
  },
};

const STUECK = {
  id: '33333333-3333-4333-8333-333333333333',
  displayName: 'Stück',
  nameVariants: ['Stk'],
  lastUpdate: '2026-11-20T09:00:00.000Z',
};

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** The server: the preview (recounted after a name resolution), the master data lists and the confirm. */
function serve() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  let current = PREVIEW;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ url: path, method: init?.method ?? 'GET', body });
      if (path.startsWith('/api/manufacturer/all')) return json({ content: [], totalElements: 0 });
      if (path.startsWith('/api/unit/all')) return json({ content: [STUECK], totalElements: 1 });
      if (path === '/api/article/import/preview') return json(current);
      if (path === '/api/article/import/preview/names') {
        current = RESOLVED;
        return json(RESOLVED);
      }
      if (path === '/api/article/import/confirm') {
        return json({ running: true, percent: 45, minutesSinceStart: 0, run: { ...RUN, state: 'QUEUED' } });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

/** As the import dialog shows it: the panel over the preview query. */
function Harness({ onDone }: { onDone(outcome: string): void }) {
  const preview = useImportPreview(true);
  return preview.data ? <ImportPreviewPanel data={preview.data} onDone={onDone} /> : null;
}

async function renderPanel(onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <Harness onDone={onDone} />
    </QueryClientProvider>,
  );
  await screen.findByTestId('import-preview');
  return { onDone };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ImportPreviewPanel: show before writing', () => {
  it('shows what the import would do, the refusals by reason and the unknown names with their actions', async () => {
    serve();
    await renderPanel();
    expect(screen.getByText('Vorschau: katalog.csv (Großhändlerkatalog)')).toBeInTheDocument();
    expect(screen.getByTestId('preview-rows')).toHaveTextContent('1.250');
    expect(screen.getByTestId('preview-created')).toHaveTextContent('1.000');
    expect(screen.getByTestId('preview-changed')).toHaveTextContent('120');
    expect(screen.getByTestId('preview-unchanged')).toHaveTextContent('80');
    expect(screen.getByTestId('preview-refused')).toHaveTextContent('50');
    const refusals = screen.getByRole('table', { name: 'Abgelehnte Zeilen nach Grund' });
    const rows = within(refusals)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Hersteller nicht bekannt42Zeile 7: Der Hersteller „Hager“ ist nicht bekannt (auch nicht als Namensvariante).',
      'Einheit nicht bekannt3Zeile 9: Die Einheit „Fass“ ist nicht bekannt (auch nicht als Namensvariante).',
      'Bestellnummer und Herstellernummer fehlen5Zeile 12: Bestellnummer und Herstellernummer fehlen.',
    ]);
    const hager = screen.getByRole('group', { name: 'Hager' });
    expect(within(hager).getByText('42 Zeilen')).toBeInTheDocument();
    expect(within(hager).getByRole('button', { name: '„Hager“ anlegen' })).toHaveTextContent('anlegen');
    expect(within(hager).getByRole('button', { name: 'als Variante von … zuordnen' })).toBeDisabled();
    expect(screen.getByText('Unbekannte Hersteller')).toBeInTheDocument();
    expect(screen.getByText('Unbekannte Einheiten')).toBeInTheDocument();
  });

  it('"anlegen" creates the manufacturer and shows the preview counted again', async () => {
    const calls = serve();
    const user = userEvent.setup();
    await renderPanel();
    await user.click(screen.getByRole('button', { name: '„Hager“ anlegen' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Hager' })).not.toBeInTheDocument());
    expect(calls.find((call) => call.url === '/api/article/import/preview/names')).toMatchObject({
      method: 'POST',
      body: { action: 'CREATE', kind: 'MANUFACTURER', name: 'Hager' },
    });
    expect(screen.getByTestId('preview-created')).toHaveTextContent('1.042');
    expect(screen.queryByText('Unbekannte Hersteller')).not.toBeInTheDocument();
    expect(await screen.findByText('Der Hersteller „Hager“ wurde angelegt.')).toBeInTheDocument();
  });

  it('assigns an unknown unit as name variant of the unit chosen in the searchable list', async () => {
    const calls = serve();
    const user = userEvent.setup();
    await renderPanel();
    const fass = screen.getByRole('group', { name: 'Fass' });
    await user.click(within(fass).getByRole('combobox', { name: 'Vorhandene Einheit für „Fass“' }));
    await user.click(await screen.findByRole('option', { name: 'Stück' }));
    await user.click(within(fass).getByRole('button', { name: 'als Variante von Stück zuordnen' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/article/import/preview/names')?.body).toEqual({
        action: 'VARIANT',
        kind: 'UNIT',
        name: 'Fass',
        targetId: STUECK.id,
      }),
    );
    expect(
      await screen.findByText('„Fass“ ist jetzt eine Namensvariante der Einheit „Stück“.'),
    ).toBeInTheDocument();
  });

  it('"Übernehmen" confirms the import', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const { onDone } = await renderPanel();
    await user.click(screen.getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('confirmed'));
    expect(calls.find((call) => call.url === '/api/article/import/confirm')?.method).toBe('POST');
  });
});
