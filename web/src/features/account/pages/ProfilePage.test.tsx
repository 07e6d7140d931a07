import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../test/render-page';
import ProfilePage from './ProfilePage';

const COMMON_MESSAGE =
  'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function profile(
  overrides: { type?: string; pending?: boolean; mustChange?: boolean; docsUrl?: string | null } = {},
) {
  return {
    user: {
      id: 'u1',
      name: 'Nina',
      lastname: 'Neu',
      mail: 'nina@test.local',
      phoneNumber: '+49-911-1',
      admin: true,
      passwordChangeNeeded: overrides.mustChange ?? false,
    },
    company: {
      id: 'c1',
      name: 'Neue Anlagentechnik GmbH',
      type: overrides.type ?? 'CUSTOMER',
      pendingRegistration: overrides.pending ?? false,
      customerNumber: null,
      street: 'Gewerbepark',
      houseNo: '8',
      zip: '90411',
      city: 'Nürnberg',
    },
    bookingUrl: 'https://termine.example',
    docsUrl: overrides.docsUrl ?? null,
    changeEntries: [
      {
        id: 'e1',
        userName: 'Nina Neu',
        field: 'phoneNumber',
        oldValue: '+49-911-0',
        newValue: '+49-911-1',
        createDate: '2026-03-02T09:30:00.000Z',
      },
    ],
  };
}

/** Answers the profile, and `changeAnswer` for the password change. */
function stubApi(data: ReturnType<typeof profile>, changeAnswer?: Response) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/user/password/change') return changeAnswer ?? jsonResponse({ token: 't' });
    return jsonResponse(data);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('ProfilePage (SPEC §2 Profile)', () => {
  it('greets, shows the pending notice, company, role and admin flag; no documentation for customers', async () => {
    stubApi(profile({ pending: true }));
    renderPage(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByTestId('profile-greeting')).toHaveTextContent('Hallo Nina Neu');
    expect(screen.getByTestId('notice-pending')).toHaveTextContent('Registrierung wartet auf Freigabe');
    expect(screen.queryByTestId('notice-password')).not.toBeInTheDocument();
    expect(screen.getByTestId('profile-company')).toHaveTextContent('Neue Anlagentechnik GmbH');
    expect(screen.getByTestId('profile-role')).toHaveTextContent('Kunde');
    expect(screen.getByTestId('profile-admin')).toHaveTextContent('Ja (Admin)');
    expect(screen.getByRole('textbox', { name: 'E-Mail' })).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: /Termin vereinbaren/ })).toHaveAttribute(
      'href',
      'https://termine.example',
    );
    expect(screen.queryByRole('link', { name: /Dokumentation/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /AVV/ })).toBeInTheDocument();
  });

  it('lists the own changes in German (field label, old and new value)', async () => {
    stubApi(profile());
    renderPage(<ProfilePage />, { path: '/profile' });
    const history = await screen.findByRole('table', { name: 'Änderungsverlauf' });
    expect(history).toHaveTextContent('Telefonnummer');
    expect(history).toHaveTextContent('+49-911-0');
    expect(history).toHaveTextContent('+49-911-1');
  });

  it('shows the documentation link to the operator and the initial-password notice', async () => {
    stubApi(profile({ type: 'ADMIN', mustChange: true, docsUrl: 'https://docs.example' }));
    renderPage(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByTestId('notice-password')).toHaveTextContent('Initialpasswort ändern');
    expect(screen.getByTestId('profile-role')).toHaveTextContent('Betreiber');
    expect(screen.getByRole('link', { name: /Dokumentation/ })).toHaveAttribute(
      'href',
      'https://docs.example',
    );
  });

  it('password change: mismatch warning, nothing sent', async () => {
    const fetchMock = stubApi(profile());
    const user = userEvent.setup();
    renderPage(<ProfilePage />, { path: '/profile' });
    await user.type(await screen.findByLabelText(/^Aktuelles Passwort/, { selector: 'input' }), 'alt-alt');
    await user.type(screen.getByLabelText(/^Neues Passwort(\s*\*)?$/, { selector: 'input' }), 'neues-pw');
    await user.type(screen.getByLabelText(/^Neues Passwort wiederholen/, { selector: 'input' }), 'anderes');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/password/change')).toBe(false);
  });

  it('password change: a wrong current password is shown at the field', async () => {
    stubApi(
      profile(),
      jsonResponse(
        { code: 'WRONG_CURRENT_PASSWORD', message: 'Das aktuelle Passwort ist nicht korrekt.' },
        400,
      ),
    );
    const user = userEvent.setup();
    renderPage(<ProfilePage />, { path: '/profile' });
    await user.type(await screen.findByLabelText(/^Aktuelles Passwort/, { selector: 'input' }), 'falsch-1');
    await user.type(screen.getByLabelText(/^Neues Passwort(\s*\*)?$/, { selector: 'input' }), 'neues-pw');
    await user.type(screen.getByLabelText(/^Neues Passwort wiederholen/, { selector: 'input' }), 'neues-pw');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Das aktuelle Passwort ist nicht korrekt.')).toBeInTheDocument();
  });

  it('password change: a password the server refuses (too common, unchanged) is shown at the new one', async () => {
    stubApi(
      profile({ mustChange: true }),
      jsonResponse({ code: 'PASSWORD_TOO_COMMON', message: COMMON_MESSAGE }, 400),
    );
    const user = userEvent.setup();
    renderPage(<ProfilePage />, { path: '/profile' });
    await user.type(await screen.findByLabelText(/^Aktuelles Passwort/, { selector: 'input' }), 'initial-1');
    const fresh = screen.getByLabelText(/^Neues Passwort(\s*\*)?$/, { selector: 'input' });
    await user.type(fresh, 'passwort');
    await user.type(screen.getByLabelText(/^Neues Passwort wiederholen/, { selector: 'input' }), 'passwort');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText(COMMON_MESSAGE)).toBeInTheDocument();
    expect(fresh).toHaveAccessibleDescription(expect.stringContaining(COMMON_MESSAGE));
  });

  it('password change: success toast and cleared form', async () => {
    const fetchMock = stubApi(profile({ mustChange: true }));
    const user = userEvent.setup();
    renderPage(<ProfilePage />, { path: '/profile' });
    const current = await screen.findByLabelText(/^Aktuelles Passwort/, { selector: 'input' });
    await user.type(current, 'initial-1');
    await user.type(screen.getByLabelText(/^Neues Passwort(\s*\*)?$/, { selector: 'input' }), 'neues-pw');
    await user.type(screen.getByLabelText(/^Neues Passwort wiederholen/, { selector: 'input' }), 'neues-pw');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Passwort erfolgreich erstellt.')).toBeInTheDocument();
    await waitFor(() => expect(current).toHaveValue(''));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/user/password/change');
    expect(JSON.parse(String((call as unknown as [string, RequestInit])[1].body))).toEqual({
      currentPassword: 'initial-1',
      newPassword: 'neues-pw',
    });
  });
});
