import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { json, newClient, stubApi } from '../../../test/bom-fixtures';
import PricingSettingsPage from './PricingSettingsPage';

const WHOLESALER = '11111111-1111-4111-8111-111111111111';
const GROUP_A = '22222222-2222-4222-8222-222222222222';
const GROUP_B = '33333333-3333-4333-8333-333333333333';
const SETTINGS = {
  wholesalerId: WHOLESALER,
  markupPercent: 12.5,
  discounts: [{ discountGroupId: GROUP_A, percent: 52 }],
  wholesalers: [{ id: WHOLESALER, displayName: 'Sonepar' }],
  discountGroups: [
    { id: GROUP_A, displayName: 'PG 110', manufacturerName: 'Phoenix Contact', percent: 40 },
    { id: GROUP_B, displayName: 'Klemmen', manufacturerName: 'Weidmüller', percent: 35 },
  ],
  lastUpdate: '2026-11-27T10:00:00.000Z',
};

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={newClient()}>
      <PricingSettingsPage />
    </QueryClientProvider>,
  );
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe('PricingSettingsPage', { timeout: 30_000 }, () => {
  it('shows the settings in German with labelled fields and saves them on the loaded state', async () => {
    const api = stubApi({
      'GET /api/pricing/settings': () => json(SETTINGS),
      'PUT /api/pricing/settings': () => json({ ...SETTINGS, markupPercent: 15 }),
    });
    const user = renderPage();
    expect(await screen.findByRole('heading', { name: 'Preiskalkulation' })).toBeInTheDocument();
    expect(screen.getAllByLabelText('Großhändler Ihrer Wahl')[0]).toHaveValue('Sonepar');
    const markup = screen.getByLabelText('Standard-Aufschlag in %');
    await waitFor(() => expect(markup).toHaveValue('12,5'));
    expect(screen.getByText('Phoenix Contact – PG 110 (Stammdaten 40 %)')).toBeInTheDocument();
    expect(screen.getByLabelText('Ihr Rabatt in %: Phoenix Contact – PG 110 (Stammdaten 40 %)')).toHaveValue(
      '52',
    );
    expect(
      screen.getByRole('button', { name: 'Rabatt für Phoenix Contact – PG 110 (Stammdaten 40 %) entfernen' }),
    ).toBeInTheDocument();
    await user.clear(markup);
    await user.type(markup, '15');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.calls('PUT /api/pricing/settings')).toHaveLength(1));
    expect(api.calls('PUT /api/pricing/settings')[0]!.body).toEqual({
      wholesalerId: WHOLESALER,
      markupPercent: 15,
      discounts: [{ discountGroupId: GROUP_A, percent: 52 }],
      lastUpdate: SETTINGS.lastUpdate,
    });
    expect(await screen.findByText('Die Preiskalkulation wurde gespeichert.')).toBeInTheDocument();
  });

  it("a colleague's save in between: the page says so and offers to reload, the entries stay", async () => {
    stubApi({
      'GET /api/pricing/settings': () => json(SETTINGS),
      'PUT /api/pricing/settings': () =>
        json({ code: 'CHANGED_MEANWHILE', message: 'Dieser Eintrag wurde inzwischen geändert.' }, 409),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText('Inzwischen hat jemand anderes die Einstellungen geändert.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeInTheDocument();
    expect(screen.getByLabelText('Standard-Aufschlag in %')).toHaveValue('12,5');
  });
});
