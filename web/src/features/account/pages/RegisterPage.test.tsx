import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../test/render-page';
import RegisterPage from './RegisterPage';

afterEach(() => vi.unstubAllGlobals());

type User = ReturnType<typeof userEvent.setup>;

async function fillPerson(user: User) {
  await user.type(screen.getByRole('textbox', { name: /^Vorname/ }), 'Rita');
  await user.type(screen.getByRole('textbox', { name: /^Nachname/ }), 'Register');
  await user.type(screen.getByRole('textbox', { name: /^Telefonnummer/ }), '+49-711-555');
  await user.click(screen.getByRole('button', { name: 'Weiter' }));
}

async function fillAccess(user: User, repeat = 'geheim1') {
  await user.type(await screen.findByRole('textbox', { name: /^E-Mail/ }), 'Rita@Test.local');
  await user.type(screen.getByLabelText(/^Passwort(\s*\*)?$/, { selector: 'input' }), 'geheim1');
  await user.type(screen.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }), repeat);
  await user.click(screen.getByRole('button', { name: 'Weiter' }));
}

async function fillCompany(user: User) {
  await user.type(await screen.findByRole('textbox', { name: /^Firmenname/ }), 'Rita GmbH');
  await user.type(screen.getByRole('textbox', { name: /^Straße/ }), 'Hauptstraße');
  await user.type(screen.getByRole('textbox', { name: /^Hausnummer/ }), '7');
  await user.type(screen.getByRole('textbox', { name: /^PLZ/ }), '70173');
  await user.type(screen.getByRole('textbox', { name: /^Ort/ }), 'Stuttgart');
}

describe('RegisterPage (SPEC §2: three-step wizard)', () => {
  it('step 1 does not go on without name, lastname and a valid phone number', async () => {
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Vorname ist ein Pflichtfeld.')).toBeInTheDocument();
    expect(screen.getByText('Nachname ist ein Pflichtfeld.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Telefonnummer/ }), '0711 abc');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Bitte nur Ziffern, + und - verwenden.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^E-Mail/ })).not.toBeInTheDocument();
  });

  it('step 2 warns when the repetition differs and when the password is shorter than 6', async () => {
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await fillPerson(user);
    await fillAccess(user, 'anders1');
    expect(await screen.findByText('Diese Passwörter stimmen nicht überein')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Firmenname/ })).not.toBeInTheDocument();
    const password = screen.getByLabelText(/^Passwort(\s*\*)?$/, { selector: 'input' });
    await user.clear(password);
    await user.type(password, '123');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Das Passwort muss mindestens 6 Zeichen lang sein.')).toBeInTheDocument();
  });

  it('back keeps the entries of the previous step', async () => {
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await fillPerson(user);
    await user.click(await screen.findByRole('button', { name: 'Zurück' }));
    expect(await screen.findByRole('textbox', { name: /^Vorname/ })).toHaveValue('Rita');
    expect(screen.getByRole('textbox', { name: /^Telefonnummer/ })).toHaveValue('+49-711-555');
  });

  it('step 3: finish stays disabled until both checkboxes are ticked; ?info= pre-fills the additional info', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(
        {
          user: {
            id: 'u1',
            name: 'Rita',
            lastname: 'Register',
            mail: 'rita@test.local',
            phoneNumber: '+49-711-555',
            admin: true,
            passwordChangeNeeded: false,
            loginCounter: 1,
            lastLoginAt: null,
          },
          company: { id: 'c1', name: 'Rita GmbH', type: 'CUSTOMER', active: true, pendingRegistration: true },
          token: 't',
        },
        201,
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register', url: '/register?info=Messe%202024' });
    await fillPerson(user);
    await fillAccess(user);
    await fillCompany(user);
    expect(screen.getByRole('textbox', { name: /^Zusatzinformation/ })).toHaveValue('Messe 2024');
    const finish = screen.getByRole('button', { name: 'Registrierung abschließen' });
    expect(finish).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
    expect(finish).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }));
    expect(finish).toBeEnabled();
    await user.click(finish);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/register');
    expect(JSON.parse(String(init.body))).toEqual({
      user: {
        name: 'Rita',
        lastname: 'Register',
        phoneNumber: '+49-711-555',
        mail: 'rita@test.local',
        password: 'geheim1',
      },
      company: {
        name: 'Rita GmbH',
        street: 'Hauptstraße',
        houseNo: '7',
        zip: '70173',
        city: 'Stuttgart',
        additionalInfo: 'Messe 2024',
      },
      acceptPrivacy: true,
      acceptTerms: true,
    });
  });

  it('a password the server refuses (too common) leads back to the password step, shown at the field', async () => {
    const message = 'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 'PASSWORD_TOO_COMMON', message }, 400)),
    );
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await fillPerson(user);
    await fillAccess(user);
    await fillCompany(user);
    await user.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
    await user.click(screen.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }));
    await user.click(screen.getByRole('button', { name: 'Registrierung abschließen' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Passwort(\s*\*)?$/, { selector: 'input' })).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(screen.queryByTestId('register-error')).not.toBeInTheDocument();
  });

  it('an address already in use leads back to step 2, shown at the e-mail field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { code: 'EMAIL_IN_USE', message: 'Die angegebene E-Mail wird bereits von einem Nutzer genutzt.' },
          409,
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await fillPerson(user);
    await fillAccess(user);
    await fillCompany(user);
    await user.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
    await user.click(screen.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }));
    await user.click(screen.getByRole('button', { name: 'Registrierung abschließen' }));
    const message = 'Die angegebene E-Mail wird bereits von einem Nutzer genutzt.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^E-Mail/ })).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(screen.queryByTestId('register-error')).not.toBeInTheDocument();
  });
});
