import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import {
  ARTICLE_ID,
  json,
  newClient,
  stubApi,
  summed,
  summedLine,
  testSource,
} from '../../../test/bom-fixtures';
import { SummedBomTable } from './SummedBomTable';

afterEach(() => vi.unstubAllGlobals());

describe('SummedBomTable: the BOM summed per article', () => {
  it('shows the summed lines with the total price', async () => {
    const api = stubApi({
      'GET /api/test/bom/summed': () =>
        json(
          summed(
            [
              summedLine({
                matchedArticle: {
                  id: ARTICLE_ID,
                  orderNumber: 'UT 4',
                  manufacturerNumber: '3044076',
                  manufacturerName: 'Phoenix Contact',
                  description: 'Durchgangsreihenklemme',
                  unitName: 'Stk',
                },
                quantity: 1250,
                lineCount: 3,
                price: 1500,
              }),
              summedLine({ orderNumber: 'X-99', quantity: 2.5, unitName: 'm', isSuppliedPart: true }),
            ],
            1500,
          ),
        ),
    });
    renderWithProviders(
      <QueryClientProvider client={newClient()}>
        <SummedBomTable source={testSource} />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('summed-total')).toHaveTextContent('Gesamtpreis: 1.500,00 €');
    const rows = within(screen.getByRole('table', { name: 'Summenstückliste' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('UT 4');
    expect(rows[0]).toHaveTextContent('Durchgangsreihenklemme');
    expect(rows[0]).toHaveTextContent('1.250 Stk');
    expect(rows[0]).toHaveTextContent('1.500,00 €');
    expect(rows[1]).toHaveTextContent('2,5 m');
    expect(rows[1]).toHaveTextContent('beigestellt');
    expect(api.calls('GET /api/test/bom/summed')[0]!.url.searchParams.get('id')).toBeTruthy();
  });

  it('pages in the browser (10 per page)', async () => {
    const content = Array.from({ length: 12 }, (_, i) => summedLine({ orderNumber: `N-${i + 1}` }));
    stubApi({ 'GET /api/test/bom/summed': () => json(summed(content, 0)) });
    const user = userEvent.setup();
    renderWithProviders(
      <QueryClientProvider client={newClient()}>
        <SummedBomTable source={testSource} />
      </QueryClientProvider>,
    );
    const grid = await screen.findByRole('table', { name: 'Summenstückliste' });
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(11));
    expect(grid).toHaveTextContent('N-10');
    expect(grid).not.toHaveTextContent('N-11');
    await user.click(screen.getByRole('button', { name: /Seite 2/ }));
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(3));
    expect(grid).toHaveTextContent('N-12');
  });
});
