import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleAlternativeNumbers } from '../../db/schema';
import { createActor, createArticle, createManufacturer } from '../../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../test/test-app';
import { countArticles, findArticlePage } from './article-list.repository';

let ctx: TestContext;
let staff: Session;
let siemens: { id: string };
let phoenix: { id: string };
let rittal: { id: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  const operator = await createActor(ctx.db, 'ADMIN', { admin: true });
  const employee = await createActor(ctx.db, 'ADMIN', { companyId: operator.company.id });
  staff = await signIn(ctx.app, employee.user.email);
  // Names chosen so that the manufacturer order (Phoenix, Rittal, Siemens) differs from the creation order.
  siemens = await createManufacturer(ctx.db, { displayName: 'Siemens' });
  phoenix = await createManufacturer(ctx.db, { displayName: 'Phoenix Contact' });
  rittal = await createManufacturer(ctx.db, { displayName: 'Rittal' });
  const rows = [
    ['contactor', siemens.id, '3RT2015-1BB41', '3RT2015-1BB41', 'Schütz, 3-polig, 24 V DC', 48.9, 0.25],
    ['contactor2', siemens.id, '3RT2016-1BB42', '3RT2016-1BB42', 'Schütz, 3-polig, 24 V DC, 1 Ö', 52.1, 0.27],
    ['terminal', phoenix.id, '3044076', 'UT 2,5', 'Durchgangsreihenklemme, grau', 1.12, 0.008],
    ['fuse', phoenix.id, '3046032', 'UT 4-HESI', 'Sicherungsreihenklemme', 4.6, null],
    ['enclosure', rittal.id, '8806.000', 'AX 1060.000', 'Kompaktgehäuse AX aus Stahlblech', 312, 12.4],
    ['noOrderNumber', rittal.id, null, 'SZ 2500.100', 'Montageplatte', null, 3.1],
  ] as const;
  for (const [key, manufacturerId, orderNumber, manufacturerNumber, description, listPrice, weight] of rows) {
    const article = await createArticle(ctx.db, {
      manufacturerId,
      orderNumber,
      manufacturerNumber,
      description,
      listPrice,
      weight,
    });
    ids[key] = article.id;
  }
  await ctx.db.insert(articleAlternativeNumbers).values([
    { articleId: ids.terminal!, kind: 'ORDER', number: 'PXC-UT25-ALT' },
    { articleId: ids.enclosure!, kind: 'MANUFACTURER', number: 'AX1060' },
  ]);
});
afterAll(() => ctx.close());

function get(url: string, session: Session | null = staff) {
  return as(ctx.app, session, { method: 'GET', url });
}

