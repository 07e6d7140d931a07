import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { FOLDER_ID, folder, folderClient, json, stubApi } from '../test/folder-fixtures';
import { FolderDetailPage } from './FolderDetailPage';
import { FolderPublicPage } from './FolderPublicPage';

vi.mock('../components/FolderPdfViewer', () => ({ default: () => <div data-testid="pdf-viewer" /> }));

const BASE = '/api/offer/businessdata';
const anonymousFolder = folder({
  viewer: 'ANONYMOUS',
  rights: { read: true, write: false, manage: false },
  settings: null,
});
const notAuthenticated = () =>
  json(
    { code: 'FOLDER_NOT_AUTHENTICATED', message: 'Bitte geben Sie das Passwort des Projektordners ein.' },
    412,
  );

afterEach(() => vi.unstubAllGlobals());

function renderPublic(client: QueryClient = folderClient()) {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={client}>
      <Routes>
        <Route path="/" element={<p>Startseite</p>} />
        <Route path="/business-data/:id" element={<FolderPublicPage params={{ id: FOLDER_ID }} />} />
        <Route path="/business-data/invite/:id" element={<p>Anmeldung für den Ordner</p>} />
      </Routes>
    </QueryClientProvider>,
    { route: `/business-data/${FOLDER_ID}` },
  );
  return user;
}

async function typePassword(user: ReturnType<typeof userEvent.setup>, password: string) {
  await user.type(await screen.findByLabelText('Passwort'), password);
  await user.click(screen.getByRole('button', { name: 'Öffnen' }));
}

describe('FolderPublicPage (signed out)', { timeout: 30_000 }, () => {
  it('without anonymous access: the "not allowed" warning and back to the start', async () => {
    const api = stubApi({ [`GET ${BASE}/public`]: () => json({ anonymousAllowed: false }) });
    renderPublic();
    expect(await screen.findByText('Startseite')).toBeInTheDocument();
    expect(
      await screen.findByText('Der Zugriff auf diesen Projektordner ist nicht erlaubt.'),
    ).toBeInTheDocument();
    expect(api.calls(`GET ${BASE}/`)).toHaveLength(0);
  });

  it('the gate: a wrong password gives the German message, the link leads to the sign-in', async () => {
    const api = stubApi({
      [`GET ${BASE}/public`]: () => json({ anonymousAllowed: true }),
      [`GET ${BASE}/`]: notAuthenticated,
      [`POST ${BASE}/check`]: () =>
        json({ code: 'FOLDER_WRONG_PASSWORD', message: 'Das Passwort ist falsch.' }, 403),
    });
    const user = renderPublic();
    expect(await screen.findByRole('heading', { name: 'Geschützter Projektordner' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eingabe anzeigen' })).toBeInTheDocument();
    await typePassword(user, 'falsch');
    expect(await screen.findByTestId('folder-gate-error')).toHaveTextContent('Das Passwort ist falsch.');
    expect(api.calls(`POST ${BASE}/check`)[0]!.body).toEqual({ folderId: FOLDER_ID, password: 'falsch' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Mit Portal-Konto anmelden' }));
    expect(await screen.findByText('Anmeldung für den Ordner')).toBeInTheDocument();
  });

  it('the gate: too many tries show the server message', async () => {
    const throttled =
      'Zu viele falsche Passwörter für diesen Projektordner. Bitte versuchen Sie es in 30 Minuten erneut.';
    stubApi({
      [`GET ${BASE}/public`]: () => json({ anonymousAllowed: true }),
      [`GET ${BASE}/`]: notAuthenticated,
      [`POST ${BASE}/check`]: () => json({ code: 'FOLDER_THROTTLED', message: throttled }, 429),
    });
    const user = renderPublic();
    await typePassword(user, 'nochmal');
    expect(await screen.findByTestId('folder-gate-error')).toHaveTextContent(throttled);
  });

  it('the gate: the right password opens the folder with the rights of the answer', async () => {
    stubApi({
      [`GET ${BASE}/public`]: () => json({ anonymousAllowed: true }),
      [`GET ${BASE}/`]: notAuthenticated,
      [`POST ${BASE}/check`]: () => json(anonymousFolder),
    });
    const user = renderPublic();
    await typePassword(user, 'geheim123');
    expect(await screen.findByRole('table', { name: 'Ordner' })).toBeInTheDocument();
    expect(screen.getByText('Schaltplan.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Geschützter Projektordner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hochladen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Einstellungen' })).not.toBeInTheDocument();
  });

  it('a folder cookie from earlier opens the folder without the gate', async () => {
    stubApi({
      [`GET ${BASE}/public`]: () => json({ anonymousAllowed: true }),
      [`GET ${BASE}/`]: () => json(anonymousFolder),
    });
    renderPublic();
    expect(await screen.findByRole('table', { name: 'Ordner' })).toBeInTheDocument();
  });
});

describe('FolderDetailPage (signed in)', { timeout: 30_000 }, () => {
  function renderDetail() {
    renderWithProviders(
      <QueryClientProvider client={folderClient('CUSTOMER', false)}>
        <FolderDetailPage params={{ id: FOLDER_ID }} />
      </QueryClientProvider>,
      { route: `/business-data/${FOLDER_ID}` },
    );
  }

  it("404 shows the app's not-found text", async () => {
    stubApi({ [`GET ${BASE}/`]: () => json({ code: 'NOT_FOUND', message: 'Nicht gefunden.' }, 404) });
    renderDetail();
    expect(await screen.findByTestId('not-found')).toHaveTextContent(
      'Die aufgerufene URL konnte nicht zugeordnet werden.',
    );
  });

  it('412 (no rights, anonymous access on) shows the gate without the sign-in link', async () => {
    const api = stubApi({ [`GET ${BASE}/`]: notAuthenticated });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Geschützter Projektordner' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mit Portal-Konto anmelden' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls(`GET ${BASE}/`)[0]!.url.searchParams.get('folderId')).toBe(FOLDER_ID),
    );
  });
});
