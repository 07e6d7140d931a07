import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import {
  clientFor,
  customerOpenAbilities,
  detailRoutes,
  draftAbilities,
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

const releasedOpen = { released: true, releaseDate: '2026-11-21T09:00:00.000Z' };

afterEach(() => vi.unstubAllGlobals());

describe('OfferDetailPage, accept', { timeout: 30_000 }, () => {
  it('the customer uploads the order PDF in the dialog, then accepts and goes to the order', async () => {
    let current = offer({ ...releasedOpen, abilities: customerOpenAbilities });
    const orderFile = {
      id: 'f9',
      filename: 'Bestellung.pdf',
      fileType: 'ORDER' as const,
      size: 10,
      uploadedBy: 'CUSTOMER' as const,
      createDate: '2026-11-22T08:00:00.000Z',
    };
    const api = stubApi({
      ...detailRoutes(current),
      'GET /api/offer/': () => json(current),
      [`POST /api/offer/${OFFER_ID}/file`]: () => {
        current = { ...current, files: [orderFile] };
        return json(orderFile, 201);
      },
      'GET /api/offer/statechange': () => json({ offer: { ...current, state: 'ACCEPTED' }, goTo: '/order' }),
    });
    const user = renderPage(clientFor('CUSTOMER'));
    await user.click(await screen.findByRole('button', { name: 'Annehmen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Jetzt annehmen' })).toBeDisabled();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF'], 'Bestellung.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByTestId('step-file-present')).toHaveTextContent('Bestellung.pdf');
    const sent = api.fetchMock.mock.calls.find(([url]) => String(url).endsWith('/file'))!;
    expect((sent[1]!.body as FormData).get('fileType')).toBe('ORDER');
    await user.click(within(dialog).getByRole('button', { name: 'Jetzt annehmen' }));
    await waitFor(() => expect(api.calls('GET /api/offer/statechange')).toHaveLength(1));
    expect(api.calls('GET /api/offer/statechange')[0]!.url.searchParams.get('state')).toBe('ACCEPTED');
    expect(await screen.findByText('Das Angebot wurde angenommen.')).toBeInTheDocument();
  });
});

describe('OfferDetailPage, revise', { timeout: 30_000 }, () => {
  it('the supplier revises a declined offer after "Ja" and opens the new version', async () => {
    const supplierDeclined = {
      ...draftAbilities,
      edit: false,
      release: false,
      uploadFiles: false,
      revise: true,
    };
    const current = offer({ ...releasedOpen, state: 'DECLINED', abilities: supplierDeclined });
    const api = stubApi({
      ...detailRoutes(current),
      'POST /api/offer/revise': () =>
        json(offer({ id: OFFER_V2_ID, version: 2, latestVersionId: OFFER_V2_ID }), 201),
    });
    const user = renderPage(clientFor('SUPPLIER'));
    await user.click(await screen.findByRole('button', { name: 'Überarbeiten' }));
    await user.click(await screen.findByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(api.calls('POST /api/offer/revise')).toHaveLength(1));
    expect(api.calls('POST /api/offer/revise')[0]!.body).toEqual({ offerId: OFFER_ID });
    expect(await screen.findByText('Version 2 wurde angelegt.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
  });
});

describe('OfferDetailPage, confirm', { timeout: 30_000 }, () => {
  it('the supplier confirms an order whose confirmation PDF is there and goes to the job', async () => {
    const current = offer({
      ...releasedOpen,
      state: 'ACCEPTED',
      abilities: { ...draftAbilities, edit: false, release: false, confirm: true },
      files: [
        {
          id: 'f3',
          filename: 'AB-4711.pdf',
          fileType: 'ORDER_CONFIRMATION',
          size: 10,
          uploadedBy: 'SUPPLIER',
          createDate: '2026-11-22T08:00:00.000Z',
        },
      ],
    });
    const api = stubApi({
      ...detailRoutes(current),
      'GET /api/offer/statechange': () => json({ offer: { ...current, state: 'CONFIRMED' }, goTo: '/job' }),
    });
    const user = renderPage(clientFor('SUPPLIER'));
    expect(await screen.findByRole('heading', { name: 'R-17 – Version 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('step-file-present')).toHaveTextContent('AB-4711.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Jetzt bestätigen' }));
    await waitFor(() => expect(api.calls('GET /api/offer/statechange')).toHaveLength(1));
    expect(api.calls('GET /api/offer/statechange')[0]!.url.searchParams.get('state')).toBe('CONFIRMED');
    expect(await screen.findByText(/Die Bestellung wurde bestätigt/)).toBeInTheDocument();
  });
});