async function filterIds(query: string): Promise<{ ids: string[]; total: number; estimate: boolean }> {
  const response = await get(`/api/article/filter?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return {
    ids: body.content.map((item: { id: string }) => item.id),
    total: body.totalElements,
    estimate: body.totalIsEstimate,
  };
}

const keysOf = (list: string[]) =>
  list.map((id) => Object.entries(ids).find(([, value]) => value === id)?.[0]);

describe('GET /api/article/search', () => {
  it('finds by a fragment of the order number, manufacturer number, an alternative or the description', async () => {
    const search = async (term: string) => {
      const response = await get(`/api/article/search?searchTerm=${encodeURIComponent(term)}`);
      expect(response.statusCode).toBe(200);
      return keysOf(response.json().map((item: { id: string }) => item.id));
    };
    expect(await search('2015-1b')).toEqual(['contactor']);
    expect(await search('ut 4-he')).toEqual(['fuse']);
    expect(await search('ut25-a')).toEqual(['terminal']);
    expect(await search('ax1060')).toEqual(['enclosure']);
    expect(await search('STAHLBLECH')).toEqual(['enclosure']);
    expect(await search('schütz')).toEqual(['contactor', 'contactor2']);
    expect(await search('2500.1')).toEqual(['noOrderNumber']);
    expect(await search('gibt es nicht')).toEqual([]);
  });

  it('puts exact matches first and marks them', async () => {
    const response = await get('/api/article/search?searchTerm=3rt2016-1bb42');
    const [first] = response.json();
    expect(first).toMatchObject({
      id: ids.contactor2,
      exactMatch: true,
      manufacturerName: 'Siemens',
      listPrice: 52.1,
    });
    const prefix = await get('/api/article/search?searchTerm=304');
    expect(keysOf(prefix.json().map((item: { id: string }) => item.id))).toEqual(['terminal', 'fuse']);
    expect(prefix.json().every((item: { exactMatch: boolean }) => !item.exactMatch)).toBe(true);
  });

  it('limits the result to `amount` (default 10) and to a manufacturer when asked', async () => {
    expect((await get('/api/article/search?searchTerm=3&amount=1')).json()).toHaveLength(1);
    const scoped = await get(`/api/article/search?searchTerm=schütz&manufacturer=${phoenix.id}`);
    expect(scoped.json()).toEqual([]);
  });

  it('answers 400 without a search term, 401 signed out', async () => {
    expect((await get('/api/article/search?searchTerm=')).statusCode).toBe(400);
    expect((await get('/api/article/search?searchTerm=x&amount=0')).statusCode).toBe(400);
    expect((await get('/api/article/search?searchTerm=x', null)).statusCode).toBe(401);
  });
});

describe('GET /api/article/filter', () => {
  it('sorts by order number by default, with articles without order number last', async () => {
    const result = await filterIds('');
    expect(keysOf(result.ids)).toEqual([
      'terminal',
      'fuse',
      'contactor',
      'contactor2',
      'enclosure',
      'noOrderNumber',
    ]);
    expect(result).toMatchObject({ total: 6, estimate: false });
  });

  it('sorts by each sortable column in both directions', async () => {
    expect(keysOf((await filterIds('column=listPrice')).ids)).toEqual([
      'terminal',
      'fuse',
      'contactor',
      'contactor2',
      'enclosure',
      'noOrderNumber',
    ]);
    expect(keysOf((await filterIds('column=weight&sortDescending=true')).ids)).toEqual([
      'fuse',
      'enclosure',
      'noOrderNumber',
      'contactor2',
      'contactor',
      'terminal',
    ]);
    expect(keysOf((await filterIds('column=manufacturerNumber')).ids)).toEqual([
      'contactor',
      'contactor2',
      'enclosure',
      'noOrderNumber',
      'terminal',
      'fuse',
    ]);
    // manufacturer name, then order number within the manufacturer
    expect(keysOf((await filterIds('column=manufacturer')).ids)).toEqual([
      'terminal',
      'fuse',
      'enclosure',
      'noOrderNumber',
      'contactor',
      'contactor2',
    ]);
    expect(keysOf((await filterIds('column=manufacturer&sortDescending=true')).ids)).toEqual([
      'contactor2',
      'contactor',
      'noOrderNumber',
      'enclosure',
      'fuse',
      'terminal',
    ]);
  });

  it('pages (page is 0-based) and keeps the total', async () => {
    const pages = await Promise.all(
      [0, 1, 2, 3].map((page) => filterIds(`paginationSize=2&page=${page}&column=manufacturer`)),
    );
    expect(pages.map((page) => keysOf(page.ids))).toEqual([
      ['terminal', 'fuse'],
      ['enclosure', 'noOrderNumber'],
      ['contactor', 'contactor2'],
      [],
    ]);
    expect(pages.every((page) => page.total === 6)).toBe(true);
  });

  it('filters by manufacturer and by search text, also combined and sorted by manufacturer', async () => {
    const byManufacturer = await filterIds(`manufacturer=${rittal.id}&column=manufacturer`);
    expect(keysOf(byManufacturer.ids)).toEqual(['enclosure', 'noOrderNumber']);
    expect(byManufacturer.total).toBe(2);
    const byText = await filterIds('orderNumber=klemme&column=manufacturer&sortDescending=true');
    expect(keysOf(byText.ids)).toEqual(['fuse', 'terminal']);
    const combined = await filterIds(`orderNumber=3&manufacturer=${siemens.id}`);
    expect(keysOf(combined.ids)).toEqual(['contactor', 'contactor2']);
    expect(combined.total).toBe(2);
  });

  it('answers 400 for an unknown sort column, a bad page size or a page too far back', async () => {
    expect((await get('/api/article/filter?column=description')).statusCode).toBe(400);
    expect((await get('/api/article/filter?paginationSize=0')).statusCode).toBe(400);
    expect((await get('/api/article/filter?paginationSize=100&page=20000')).statusCode).toBe(400);
    expect((await get('/api/article/filter?manufacturer=abc')).statusCode).toBe(400);
  });
});

describe('total count strategy', () => {
  it('sorts all matches of a search with more matches than the exact limit and marks the total as estimate', async () => {
    const page = { column: 'orderNumber' as const, descending: false, page: 0, size: 10 };
    const many = await findArticlePage(ctx.db, { text: 'klemme' }, page, 1);
    expect(keysOf(many.ids)).toEqual(['terminal', 'fuse']);
    expect(many.estimate).toBe(true);
    expect(many.total).toBeGreaterThanOrEqual(2);
    const byManufacturer = await findArticlePage(
      ctx.db,
      { text: 'schütz' },
      { ...page, column: 'manufacturer', descending: true },
      1,
    );
    expect(keysOf(byManufacturer.ids)).toEqual(['contactor2', 'contactor']);
    const few = await findArticlePage(ctx.db, { text: 'klemme' }, page, 10);
    expect(few).toEqual({ ids: many.ids, total: 2, estimate: false });
  });

  it('counts exactly up to the limit and estimates beyond it, never below the limit', async () => {
    expect(await countArticles(ctx.db, {}, 10)).toEqual({ total: 6, estimate: false });
    expect(await countArticles(ctx.db, { manufacturerId: phoenix.id }, 1)).toMatchObject({ estimate: true });
    const estimated = await countArticles(ctx.db, {}, 3);
    expect(estimated.estimate).toBe(true);
    expect(estimated.total).toBeGreaterThanOrEqual(4);
  });
});
