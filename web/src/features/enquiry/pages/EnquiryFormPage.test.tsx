import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import {
  CUSTOMER_ID,
  clientFor,
  ENQUIRY_ID,
  enquiry,
  json,
  SUPPLIER_ID,
  stubApi,
} from '../test/enquiry-fixtures';
import EnquiryFormPage from './EnquiryFormPage';

function renderPage(client: QueryClient, id: string) {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={client}>
      <EnquiryFormPage params={{ id }} />
    </QueryClientProvider>,
    { route: `/enquiry/${id}` },
  );
  return user;
}

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input, textarea' });

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  const input = field(label);
  await user.click(input);
  const listbox = await waitFor(() => {
    const open = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!open) throw new Error(`Die Auswahl von ${label} ist nicht offen.`);
    return open;
  });
  await user.click(within(listbox).getByRole('option', { name: option }));
}

const released = {
  released: true,
  releaseDate: '2026-11-21T09:00:00.000Z',
  files: [
    {
      id: 'f1',
      filename: 'Schaltplan.pdf',
      fileType: 'CIRCUIT_DIAGRAM' as const,
      size: 1200,
      createDate: '2026-11-20T10:00:00.000Z',
    },
  ],
};

/** The BOM panel asks for the enquiry's BOM; these enquiries have none. */
const noBom = { 'GET /api/enquiry/bom/info': () => json(null) };
/** A released enquiry asks for the offers on it; these have none. */
const noOffers = { 'GET /api/offer/enquiry': () => json({ own: null, releasedOffers: 0 }) };

afterEach(() => vi.unstubAllGlobals());

