import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { ArticleReplaceDialog } from './ArticleReplaceDialog';

const ARTICLE = {
  id: '6c0a4b0e-7f2d-4c55-9a55-1a2b3c4d5e6f',
  manufacturerId: '7c0a4b0e-7f2d-4c55-9a55-1a2b3c4d5e6f',
  manufacturerName: 'Phoenix Contact',
  manufacturerNumber: 'UT 2,5',
  orderNumber: '3044076',
  description: 'Durchgangsreihenklemme',
  listPrice: 1.12,
  purchasePrice: null,
  priceUnitSize: null,
  width: null,
  height: null,
  depth: null,
  weight: null,
  unitId: null,
  unitName: null,
  articleImportSource: 'CSV',
  exactMatch: false,
};

/** The rest of an ArticleResponse (SPEC §3 Article) for the answer of /article/replace. */
const DETAIL = {
  erpNumber: null,
  manufacturerLink: null,
  deliveryTime: null,
  packagingUnitSize: null,
  priceUnitSize: null,
  orderQuantityUnitSize: null,
  minimumOrderQuantityUnitSize: null,
  discountGroupId: null,
  discountGroupName: null,
  discountPercent: null,
  eclass9_1Id: null,
  eclassNumber: null,
  eclassDescription: null,
  classes: [],
  catalogReferences: [],
  eanNumber: null,
  surchargeCode: null,
  copperCode: null,
  copperBaseValue: null,
  copperWeight: null,
  customsTarifNumber: null,
  countryOfOriginAbbreviation: null,
  rohs: null,
  image: null,
  wholesalerInfos: [],
  possibleManufacturerNumbers: [],
  calculatedPurchasePricePerPiece: 1.12,
  changeEntries: [],
  createDate: '2026-11-21T10:00:00.000Z',
  lastUpdate: '2026-11-21T10:00:00.000Z',
};

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('ArticleReplaceDialog (SPEC §4: search, then confirm or cancel)', () => {
  it('searches with the line number, confirms the chosen article and sends the line to /article/replace', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).startsWith('/api/article/search')) return json([ARTICLE]);
      expect(JSON.parse(String(init?.body))).toEqual({
        manufacturerName: 'Phoenix',
        orderNumber: '3044076-X',
        manufacturerNumber: null,
        manufacturerId: null,
        matchId: ARTICLE.id,
      });
      const { exactMatch: _exact, ...listItem } = ARTICLE;
      return json({ ...listItem, ...DETAIL, possibleOrderNumbers: ['3044076-X'] });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onReplaced = vi.fn();
    const onCancel = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ArticleReplaceDialog
          opened
          line={{
            manufacturerName: 'Phoenix',
            orderNumber: '3044076-X',
            manufacturerNumber: null,
            manufacturerId: null,
          }}
          onCancel={onCancel}
          onReplaced={onReplaced}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: 'Zuordnen' })).toBeDisabled();
    await user.click(await screen.findByRole('radio', { name: /Phoenix Contact · 3044076/ }));
    await user.click(screen.getByRole('button', { name: 'Zuordnen' }));
    await waitFor(() => expect(onReplaced).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[0]![0])).toContain('searchTerm=3044076-X');
    expect(onCancel).not.toHaveBeenCalled();
  });
});
