import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { clientFor, ENQUIRY_ID, json, OFFER_ID, offer, stubApi } from '../test/offer-fixtures';
import { OfferNewPage } from './OfferNewPage';

function renderPage() {
  renderWithProviders(
    <QueryClientProvider client={clientFor('SUPPLIER')}>
      <OfferNewPage params={{ enquiryId: ENQUIRY_ID }} />
    </QueryClientProvider>,
    { route: `/offer/new/${ENQUIRY_ID}` },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('OfferNewPage', { timeout: 30_000 }, () => {
  it('creates the offer once for the enquiry', async () => {
    const api = stubApi({ 'POST /api/offer/': () => json(offer(), 201) });
    renderPage();
    await waitFor(() => expect(api.calls('POST /api/offer/')).toHaveLength(1));
    expect(api.calls('POST /api/offer/')[0]!.body).toEqual({ enquiryId: ENQUIRY_ID });
    expect(await screen.findByText('Das Angebot wurde angelegt.')).toBeInTheDocument();
  });

  it('an open offer exists: the message with a link to it and the way back', async () => {
    stubApi({
      'POST /api/offer/': () =>
        json(
          {
            code: 'OFFER_EXISTS',
            message: 'Zu dieser Anfrage gibt es bereits ein offenes Angebot Ihres Unternehmens.',
            issues: [{ path: 'offerId', message: OFFER_ID }],
          },
          409,
        ),
    });
    renderPage();
    expect(await screen.findByTestId('offer-new-error')).toHaveTextContent('bereits ein offenes Angebot');
    expect(screen.getByRole('link', { name: 'Vorhandenes Angebot öffnen' })).toHaveAttribute(
      'href',
      `/offer/${OFFER_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Zurück zur Anfrage' })).toHaveAttribute(
      'href',
      `/enquiry/${ENQUIRY_ID}`,
    );
  });

  it('another refusal: its German message and only the way back', async () => {
    stubApi({
      'POST /api/offer/': () =>
        json({ code: 'ENQUIRY_CLOSED', message: 'Die Anfrage ist geschlossen.' }, 409),
    });
    renderPage();
    expect(await screen.findByTestId('offer-new-error')).toHaveTextContent('Die Anfrage ist geschlossen.');
    expect(screen.queryByRole('link', { name: 'Vorhandenes Angebot öffnen' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Anfrage' })).toBeInTheDocument();
  });
});
