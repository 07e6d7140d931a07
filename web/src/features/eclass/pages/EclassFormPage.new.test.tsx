import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import EclassFormPage from './EclassFormPage';

const ID = '11111111-1111-4111-8111-111111111111';
const created = {
  id: ID,
  eclassNumber: '27371001',
  description: 'Schütz',
  workTime: 0,
  firstLevelOrder: 0,
  secondLevelOrder: 0,
  createDate: '2026-01-01T10:00:00.000Z',
  lastUpdate: '2026-01-01T10:00:00.000Z',
};
/** What the server records on creation (SPEC §3): each field from nothing to its first value. */
const creation = [
  {
    id: '22222222-2222-4222-8222-222222222222',
    userName: 'Olga Betreiber',
    field: 'description',
    oldValue: null,
    newValue: 'Schütz',
    createDate: '2026-01-01T10:00:00.000Z',
  },
];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The page under its route, as the router hands it the `:id` of the address. */
function RoutedPage() {
  const params = useParams() as Record<string, string>;
  const location = useLocation();
  return (
    <>
      <output aria-label="Adresse">{location.pathname}</output>
      <EclassFormPage params={params} />
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('EclassFormPage: saving a new entry', { timeout: 30_000 }, () => {
  it('moves to the new entry and shows the history the save answers with, before the reload answers', async () => {
    let answerReload: () => void = () => {};
    const reloadAnswered = new Promise<void>((resolve) => {
      answerReload = resolve;
    });
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') return json({ ...created, changeEntries: creation }, 201);
      // The reload of the new entry takes a moment: until it answers, the page has the save's answer only.
      await reloadAnswered;
      return json({ ...created, changeEntries: creation });
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const user = userEvent.setup();
    renderWithProviders(
      <QueryClientProvider client={client}>
        <Routes>
          <Route path="/fieldvalues/eclass/:id" element={<RoutedPage />} />
        </Routes>
      </QueryClientProvider>,
      { route: '/fieldvalues/eclass/new' },
    );
    await user.type(screen.getByRole('textbox', { name: /^E-Class-Nummer/ }), '27371001');
    await user.type(screen.getByRole('textbox', { name: /^Beschreibung/ }), 'Schütz');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByText('Der E-Class-Eintrag wurde gespeichert.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status', { name: 'Adresse' })).toHaveTextContent(ID));
    expect(screen.getByRole('heading', { name: 'E-Class-Eintrag 27371001' })).toBeInTheDocument();
    const history = screen.getByRole('table', { name: 'Änderungsverlauf' });
    expect(within(history).getByRole('cell', { name: 'Beschreibung' })).toBeInTheDocument();
    expect(within(history).getByRole('cell', { name: 'Schütz' })).toBeInTheDocument();
    expect(screen.queryByText('Ups, da ist ein Fehler aufgetreten!')).toBeNull();
    answerReload();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('table', { name: 'Änderungsverlauf' })).toBeInTheDocument();
  });
});
