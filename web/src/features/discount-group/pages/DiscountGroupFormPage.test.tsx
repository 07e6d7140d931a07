import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import DiscountGroupFormPage from './DiscountGroupFormPage';

const ID = '11111111-1111-4111-8111-111111111111';
const MANUFACTURER = '33333333-3333-4333-8333-333333333333';
const group = {
  id: ID,
  displayName: 'Leitungen',
  nameVariants: [],
  percent: 40,
  manufacturerId: MANUFACTURER,
  manufacturerName: 'Lapp',
  wholesalerDiscounts: [],
  lastUpdate: '2026-01-01T10:00:00.000Z',
};
const entry = (field: string, oldValue: string | null, newValue: string | null, n: number) => ({
  id: `22222222-2222-4222-8222-22222222222${n}`,
  userName: 'Olga Betreiber',
  field,
  oldValue,
  newValue,
  createDate: '2026-01-01T10:00:00.000Z',
});

function json(body: unknown) {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('DiscountGroupFormPage: change history (SPEC §3)', () => {
  it('lists each change with the German field name and values as a person reads them', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/api/discountgroup/?'))
          return json({
            ...group,
            changeEntries: [
              entry('percent', '42.5', '40', 1),
              entry('wholesalerDiscounts', 'Sonepar 45', 'Rexel 41.25', 2),
              entry('manufacturer', null, 'Lapp', 3),
              entry('nameVariants', 'LG 10, LG10', null, 4),
            ],
          });
        return json({ content: [], totalElements: 0 });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <DiscountGroupFormPage params={{ id: ID }} />
      </QueryClientProvider>,
      { route: `/fieldvalues/discount/${ID}` },
    );
    const history = await screen.findByRole('table', { name: 'Änderungsverlauf' });
    const rows = within(history)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(2)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Rabatt (%)', '42,5', '40'],
      ['Großhändlerrabatte', 'Sonepar 45', 'Rexel 41,25'],
      ['Hersteller', '–', 'Lapp'],
      ['Namensvarianten', 'LG 10, LG10', '–'],
    ]);
  });
});
