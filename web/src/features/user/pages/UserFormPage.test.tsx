import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { sessionQueryKey } from '../../auth';
import UserFormPage from './UserFormPage';

/** A customer's admin: the company is fixed, no company options are loaded. */
function renderNewUserAsCustomerAdmin() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionQueryKey, {
    user: {
      id: 'a1',
      name: 'Clara',
      lastname: 'Kunde',
      mail: 'clara@kunde.de',
      phoneNumber: '+49 30 1',
      admin: true,
      passwordChangeNeeded: false,
      loginCounter: 3,
      lastLoginAt: null,
    },
    company: { id: 'c1', name: 'Kunde GmbH', type: 'CUSTOMER', active: true, pendingRegistration: false },
  });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <UserFormPage params={{ id: 'new' }} />
    </QueryClientProvider>,
    { route: '/user/new' },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("UserFormPage: an external guest's address (SPEC §5/§8)", () => {
  it('202 shows the warning to contact the operator and keeps the form with its input', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ externalGuest: true }), {
          status: 202,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderNewUserAsCustomerAdmin();
    await user.type(screen.getByRole('textbox', { name: /^Vorname/ }), 'Gustav');
    await user.type(screen.getByRole('textbox', { name: /^Nachname/ }), 'Gast');
    await user.type(screen.getByRole('textbox', { name: /^E-Mail/ }), 'gast@extern.de');
    await user.type(screen.getByRole('textbox', { name: /^Telefonnummer/ }), '+49 30 2');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(
      await screen.findByText(/Nur der Betreiber kann ihn Ihrem Unternehmen zuordnen/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/wurde angelegt/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Neuer Nutzer' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^E-Mail/ })).toHaveValue('gast@extern.de');
  });
});