// Many fields under jsdom on a shared machine: more time per test than the default 5 s (no timing is asserted).
describe('EnquiryFormPage', { timeout: 30_000 }, () => {
  it('a customer saves a new draft; options that do not apply are sent as their defaults', async () => {
    const api = stubApi({
      ...noBom,
      'POST /api/enquiry/': (init) => {
        const body = JSON.parse(String(init?.body)) as Parameters<typeof enquiry>[0];
        return json(enquiry({ ...body, id: ENQUIRY_ID }), 201);
      },
      'GET /api/enquiry/': () => json(enquiry()),
    });
    const user = renderPage(clientFor('CUSTOMER'), 'new');
    expect(screen.getByRole('heading', { name: 'Neue Anfrage' })).toBeInTheDocument();
    expect(screen.getByText(/Speichern Sie die Anfrage zuerst, dann können Sie Dateien/)).toBeInTheDocument();
    expect(
      screen.getByText(/Speichern Sie die Anfrage zuerst, dann können Sie die Stückliste/),
    ).toBeInTheDocument();
    expect(field('Stückzahl')).toHaveValue('1');
    await user.type(field('Titel'), 'Steuerung Presse 3');
    await choose(user, 'Hersteller der Verschraubungen', 'icotek');
    await choose(user, 'Kabelverschraubungen', 'Kunststoff');
    expect(field('Hersteller der Verschraubungen')).toBeDisabled();
    await user.click(screen.getAllByRole('button', { name: 'Entwurf speichern' })[0]!);
    await waitFor(() => expect(api.calls('POST /api/enquiry/')).toHaveLength(1));
    const [saved] = api.calls('POST /api/enquiry/');
    expect(saved!.body).toMatchObject({
      title: 'Steuerung Presse 3',
      amount: 1,
      referenceNumber: null,
      desiredDeliveryDate: null,
      technicalSpec: { screwConnections: 'PLASTIC', screwConnectionManufacturer1: 'STANDARD' },
    });
  });

  it('refuses a desired delivery date that is not in the future and sends nothing', async () => {
    const api = stubApi({});
    const user = renderPage(clientFor('CUSTOMER'), 'new');
    await user.type(field('Titel'), 'Altes Datum');
    await user.type(field('Wunschliefertermin'), '01.01.2020');
    await user.tab();
    await user.click(screen.getAllByRole('button', { name: 'Entwurf speichern' })[0]!);
    expect(await screen.findByText('Der Wunschliefertermin muss in der Zukunft liegen.')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('release warns "Schaltplan fehlt" and "Stückliste fehlt" and sends nothing', async () => {
    const api = stubApi({ ...noBom, 'GET /api/enquiry/': () => json(enquiry()) });
    const user = renderPage(clientFor('CUSTOMER'), ENQUIRY_ID);
    await user.click(await screen.findByRole('button', { name: 'Freigeben' }));
    const problems = await screen.findByTestId('release-problems');
    expect(problems).toHaveTextContent('Schaltplan fehlt');
    expect(problems).toHaveTextContent('Stückliste fehlt');
    expect(screen.queryByRole('button', { name: 'Jetzt freigeben' })).not.toBeInTheDocument();
    expect(api.calls('POST /api/enquiry/release')).toHaveLength(0);
  });

  it('releases a complete draft to a chosen supplier', async () => {
    const complete = enquiry({
      files: [
        ...released.files,
        {
          id: 'f2',
          filename: 'Stückliste.xlsx',
          fileType: 'BILL_OF_MATERIAL',
          size: 800,
          createDate: '2026-11-20T10:00:00.000Z',
        },
      ],
    });
    const api = stubApi({
      ...noBom,
      'GET /api/enquiry/': () => json(complete),
      'GET /api/enquiry/suppliers': () => json([{ id: SUPPLIER_ID, name: 'Schaltanlagen Liefer GmbH' }]),
      'POST /api/enquiry/release': () =>
        json({
          ...complete,
          ...released,
          recipients: { mode: 'CHOSEN', suppliers: [{ id: SUPPLIER_ID, name: 'Schaltanlagen Liefer GmbH' }] },
        }),
    });
    const user = renderPage(clientFor('CUSTOMER'), ENQUIRY_ID);
    await user.click(await screen.findByRole('button', { name: 'Freigeben' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Alle aktiven Lieferanten')).toBeChecked();
    await user.click(within(dialog).getByLabelText('Ausgewählte Lieferanten'));
    expect(within(dialog).getByRole('button', { name: 'Jetzt freigeben' })).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Lieferanten', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Schaltanlagen Liefer GmbH' }));
    await user.click(within(dialog).getByRole('button', { name: 'Jetzt freigeben' }));
    await waitFor(() => expect(api.calls('POST /api/enquiry/release')).toHaveLength(1));
    expect(api.calls('POST /api/enquiry/release')[0]!.body).toEqual({
      enquiryId: ENQUIRY_ID,
      recipients: { mode: 'CHOSEN', supplierIds: [SUPPLIER_ID] },
    });
    expect(await screen.findByTestId('enquiry-recipients')).toHaveTextContent('Schaltanlagen Liefer GmbH');
    expect(screen.queryByRole('button', { name: 'Entwurf speichern' })).not.toBeInTheDocument();
  });

  it('is read-only for its customer after release, with close and copy', async () => {
    stubApi({
      ...noBom,
      ...noOffers,
      'GET /api/enquiry/': () => json(enquiry({ ...released, recipients: { mode: 'ALL', suppliers: [] } })),
    });
    renderPage(clientFor('CUSTOMER'), ENQUIRY_ID);
    expect(await screen.findByTestId('read-only-notice')).toHaveTextContent('freigegeben');
    expect(field('Titel')).toHaveAttribute('readonly');
    expect(field('Aderkennzeichnung')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Entwurf speichern' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Freigeben' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kopieren' })).toBeInTheDocument();
    expect(screen.getByText('Freigegeben', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.getByTestId('enquiry-recipients')).toHaveTextContent('Alle aktiven Lieferanten');
    // Files: download only.
    expect(screen.queryByText(/hierher ziehen/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Herunterladen: Schaltplan.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Löschen: Schaltplan.pdf' })).not.toBeInTheDocument();
  });

  it('a supplier on /enquiry/new sees the empty form read-only, asking for nothing', async () => {
    const api = stubApi({});
    renderPage(clientFor('SUPPLIER'), 'new');
    expect(screen.getByTestId('read-only-notice')).toHaveTextContent(
      'Anfragen legen Kunden an. Sie sehen das Anfrageformular nur zum Lesen.',
    );
    expect(field('Titel')).toHaveAttribute('readonly');
    expect(field('Titel')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Entwurf speichern' })).not.toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('a supplier sees the same form read-only with the customer name and "Angebot erstellen"', async () => {
    stubApi({ ...noBom, ...noOffers, 'GET /api/enquiry/': () => json(enquiry({ ...released })) });
    renderPage(clientFor('SUPPLIER'), ENQUIRY_ID);
    expect(await screen.findByText('Anfrage von Maschinenbau Kunde GmbH')).toBeInTheDocument();
    expect(screen.getByTestId('read-only-notice')).toBeInTheDocument();
    expect(field('Titel')).toHaveAttribute('readonly');
    expect(field('Titel')).toHaveValue('Steuerung Presse 3');
    expect(field('Verpackung')).toHaveAttribute('readonly');
    expect(
      await screen.findByRole('link', { name: 'Angebot erstellen' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    for (const name of ['Entwurf speichern', 'Freigeben', 'Schließen', 'Kopieren', 'Löschen']) {
      expect(screen.queryByRole('button', { name }), name).not.toBeInTheDocument();
    }
    expect(screen.queryByText(/hierher ziehen/)).not.toBeInTheDocument();
    expect(screen.queryByText('Änderungsverlauf')).not.toBeInTheDocument();
    expect(CUSTOMER_ID).not.toBe(SUPPLIER_ID);
  });
});
