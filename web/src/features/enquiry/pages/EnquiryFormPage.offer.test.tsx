import type { OfferOfEnquiry } from '@portal/domain/schemas/offer';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { comparison } from '../../../test/offer-articles-fixtures';
import { clientFor, ENQUIRY_ID, enquiry, json, stubApi } from '../test/enquiry-fixtures';
import EnquiryFormPage from './EnquiryFormPage';

const OWN_OFFER_ID = '88888888-8888-4888-8888-000000000001';
const released = { released: true, releaseDate: '2026-11-21T09:00:00.000Z' };

function renderPage(client: QueryClient) {
  renderWithProviders(
    <QueryClientProvider client={client}>
      <EnquiryFormPage params={{ id: ENQUIRY_ID }} />
    </QueryClientProvider>,
    { route: `/enquiry/${ENQUIRY_ID}` },
  );
}

function stubPage(values: Parameters<typeof enquiry>[0], offers: OfferOfEnquiry) {
  return stubApi({
    'GET /api/enquiry/bom/info': () => json(null),
    'GET /api/enquiry/': () => json(enquiry(values)),
    'GET /api/offer/enquiry': () => json(offers),
    'GET /api/offer/compare': () => json(comparison()),
  });
}

// The whole form renders under jsdom on a shared machine: more than the default second to appear.
const SLOW = { timeout: 10_000 };

const heading = () => screen.findByRole('heading', { name: /Steuerung Presse 3/ }, SLOW);

afterEach(() => vi.unstubAllGlobals());

describe('EnquiryFormPage: offers on the enquiry', { timeout: 30_000 }, () => {
  it('a supplier without an open offer gets "Angebot erstellen" to /offer/new/{enquiryId}', async () => {
    const api = stubPage(released, { own: null, releasedOffers: 0 });
    renderPage(clientFor('SUPPLIER'));
    const link = await screen.findByRole('link', { name: 'Angebot erstellen' }, SLOW);
    expect(link).toHaveAttribute('href', `/offer/new/${ENQUIRY_ID}`);
    expect(screen.queryByRole('link', { name: 'Mein Angebot öffnen' })).not.toBeInTheDocument();
    expect(api.calls('GET /api/offer/enquiry')[0]!.url.searchParams.get('enquiryId')).toBe(ENQUIRY_ID);
    expect(screen.queryByTestId('offer-comparison')).not.toBeInTheDocument();
  });

  it('a supplier with an open offer gets "Mein Angebot öffnen" instead', async () => {
    stubPage(released, {
      own: { id: OWN_OFFER_ID, version: 2, state: 'OPEN', released: false },
      releasedOffers: 0,
    });
    renderPage(clientFor('SUPPLIER'));
    const link = await screen.findByRole('link', { name: 'Mein Angebot öffnen' }, SLOW);
    expect(link).toHaveAttribute('href', `/offer/${OWN_OFFER_ID}`);
    expect(screen.queryByRole('link', { name: 'Angebot erstellen' })).not.toBeInTheDocument();
  });

  it('a closed or archived enquiry offers no new offer to a supplier', async () => {
    for (const state of [{ closed: true }, { archived: true }]) {
      const api = stubPage({ ...released, ...state }, { own: null, releasedOffers: 0 });
      renderPage(clientFor('SUPPLIER'));
      await heading();
      await waitFor(() => expect(api.calls('GET /api/offer/enquiry')).toHaveLength(1));
      expect(screen.queryByRole('link', { name: 'Angebot erstellen' })).not.toBeInTheDocument();
      document.body.innerHTML = '';
    }
  });

  it('the customer sees the comparison of the released offers on its released enquiry, no offer buttons', async () => {
    const api = stubPage(
      { ...released, recipients: { mode: 'ALL', suppliers: [] } },
      { own: null, releasedOffers: 2 },
    );
    renderPage(clientFor('CUSTOMER'));
    expect(await screen.findByRole('heading', { name: 'Angebotsvergleich' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Angebote im Vergleich' }, SLOW)).toBeInTheDocument();
    expect(api.calls('GET /api/offer/compare')[0]!.url.searchParams.get('enquiryId')).toBe(ENQUIRY_ID);
    expect(screen.queryByRole('link', { name: 'Angebot erstellen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mein Angebot öffnen' })).not.toBeInTheDocument();
  });

  it('no comparison without released offers, and no offer call on a draft', async () => {
    let api = stubPage(
      { ...released, recipients: { mode: 'ALL', suppliers: [] } },
      { own: null, releasedOffers: 0 },
    );
    renderPage(clientFor('CUSTOMER'));
    await heading();
    await waitFor(() => expect(api.calls('GET /api/offer/enquiry')).toHaveLength(1));
    expect(screen.queryByTestId('offer-comparison')).not.toBeInTheDocument();
    expect(api.calls('GET /api/offer/compare')).toHaveLength(0);
    document.body.innerHTML = '';

    api = stubPage({}, { own: null, releasedOffers: 0 });
    renderPage(clientFor('CUSTOMER'));
    await heading();
    expect(api.calls('GET /api/offer/enquiry')).toHaveLength(0);
  });
});
