import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../test/render-page';
import ActionPage from './ActionPage';
import ResetPage from './ResetPage';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const state = { mail: 'vera@test.local', oobCode: 'Code123' };
const COMMON_MESSAGE =
  'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.';

describe('ResetPage (SPEC §2 /reset)', () => {
  it('without the state handed over by /action it goes to /', async () => {
    renderPage(<ResetPage />, { path: '/reset' });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it("warns 'Die Passwörter stimmen nicht überein.' and sends nothing", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<ResetPage />, { path: '/reset', state });
    expect(screen.getByText(/vera@test\.local/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Neues Passwort/, { selector: 'input' }), 'neues-pw');
    await user.type(screen.getByLabelText(/^Passwort bestätigen/, { selector: 'input' }), 'anderes-pw');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a password the server refuses is shown at the field, without sending for a new link', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 'PASSWORD_TOO_COMMON', message: COMMON_MESSAGE }, 400)),
    );
    const user = userEvent.setup();
    renderPage(<ResetPage />, { path: '/reset', state });
    const password = screen.getByLabelText(/^Neues Passwort/, { selector: 'input' });
    await user.type(password, 'Password1');
    await user.type(screen.getByLabelText(/^Passwort bestätigen/, { selector: 'input' }), 'Password1');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText(COMMON_MESSAGE)).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(expect.stringContaining(COMMON_MESSAGE));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('sends mail, password and code, then goes to the login', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<ResetPage />, { path: '/reset', state });
    await user.type(screen.getByLabelText(/^Neues Passwort/, { selector: 'input' }), 'neues-pw');
    await user.type(screen.getByLabelText(/^Passwort bestätigen/, { selector: 'input' }), 'neues-pw');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/password/reset');
    expect(JSON.parse(String(init.body))).toEqual({
      mail: 'vera@test.local',
      password: 'neues-pw',
      oobCode: 'Code123',
    });
  });
});

describe('ActionPage (SPEC §2 /action)', () => {
  it('checks the code and forwards to /reset with the mail in the navigation state', async () => {
    const fetchMock = vi.fn(async (_url: string) => jsonResponse({ mail: 'vera@test.local' }));
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<ActionPage />, { path: '/action', url: '/action?mode=resetPassword&oobCode=Code123' });
    const location = await screen.findByTestId('location');
    expect(location).toHaveTextContent('/reset');
    expect(JSON.parse(location.getAttribute('data-state')!)).toEqual(state);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/user/password/reset/verify?oobCode=Code123');
  });

  it('asks again when the database was busy for a moment (503), then forwards to /reset', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(
          { code: 'DATABASE_UNAVAILABLE', message: 'Die Datenbank ist kurz nicht erreichbar.' },
          503,
        ),
      )
      .mockResolvedValueOnce(jsonResponse({ mail: 'vera@test.local' }));
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<ActionPage />, { path: '/action', url: '/action?mode=resetPassword&oobCode=Code123' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/reset');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('without a code it goes to /', async () => {
    renderPage(<ActionPage />, { path: '/action', url: '/action?mode=resetPassword' });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('an unknown mode fails with the SPEC meaning, in German', async () => {
    renderPage(<ActionPage />, { path: '/action', url: '/action?mode=verifyEmail&oobCode=x' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Aktion konnte nicht ausgeführt werden: Der Link enthält eine ungültige Aktion.',
    );
  });

  it('an invalid or expired code shows the reason and a way to request a new link', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ code: 'RESET_CODE_EXPIRED', message: 'Der Link ist abgelaufen.' }, 410),
      ),
    );
    renderPage(<ActionPage />, { path: '/action', url: '/action?mode=resetPassword&oobCode=alt' });
    expect(await screen.findByText('Der Link ist abgelaufen.')).toBeInTheDocument();
    // A refused code is final: it is not sent again.
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute('href', '/forget');
  });
});
