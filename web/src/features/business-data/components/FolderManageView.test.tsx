import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { FOLDER_ID, folder, folderClient, json, settings, stubApi } from '../test/folder-fixtures';
import { FolderScreen } from './FolderScreen';

const BASE = '/api/offer/businessdata';

afterEach(() => vi.unstubAllGlobals());

function renderView(view: string, value = folder(), client: QueryClient = folderClient('SUPPLIER')) {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={client}>
      <FolderScreen folder={value} />
    </QueryClientProvider>,
    { route: `/business-data/${FOLDER_ID}?view=${view}` },
  );
  return user;
}

describe('FolderScreen, managing views', { timeout: 30_000 }, () => {
  it('Passwort: status, note, refuses a short password and a different repetition', async () => {
    const api = stubApi({});
    const user = renderView('password');
    expect(await screen.findByTestId('folder-password-status')).toHaveTextContent('Passwort: nicht gesetzt');
    expect(
      screen.getByText(/Ein neues Passwort beendet alle laufenden anonymen Zugriffe/),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Passwort \*?$/), 'abc');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Passwort setzen' }));
    expect(await screen.findByText('Das Passwort muss mindestens 6 Zeichen lang sein.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Passwort \*?$/));
    await user.type(screen.getByLabelText(/^Passwort \*?$/), 'geheim123');
    await user.clear(screen.getByLabelText(/^Passwort wiederholen/));
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), 'geheim124');
    await user.click(screen.getByRole('button', { name: 'Passwort setzen' }));
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('Passwort: a valid password is sent to /create and confirmed', async () => {
    const api = stubApi({
      [`POST ${BASE}/create`]: () => json(folder({ settings: settings({ passwordSet: true }) })),
    });
    const user = renderView('password', folder({ settings: settings({ passwordSet: true }) }));
    expect(await screen.findByTestId('folder-password-status')).toHaveTextContent('Passwort: gesetzt');
    await user.type(screen.getByLabelText(/^Passwort \*?$/), 'geheim123');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), 'geheim123');
    await user.click(screen.getByRole('button', { name: 'Passwort setzen' }));
    await waitFor(() => expect(api.calls(`POST ${BASE}/create`)).toHaveLength(1));
    expect(api.calls(`POST ${BASE}/create`)[0]!.body).toEqual({
      folderId: FOLDER_ID,
      password: 'geheim123',
      passwordRepeat: 'geheim123',
    });
    expect(await screen.findByText('Passwort wurde gesetzt.')).toBeInTheDocument();
  });

  it('Einstellungen: anonymous access without a password opens the dialog, which sends /create with allowAnonymous', async () => {
    const api = stubApi({
      [`POST ${BASE}/create`]: () =>
        json(folder({ settings: settings({ passwordSet: true, allowAnonymous: true }) })),
    });
    const user = renderView('settings');
    const anonymous = await screen.findByRole('switch', { name: 'Anonymen Zugriff mit Passwort erlauben' });
    await user.click(anonymous);
    const dialog = await screen.findByRole('dialog', { name: 'Passwort für den anonymen Zugriff' });
    expect(anonymous).not.toBeChecked();
    await user.type(within(dialog).getByLabelText(/^Passwort \*?$/), 'geheim123');
    await user.type(within(dialog).getByLabelText(/^Passwort wiederholen/), 'geheim123');
    await user.click(within(dialog).getByRole('button', { name: 'Passwort setzen' }));
    await waitFor(() => expect(api.calls(`POST ${BASE}/create`)).toHaveLength(1));
    expect(api.calls(`POST ${BASE}/create`)[0]!.body).toEqual({
      folderId: FOLDER_ID,
      password: 'geheim123',
      passwordRepeat: 'geheim123',
      allowAnonymous: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Anonymen Zugriff mit Passwort erlauben' })).toBeChecked();
  });

  it('Einstellungen: rights per company type and the switches are saved with /settings', async () => {
    const api = stubApi({
      [`POST ${BASE}/settings`]: (init) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        return json(folder({ settings: settings(body) }));
      },
    });
    const user = renderView('settings', folder({ settings: settings({ passwordSet: true }) }));
    await user.click(await screen.findByRole('checkbox', { name: 'Schreiben für Kunde' }));
    await user.click(screen.getByRole('switch', { name: 'Anonymen Zugriff mit Passwort erlauben' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Eingeladene externe Nutzer erlauben' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.calls(`POST ${BASE}/settings`)).toHaveLength(1));
    expect(api.calls(`POST ${BASE}/settings`)[0]!.body).toEqual({
      folderId: FOLDER_ID,
      // SPEC §8: the state the settings were loaded with, so a save on an older state is refused.
      lastUpdate: '2026-11-20T09:00:00.000Z',
      types: { CUSTOMER: { read: true, write: false }, SUPPLIER: { read: true, write: true } },
      allowExternal: false,
      allowAnonymous: true,
      anonymousWrite: false,
    });
    expect(await screen.findByText('Die Einstellungen wurden gespeichert.')).toBeInTheDocument();
  });

  it('Externe Nutzer: the entries with German dates and the expired badge; the invite form needs an e-mail', async () => {
    const api = stubApi({
      [`POST ${BASE}/share`]: () =>
        json([
          { email: 'neu@example.de', endDate: null, read: true, write: false, expired: false, invited: true },
        ]),
      [`GET ${BASE}/`]: () => json(folder()),
    });
    const user = renderView(
      'external',
      folder({
        settings: settings({
          allowExternal: false,
          defaultExpiryDays: 30,
          visibilities: [
            { email: 'alt@example.de', endDate: '2026-01-31', read: true, write: true, expired: true },
            { email: 'offen@example.de', endDate: null, read: true, write: false, expired: false },
          ],
        }),
      }),
    );
    const table = await screen.findByRole('table', { name: 'Externe Nutzer' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('31.01.2026')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('abgelaufen')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('unbegrenzt')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('abgelaufen')).not.toBeInTheDocument();
    expect(screen.getByTestId('folder-external-off')).toBeInTheDocument();
    expect(screen.getByTestId('folder-default-expiry')).toHaveTextContent(
      'Ohne Datum gilt die Einladung 30 Tage.',
    );

    await user.click(screen.getByRole('button', { name: 'Einladen' }));
    expect(await screen.findByText('Bitte geben Sie eine E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(api.calls(`POST ${BASE}/share`)).toHaveLength(0);

    await user.type(screen.getByLabelText(/^E-Mail/), 'Neu@Example.de');
    await user.click(screen.getByRole('button', { name: 'Einladen' }));
    await waitFor(() => expect(api.calls(`POST ${BASE}/share`)).toHaveLength(1));
    expect(api.calls(`POST ${BASE}/share`)[0]!.body).toEqual({
      folderId: FOLDER_ID,
      visibilityEntries: [{ email: 'neu@example.de', endDate: null, read: true, write: false }],
    });
    expect(await screen.findByText('Einladung wurde verschickt.')).toBeInTheDocument();
  });

  it('Externe Nutzer: removing an entry asks first and calls /share/delete', async () => {
    const api = stubApi({
      [`POST ${BASE}/share/delete`]: () => new Response(null, { status: 204 }),
      [`GET ${BASE}/`]: () => json(folder()),
    });
    const user = renderView(
      'external',
      folder({
        settings: settings({
          visibilities: [{ email: 'alt@example.de', endDate: null, read: true, write: true, expired: false }],
        }),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Entfernen: alt@example.de' }));
    await user.click(await screen.findByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(api.calls(`POST ${BASE}/share/delete`)).toHaveLength(1));
    expect(api.calls(`POST ${BASE}/share/delete`)[0]!.body).toEqual({
      folderId: FOLDER_ID,
      email: 'alt@example.de',
    });
    expect(await screen.findByText('Die Freigabe wurde entfernt.')).toBeInTheDocument();
  });

  it('Zugriffsprotokoll: German action labels, address and file, paged', async () => {
    const api = stubApi({
      [`GET ${BASE}/log`]: () =>
        json({
          content: [
            {
              id: 'l1',
              at: '2026-11-21T09:30:00.000Z',
              actor: 'Anonymer Besucher (Sitzung 1a2b3c)',
              ip: '203.0.113.7',
              action: 'PASSWORD_WRONG',
              filename: null,
            },
            {
              id: 'l2',
              at: '2026-11-21T09:31:00.000Z',
              actor: 'Clara Liefer (clara@example.de)',
              ip: null,
              action: 'DOWNLOAD',
              filename: 'Schaltplan.pdf',
            },
          ],
          totalElements: 2,
        }),
    });
    renderView('log');
    const table = await screen.findByRole('table', { name: 'Zugriffsprotokoll' });
    await within(table).findByText('Passwort falsch');
    expect(within(table).getByText('Heruntergeladen')).toBeInTheDocument();
    expect(within(table).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(table).getByText('21.11.2026, 10:30')).toBeInTheDocument();
    expect(within(table).getByText('Schaltplan.pdf')).toBeInTheDocument();
    expect(Object.fromEntries(api.calls(`GET ${BASE}/log`)[0]!.url.searchParams)).toEqual({
      folderId: FOLDER_ID,
      page: '0',
      paginationSize: '10',
    });
  });
});
