import { defaultTechnicalSpec } from '@portal/domain/schemas/technical-spec';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import {
  clientFor,
  customerOpenAbilities,
  detailRoutes,
  json,
  OFFER_ID,
  OFFER_V2_ID,
  offer,
  stubApi,
} from '../test/offer-fixtures';
import { OfferDetailPage } from './OfferDetailPage';

function renderPage(client: QueryClient, id = OFFER_ID) {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={client}>
      <OfferDetailPage params={{ id }} />
    </QueryClientProvider>,
    { route: `/offer/${id}` },
  );
  return user;
}

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input, textarea' });

/** The note with the enquiry's value under a field. */
const noteOf = (label: string) =>
  within(field(label).closest('.mantine-Grid-col') as HTMLElement).getByTestId('enquiry-value');

async function choose(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, option: string) {
  await user.click(input);
  const listbox = await waitFor(() => {
    const open = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!open) throw new Error('Die Auswahl ist nicht offen.');
    return open;
  });
  await user.click(within(listbox).getByRole('option', { name: option }));
}

const releasedOpen = { released: true, releaseDate: '2026-11-21T09:00:00.000Z' };

afterEach(() => vi.unstubAllGlobals());

describe('OfferDetailPage', { timeout: 30_000 }, () => {
  it('the supplier edits its draft: title, project data read-only, the enquiry values beside, save sends the form', async () => {
    const draft = offer();
    const api = stubApi({
      ...detailRoutes(draft),
      'POST /api/offer/update': (init) => json({ ...draft, ...JSON.parse(String(init?.body)) }),
    });
    const user = renderPage(clientFor('SUPPLIER'));
    expect(await screen.findByRole('heading', { level: 1, name: 'R-17 – Version 1' })).toBeInTheDocument();
    expect(screen.getByTestId('offer-number')).toHaveTextContent('Angebot A-2026-7');
    expect(screen.getByText('Entwurf')).toBeInTheDocument();
    expect(field('Anfrage')).toHaveAttribute('readonly');
    expect(field('Anfrage')).toHaveValue('Steuerung Presse 3');
    expect(field('Kunde')).toHaveValue('Maschinenbau Kunde GmbH');
    expect((field('Geschätzter Preis') as HTMLInputElement).value.replace(/\s/g, ' ')).toBe(
      'ca. 9.800,00 € – 14.200,00 €',
    );
    expect(field('Angebotsnummer')).not.toHaveAttribute('readonly');
    expect(noteOf('Preis')).toHaveTextContent('Anfrage: 12.000,00 €');
    expect(noteOf('Preis')).toHaveTextContent('Geändert');
    expect(noteOf('Lieferbedingung')).not.toHaveTextContent('Geändert');
    expect(noteOf('Wunschliefertermin')).toHaveTextContent('Anfrage: 01.06.2099');
    expect(screen.getByText(/hierher ziehen/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Herunterladen: Schaltplan.pdf' })).toBeInTheDocument();
    expect(screen.getByText('Die Gewährleistung beträgt 12 Monate.')).toBeInTheDocument();
    expect(screen.queryByTestId('read-only-notice')).not.toBeInTheDocument();
    for (const name of ['Annehmen', 'Ablehnen', 'Bestätigen', 'Überarbeiten']) {
      expect(screen.queryByRole('button', { name }), name).not.toBeInTheDocument();
    }

    await user.clear(field('Angebotsnummer'));
    await user.type(field('Angebotsnummer'), 'A-2026-8');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.calls('POST /api/offer/update')).toHaveLength(1));
    expect(api.calls('POST /api/offer/update')[0]!.body).toMatchObject({
      offerId: OFFER_ID,
      offerNumber: 'A-2026-8',
      price: 12500,
      deliveryCondition: 'EXW',
      desiredDeliveryDate: '2099-06-01',
      technicalSpec: { packaging: 'EURO_BOX' },
    });
  });

  it('release: the 422 issues become field errors and warnings', async () => {
    const draft = offer({ offerNumber: null });
    const api = stubApi({
      ...detailRoutes(draft),
      'POST /api/offer/release': () =>
        json(
          {
            code: 'VALIDATION',
            message: 'Das Angebot kann nicht freigegeben werden.',
            issues: [
              { path: 'offerNumber', message: 'Bitte geben Sie eine Angebotsnummer ein.' },
              { path: 'offerFile', message: 'Angebotsdatei fehlt' },
            ],
          },
          422,
        ),
    });
    const user = renderPage(clientFor('SUPPLIER'));
    await user.click(await screen.findByRole('button', { name: 'Freigeben' }));
    await waitFor(() => expect(api.calls('POST /api/offer/release')).toHaveLength(1));
    expect(api.calls('POST /api/offer/release')[0]!.body).toMatchObject({
      offerId: OFFER_ID,
      offerNumber: null,
    });
    expect(await screen.findByTestId('release-problems')).toHaveTextContent('Angebotsdatei fehlt');
    expect(screen.getByText('Bitte geben Sie eine Angebotsnummer ein.')).toBeInTheDocument();
  });

  it('the customer sees a released offer read-only with accept and decline only', async () => {
    const current = offer({
      ...releasedOpen,
      abilities: { ...customerOpenAbilities, uploadFiles: false },
      files: [
        {
          id: 'f1',
          filename: 'Angebot.pdf',
          fileType: 'OFFER',
          size: 2048,
          uploadedBy: 'SUPPLIER',
          createDate: '2026-11-21T08:00:00.000Z',
        },
      ],
    });
    stubApi(detailRoutes(current));
    renderPage(clientFor('CUSTOMER'));
    expect(await screen.findByTestId('read-only-notice')).toBeInTheDocument();
    expect(screen.getByText('Freigegeben')).toBeInTheDocument();
    for (const label of [
      'Angebotsnummer',
      'Preis',
      'Verpackung',
      'Zusätzliche Informationen des Lieferanten',
    ]) {
      expect(field(label), label).toHaveAttribute('readonly');
    }
    expect(screen.getByRole('button', { name: 'Annehmen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ablehnen' })).toBeInTheDocument();
    for (const name of ['Speichern', 'Freigeben', 'Bestätigen', 'Überarbeiten']) {
      expect(screen.queryByRole('button', { name }), name).not.toBeInTheDocument();
    }
    expect(screen.queryByText(/hierher ziehen/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Herunterladen: Angebot.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Löschen: Angebot.pdf' })).not.toBeInTheDocument();
  });

  it('marks the technical fields that differ from the enquiry and says "Änderungen erkannt", also live', async () => {
    const spec = { ...defaultTechnicalSpec(), packaging: 'WOODEN_BOX' as const };
    const current = offer({
      technicalSpec: spec,
      technicalChanges: [
        { field: 'packaging', label: 'Verpackung', enquiryText: 'Europalette', offerText: 'Holzkiste' },
      ],
      changesDetected: true,
    });
    stubApi(detailRoutes(current));
    const user = renderPage(clientFor('SUPPLIER'));
    expect(await screen.findByTestId('changes-detected')).toHaveTextContent('Änderungen erkannt');
    expect(noteOf('Verpackung')).toHaveTextContent('Anfrage: Europalette');
    expect(noteOf('Verpackung')).toHaveAttribute('data-changed', 'true');
    expect(noteOf('Kabelverschraubungen')).not.toHaveAttribute('data-changed');

    // Back to the enquiry's value: no marker, no hint.
    await choose(user, field('Verpackung'), 'Europalette');
    await waitFor(() => expect(noteOf('Verpackung')).not.toHaveAttribute('data-changed'));
    expect(screen.queryByTestId('changes-detected')).not.toBeInTheDocument();
  });

  it('decline needs the free text for "Anderer Grund", then goes to the list the answer names', async () => {
    const current = offer({ ...releasedOpen, abilities: customerOpenAbilities });
    const api = stubApi({
      ...detailRoutes(current),
      'GET /api/offer/statechange': () =>
        json({
          offer: {
            ...current,
            state: 'DECLINED',
            abilities: { ...customerOpenAbilities, accept: false, decline: false },
          },
          goTo: '/offer',
        }),
    });
    const user = renderPage(clientFor('CUSTOMER'));
    await user.click(await screen.findByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(await within(dialog).findByText('Bitte wählen Sie einen Ablehnungsgrund.')).toBeInTheDocument();
    await choose(
      user,
      within(dialog).getByLabelText(/^Ablehnungsgrund/, { selector: 'input' }),
      'Anderer Grund',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(await within(dialog).findByText('Bitte beschreiben Sie den Ablehnungsgrund.')).toBeInTheDocument();
    expect(api.calls('GET /api/offer/statechange')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Beschreibung des Grundes/), 'Projekt verschoben');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() => expect(api.calls('GET /api/offer/statechange')).toHaveLength(1));
    expect(Object.fromEntries(api.calls('GET /api/offer/statechange')[0]!.url.searchParams)).toEqual({
      offerId: OFFER_ID,
      state: 'DECLINED',
      rejectionReason: 'INDIVIDUAL',
      rejectionReasonIndividual: 'Projekt verschoben',
    });
    expect(await screen.findByText('Das Angebot wurde abgelehnt.')).toBeInTheDocument();
  });

  it('a revised version says so and links the newest; the versions show what changed', async () => {
    const old = offer({
      ...releasedOpen,
      state: 'DECLINED',
      invalidated: true,
      latestVersionId: OFFER_V2_ID,
    });
    stubApi({
      ...detailRoutes(old),
      'GET /api/offer/revision': () =>
        json({
          versions: [
            {
              id: OFFER_ID,
              version: 1,
              state: 'DECLINED',
              released: true,
              releaseDate: '2026-11-21T09:00:00.000Z',
              invalidated: true,
              createDate: '2026-11-20T10:00:00.000Z',
              changes: [],
            },
            {
              id: OFFER_V2_ID,
              version: 2,
              state: 'OPEN',
              released: false,
              releaseDate: null,
              invalidated: false,
              createDate: '2026-11-22T10:00:00.000Z',
              changes: [
                {
                  kind: 'offer',
                  field: 'price',
                  label: 'Preis',
                  beforeText: '12.500,00 €',
                  afterText: '11.900,00 €',
                },
                {
                  kind: 'technical',
                  field: 'packaging',
                  label: 'Verpackung',
                  beforeText: 'Europalette',
                  afterText: 'Holzkiste',
                },
              ],
            },
          ],
        }),
    });
    renderPage(clientFor('SUPPLIER'));
    const banner = await screen.findByTestId('offer-revised');
    expect(banner).toHaveTextContent('Diese Version wurde überarbeitet');
    expect(within(banner).getByRole('link', { name: 'Zur aktuellen Version' })).toHaveAttribute(
      'href',
      `/offer/${OFFER_V2_ID}`,
    );
    const diff = await screen.findByRole('table', { name: 'Änderungen gegenüber Version 1' });
    const cells = within(diff)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['Preis', '12.500,00 €', '11.900,00 €'],
      ['Verpackung', 'Europalette', 'Holzkiste'],
    ]);
    const versions = screen.getAllByTestId('offer-version');
    expect(versions[0]).toHaveTextContent('Version 2');
    expect(within(versions[0]!).getByRole('link', { name: 'Öffnen' })).toHaveAttribute(
      'href',
      `/offer/${OFFER_V2_ID}`,
    );
    expect(versions[1]).toHaveTextContent('Erste Version.');
  });
});
