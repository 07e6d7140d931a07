import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import {
  ARTICLE_ID,
  counts,
  json,
  line,
  linesPage,
  newClient,
  replaceResponse,
  stubApi,
  testSource,
} from '../../../test/bom-fixtures';
import { BomLinesTable, type BomLinesTableProps } from './BomLinesTable';

const COUNTS = counts({ MATCHED: 3, NOT_FOUND: 1 });
const OTHER_ID = '77777777-7777-4777-8777-777777777777';
const article = (orderNumber: string, manufacturerName: string) => ({
  id: ARTICLE_ID,
  orderNumber,
  manufacturerNumber: null,
  manufacturerName,
  description: null,
  unitName: 'Stück',
});

function renderTable(props: Partial<BomLinesTableProps> = {}) {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={newClient()}>
      <BomLinesTable source={testSource} {...props} />
    </QueryClientProvider>,
  );
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe('BomLinesTable: suggestions and other spellings', { timeout: 30_000 }, () => {
  it('offers the suggestions of a line not found; one click assigns the article to that line', async () => {
    const typo = line({
      rowNumber: 21,
      status: 'NOT_FOUND',
      orderNumber: 'SZ-2500.001',
      manufacturerName: 'Rittal',
      suggestions: [
        { articleId: ARTICLE_ID, manufacturerName: 'Rittal', orderNumber: 'SZ 2500.000', score: 82 },
        { articleId: OTHER_ID, manufacturerName: 'Pilz', orderNumber: '2500001', score: 45 },
      ],
    });
    const matched = line({ rowNumber: 22, status: 'MATCHED' });
    const api = stubApi({
      'GET /api/test/bom/lines': () => json(linesPage([typo, matched], COUNTS)),
      'POST /api/article/replace': () =>
        json(replaceResponse([{ ...typo, status: 'MATCHED', matchKind: 'MANUAL', manualReplacement: true }])),
    });
    const onLinesChanged = vi.fn();
    const user = renderTable({ canAssignArticles: true, onLinesChanged });
    await screen.findByText('SZ-2500.001');
    const action = await screen.findByRole('button', {
      name: 'Vorschläge für Zeile 21 (2 ähnliche Artikel)',
    });
    expect(action).toHaveTextContent('Vorschläge');
    expect(screen.queryByRole('button', { name: /Vorschläge für Zeile 22/ })).not.toBeInTheDocument();
    await user.click(action);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Ähnliche Artikel zu SZ-2500.001');
    expect(
      within(menu).getByRole('menuitem', { name: 'SZ 2500.000 von Rittal übernehmen (Ähnlichkeit 82 %)' }),
    ).toHaveTextContent('Rittal · Ähnlichkeit 82 %');
    const linesBefore = api.calls('GET /api/test/bom/lines').length;
    await user.click(within(menu).getByRole('menuitem', { name: /SZ 2500.000 von Rittal/ }));
    await waitFor(() => expect(api.calls('POST /api/article/replace')).toHaveLength(1));
    expect(api.calls('POST /api/article/replace')[0]!.body).toEqual({
      lineId: typo.id,
      matchId: ARTICLE_ID,
      scope: 'LINE',
    });
    expect(
      await screen.findByText(
        'Der vorgeschlagene Artikel wurde zugeordnet und wird für die nächste Stückliste gemerkt.',
      ),
    ).toBeInTheDocument();
    expect(onLinesChanged).toHaveBeenCalled();
    await waitFor(() => expect(api.calls('GET /api/test/bom/lines').length).toBeGreaterThan(linesBefore));
  });

  it('offers no suggestions to those who may not assign articles', async () => {
    const typo = line({
      rowNumber: 23,
      status: 'NOT_FOUND',
      orderNumber: 'SZ-2500.001',
      suggestions: [
        { articleId: ARTICLE_ID, manufacturerName: 'Rittal', orderNumber: 'SZ 2500.000', score: 82 },
      ],
    });
    stubApi({ 'GET /api/test/bom/lines': () => json(linesPage([typo], COUNTS)) });
    renderTable();
    await screen.findByRole('table', { name: 'Zeilen der Stückliste' });
    await screen.findByText('SZ-2500.001');
    expect(screen.queryByRole('button', { name: /Vorschläge/ })).not.toBeInTheDocument();
  });

  it('shows a number spelt differently and another manufacturer with both spellings', async () => {
    const respelt = line({
      rowNumber: 31,
      status: 'MATCHED',
      matchKind: 'NORMALISED',
      orderNumber: '3rv2011 1aa10',
      manufacturerName: 'SIE',
      matchedArticleId: ARTICLE_ID,
      matchedArticle: article('3RV2011-1AA10', 'Siemens'),
    });
    const otherMaker = line({
      rowNumber: 32,
      status: 'MATCHED',
      matchKind: 'NUMBER_ONLY',
      orderNumber: '1060.500',
      manufacturerName: 'Rittal',
      matchedArticleId: ARTICLE_ID,
      matchedArticle: article('1060500', 'Pilz'),
    });
    stubApi({ 'GET /api/test/bom/lines': () => json(linesPage([respelt, otherMaker], COUNTS)) });
    renderTable();
    await screen.findByText('3rv2011 1aa10');
    const rows = screen.getAllByRole('row');
    const rowOf = (text: string) => rows.find((row) => row.textContent?.includes(text)) as HTMLElement;
    const first = rowOf('3rv2011 1aa10');
    expect(within(first).getByText('Schreibweise abweichend')).toBeInTheDocument();
    expect(within(first).getByText('Stückliste: 3rv2011 1aa10 · Katalog: 3RV2011-1AA10')).toBeInTheDocument();
    const second = rowOf('1060.500');
    expect(within(second).getByText('Hersteller abweichend')).toBeInTheDocument();
    expect(within(second).getByText('Stückliste: Rittal · Katalog: Pilz')).toBeInTheDocument();
  });
});
