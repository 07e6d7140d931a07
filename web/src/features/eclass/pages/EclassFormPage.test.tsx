import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import EclassFormPage from './EclassFormPage';

const ID = '11111111-1111-4111-8111-111111111111';
const entry = {
  id: ID,
  eclassNumber: '27371001',
  description: 'Schütz',
  workTime: 0.5,
  firstLevelOrder: 1,
  secondLevelOrder: 2,
  createDate: '2026-01-01T10:00:00.000Z',
  lastUpdate: '2026-01-01T10:00:00.000Z',
};
const history = [
  {
    id: '22222222-2222-4222-8222-222222222222',
    userName: 'Olga Betreiber',
    field: 'description',
    oldValue: 'Relais',
    newValue: 'Schütz',
    createDate: '2026-01-01T10:00:00.000Z',
  },
];

const workTimeChange = {
  id: '33333333-3333-4333-8333-333333333333',
  userName: 'Olga Betreiber',
  field: 'workTime',
  oldValue: '0.5',
  newValue: '0.75',
  createDate: '2026-01-02T10:00:00.000Z',
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('EclassFormPage: saving an existing entry', () => {
  it('keeps the page and shows the change the save answers with in the history at once', async () => {
    let saved = false;
    let answerRefetch: () => void = () => {};
    const refetchAnswered = new Promise<void>((resolve) => {
      answerRefetch = resolve;
    });
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST' && url.includes('/eclass/update')) {
        saved = true;
        return json({ ...entry, workTime: 0.75, changeEntries: [...history, workTimeChange] });
      }
      // The refetch after the save takes a moment, as over a real network: it answers when the test says so.
      if (saved) await refetchAnswered;
      return json({ ...entry, changeEntries: history });
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const user = userEvent.setup();
    renderWithProviders(
      <QueryClientProvider client={client}>
        <EclassFormPage params={{ id: ID }} />
      </QueryClientProvider>,
      { route: `/fieldvalues/eclass/${ID}` },
    );
    expect(await screen.findByText('Olga Betreiber')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Der E-Class-Eintrag wurde gespeichert.')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1),
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    // Let React finish what the save's answer set off before looking at the page again.
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'E-Class-Eintrag 27371001' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Arbeitszeit' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '0,75' })).toBeInTheDocument();
    answerRefetch();
  });
});

describe('EclassFormPage: values as typed', () => {
  it('takes a pasted number with a leading space and refuses a negative work time with a message', async () => {
    const fetchMock = vi.fn(async () => json({ ...entry, changeEntries: [] }, 201));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const user = userEvent.setup();
    renderWithProviders(
      <QueryClientProvider client={client}>
        <EclassFormPage params={{ id: 'new' }} />
      </QueryClientProvider>,
      { route: '/fieldvalues/eclass/new' },
    );
    await user.type(screen.getByRole('textbox', { name: /^E-Class-Nummer/ }), ' 27371001');
    await user.type(screen.getByRole('textbox', { name: /^Beschreibung/ }), 'Schütz');
    const workTime = screen.getByRole('textbox', { name: /^Arbeitszeit/ });
    await user.clear(workTime);
    await user.type(workTime, '-3');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Arbeitszeit darf nicht negativ sein.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(workTime);
    await user.type(workTime, '0,5');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ eclassNumber: '27371001', workTime: 0.5 });
  });
});
