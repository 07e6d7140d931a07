import { ERRORS } from '@portal/domain/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import CompanyFormPage from './CompanyFormPage';

function renderNewCompany() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <CompanyFormPage params={{ id: 'new' }} />
    </QueryClientProvider>,
    { route: '/company/new' },
  );
}

const saved = {
  id: '6c0a4b0e-7f2d-4c55-9a55-1a2b3c4d5e6f',
  name: 'Elektro Süd GmbH',
  type: 'SUPPLIER',
  active: true,
  pendingRegistration: false,
  additionalInfo: '',
  customerNumber: null,
  address: { street: 'Ring', houseNo: '1', zip: '80331', city: 'München', country: 'DE' },
  createDate: '2026-11-21T10:00:00.000Z',
  lastUpdate: '2026-11-21T10:00:00.000Z',
  changeEntries: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('CompanyFormPage (SPEC §2/§5: customer number only and required for customers)', () => {
  it('asks for the customer number of a customer and sends nothing without it', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderNewCompany();
    expect(screen.getByRole('textbox', { name: /Kundennummer/ })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Muster AG');
    await user.type(screen.getByRole('textbox', { name: /Straße/ }), 'Weg');
    await user.type(screen.getByRole('textbox', { name: /Hausnummer/ }), '2');
    await user.type(screen.getByRole('textbox', { name: /PLZ/ }), '10115');
    await user.type(screen.getByRole('textbox', { name: /^Ort/ }), 'Berlin');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Kundennummer ist für Kunden ein Pflichtfeld.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hides the customer number for a supplier and saves without it', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify(saved), { status: 201, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderNewCompany();
    await user.click(screen.getByRole('combobox', { name: /^Typ/ }));
    await user.click(await screen.findByRole('option', { name: 'Lieferant' }));
    expect(screen.queryByRole('textbox', { name: /Kundennummer/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Elektro Süd GmbH');
    await user.type(screen.getByRole('textbox', { name: /Straße/ }), 'Ring');
    await user.type(screen.getByRole('textbox', { name: /Hausnummer/ }), '1');
    await user.type(screen.getByRole('textbox', { name: /PLZ/ }), '80331');
    await user.type(screen.getByRole('textbox', { name: /^Ort/ }), 'München');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/company/');
    expect(JSON.parse(String(init.body))).toMatchObject({
      name: 'Elektro Süd GmbH',
      type: 'SUPPLIER',
      customerNumber: null,
      city: 'München',
    });
  });
});

function renderCompany(company: typeof saved, fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <CompanyFormPage params={{ id: company.id }} />
    </QueryClientProvider>,
    { route: `/company/${company.id}` },
  );
}

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('CompanyFormPage: the guests company and reactivation', () => {
  it('saves the "Externe Gäste" company without an address', async () => {
    const guests = {
      ...saved,
      name: 'Externe Gäste',
      type: 'EXTERNAL',
      address: { street: '', houseNo: '', zip: '', city: '', country: 'DE' },
    };
    const fetchMock = vi.fn(async () => answer(guests));
    const user = userEvent.setup();
    renderCompany(guests, fetchMock);
    expect(await screen.findByText(/Externe Gäste – der Typ/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ type: 'EXTERNAL', street: '', city: '' });
    expect((await screen.findAllByText('Das Unternehmen wurde gespeichert.')).length).toBeGreaterThan(0);
  });

  it('reactivates an inactive company with the switch', async () => {
    const inactive = { ...saved, active: false };
    const fetchMock = vi.fn(async () => answer(inactive));
    const user = userEvent.setup();
    renderCompany(inactive, fetchMock);
    const active = await screen.findByRole('switch', { name: /^Aktiv/ });
    expect(active).not.toBeChecked();
    await user.click(active);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ id: inactive.id, active: true });
  });
});

describe('CompanyFormPage: no lost update (SPEC §8 CHANGED_MEANWHILE)', () => {
  it('sends the loaded lastUpdate; refused, it keeps the input and names what the other changed', async () => {
    const theirs = {
      ...saved,
      type: 'CUSTOMER',
      customerNumber: 'K-4711',
      lastUpdate: '2026-11-21T11:30:00.250Z',
      changeEntries: [],
    };
    const refused = new Response(
      JSON.stringify({
        code: 'CHANGED_MEANWHILE',
        message: ERRORS.CHANGED_MEANWHILE.message.replace('{Name}', 'Anna Admin'),
      }),
      { status: 409, headers: { 'content-type': 'application/json' } },
    );
    let gets = 0;
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return refused;
      gets += 1;
      return answer(gets === 1 ? saved : theirs);
    });
    const user = userEvent.setup();
    renderCompany(saved, fetchMock);
    const city = await screen.findByRole('textbox', { name: /^Ort/ });
    await waitFor(() => expect(city).toHaveValue('München'));
    await user.clear(city);
    await user.type(city, 'Augsburg');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    const alert = await screen.findByRole('alert', { name: 'Ihre Änderungen wurden nicht gespeichert' });
    expect(alert).toHaveTextContent('von Anna Admin geändert');
    const list = await within(alert).findByRole('list', { name: 'Inzwischen geändert:' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Kundennummer: K-4711', 'Typ: Kunde']);
    expect(screen.getByRole('textbox', { name: /^Ort/ })).toHaveValue('Augsburg');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST') as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(post[1].body))).toMatchObject({
      city: 'Augsburg',
      lastUpdate: saved.lastUpdate,
    });
  });
});
