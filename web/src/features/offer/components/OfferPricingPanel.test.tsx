import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { json, newClient, stubApi } from '../../../test/bom-fixtures';
import { OFFER_ID, offer } from '../../../test/offer-articles-fixtures';
import { OfferPricingPanel } from './OfferPricingPanel';

const CALCULATION = {
  purchaseTotal: 1000,
  markupTotal: 125,
  materialTotal: 1125,
  workCost: 487.5,
  amount: 2,
  proposedPrice: 3225,
  defaultMarkupPercent: 12.5,
  manufacturers: [{ id: '77777777-7777-4777-8777-777777777777', name: 'Phoenix Contact' }],
  discountGroups: [{ id: '55555555-5555-4555-8555-555555555555', name: 'PG 110' }],
};

function renderPanel(abilities: Parameters<typeof offer>[1], onUsePrice?: (price: number) => void) {
  const user = userEvent.setup();
  const client = newClient();
  client.setQueryData(['offer', OFFER_ID], offer());
  renderWithProviders(
    <QueryClientProvider client={client}>
      <OfferPricingPanel offer={offer({}, abilities)} onUsePrice={onUsePrice} />
    </QueryClientProvider>,
  );
  return { user, client };
}

afterEach(() => vi.unstubAllGlobals());

describe('OfferPricingPanel', { timeout: 30_000 }, () => {
  it("shows the supplier's calculation in German and takes the proposal into the price field", async () => {
    stubApi({ 'GET /api/offer/pricing': () => json(CALCULATION) });
    const onUsePrice = vi.fn();
    const { user } = renderPanel({ edit: true }, onUsePrice);
    const panel = await screen.findByTestId('offer-pricing');
    await waitFor(() => expect(panel).toHaveTextContent('3.225,00 €'));
    expect(panel).toHaveTextContent('Material im Einkauf1.000,00 €');
    expect(panel).toHaveTextContent('Aufschlag125,00 €');
    expect(panel).toHaveTextContent('Montage (Schätzung)487,50 €');
    expect(panel).toHaveTextContent('Vorgeschlagener Angebotspreis (2 Stück)');
    await user.click(screen.getByRole('button', { name: 'Als Angebotspreis übernehmen' }));
    expect(onUsePrice).toHaveBeenCalledWith(3225);
  });

  it('sends markup (pre-filled with the default), "Preise neu aus dem Katalog" and rounding as one call each; the offer loads again', async () => {
    const api = stubApi({
      'GET /api/offer/pricing': () => json(CALCULATION),
      'POST /api/offer/articles/markup': () => json({ changedLines: 31 }),
      'POST /api/offer/articles/reprice': () => json({ changedLines: 32 }),
      'POST /api/offer/articles/round': () => json({ changedLines: 12 }),
    });
    const { user, client } = renderPanel({ edit: true });
    const markup = await screen.findByLabelText('Aufschlag in %');
    await waitFor(() => expect(markup).toHaveValue('12,5'));
    await user.clear(markup);
    await user.type(markup, '15');
    await user.click(screen.getByRole('button', { name: 'Aufschlag anwenden' }));
    await waitFor(() => expect(api.calls('POST /api/offer/articles/markup')).toHaveLength(1));
    expect(api.calls('POST /api/offer/articles/markup')[0]!.body).toEqual({
      offerId: OFFER_ID,
      selection: {},
      markupPercent: 15,
    });
    expect(await screen.findByText('31 Zeilen geändert.')).toBeInTheDocument();
    expect(client.getQueryState(['offer', OFFER_ID])?.isInvalidated).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Preise neu aus dem Katalog' }));
    await user.click(screen.getByRole('button', { name: 'Auf Cent runden' }));
    await waitFor(() => expect(api.calls('POST /api/offer/articles/round')).toHaveLength(1));
    expect(api.calls('POST /api/offer/articles/reprice')).toHaveLength(1);
  });

  it('a released offer shows the calculation without actions; a customer sees nothing and asks nothing', async () => {
    const api = stubApi({ 'GET /api/offer/pricing': () => json(CALCULATION) });
    renderPanel({ edit: false });
    await waitFor(() => expect(screen.getByTestId('offer-pricing')).toHaveTextContent('3.225,00 €'));
    expect(screen.queryByRole('button', { name: 'Aufschlag anwenden' })).not.toBeInTheDocument();
    expect(api.calls('GET /api/offer/pricing')).toHaveLength(1);
  });

  it('renders nothing for the customer', () => {
    const api = stubApi({ 'GET /api/offer/pricing': () => json(CALCULATION) });
    renderPanel({ role: 'CUSTOMER', edit: false });
    expect(screen.queryByTestId('offer-pricing')).not.toBeInTheDocument();
    expect(api.calls('GET /api/offer/pricing')).toHaveLength(0);
  });
});
