import { beforeAll, describe, expect, it } from 'vitest';
import { articleAlternativeNumbers } from '../../db/schema';
import { multipartForm } from '../../files/testing/multipart-form';
import { createDraft, enquiryApi, useEnquiryWorld } from '../../test/enquiry-world';
import { createArticle, createManufacturer } from '../../test/factories';
import { as } from '../../test/test-app';

const world = useEnquiryWorld();
const api = enquiryApi(world);

/**
 * An EPLAN-shaped "Artikelstückliste": title rows above the header, the trade's spellings of the numbers. Each
 * line ends in another match kind; -U2 has a typo the catalog does not know.
 */
const BOM_CSV = Buffer.from(
  [
    'Artikelstückliste;;;;',
    'Projekt: Schaltschrank 4711;;;;',
    ';;;;',
    'BMK;Stückzahl;Hersteller;Bestellnummer;Typ',
    '-K1;2;Siemens;3RT2015-1BB41;',
    '-Q1;1;SIEMENS;3rv2011 1aa10;',
    '-X1;40;Phoenix Contact;;UT 2,5',
    '-X2;10;WAGO;2002-1201/ALT;',
    '-F1;1;Rittal;1060.500;',
    '-U2;1;Rittal;SZ-2500.001;',
    '',
  ].join('\n'),
  'utf8',
);
const MAPPING = [
  { importHeader: 'BMK', bomField: 'bmk' },
  { importHeader: 'Stückzahl', bomField: 'quantity' },
  { importHeader: 'Hersteller', bomField: 'manufacturer' },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
  { importHeader: 'Typ', bomField: 'manufacturerNumber' },
];

const catalog: Record<string, string> = {};

beforeAll(async () => {
  const db = world().ctx.db;
  const siemens = await createManufacturer(db, { displayName: 'Siemens' });
  const phoenix = await createManufacturer(db, { displayName: 'Phoenix Contact' });
  const wago = await createManufacturer(db, { displayName: 'WAGO' });
  const rittal = await createManufacturer(db, { displayName: 'Rittal' });
  const pilz = await createManufacturer(db, { displayName: 'Pilz' });
  const article = async (key: string, values: Parameters<typeof createArticle>[1]) => {
    catalog[key] = (await createArticle(db, values)).id;
  };
  await article('contactor', { manufacturerId: siemens.id, orderNumber: '3RT2015-1BB41' });
  await article('breaker', { manufacturerId: siemens.id, orderNumber: '3RV2011-1AA10' });
  await article('terminal', {
    manufacturerId: phoenix.id,
    orderNumber: '3044076',
    manufacturerNumber: 'UT-2,5',
  });
  await article('wago', { manufacturerId: wago.id, orderNumber: '2002-1201' });
  await db
    .insert(articleAlternativeNumbers)
    .values({ articleId: catalog.wago as string, kind: 'ORDER', number: '2002-1201/ALT' });
  await article('pilz', { manufacturerId: pilz.id, orderNumber: '1060500' });
  await article('enclosure', { manufacturerId: rittal.id, orderNumber: 'SZ 2500.000' });
  await article('other', { manufacturerId: rittal.id, orderNumber: 'DK 7000.100' });
});

interface Line {
  id: string;
  bmk: string;
  orderNumber: string | null;
  status: string;
  matchKind: string | null;
  matchedArticleId: string | null;
  matchedArticle: { orderNumber: string | null } | null;
  suggestions: {
    articleId: string;
    manufacturerName: string | null;
    orderNumber: string | null;
    score: number;
  }[];
}

async function mappedDraft(): Promise<{ id: string; lines: Record<string, Line> }> {
  const { customer } = world();
  const id = await createDraft(api, customer);
  const upload = await as(world().ctx.app, customer, {
    method: 'POST',
    url: '/api/enquiry/bom/upload',
    ...multipartForm([
      { name: 'enquiryId', value: id },
      { name: 'file', filename: 'Artikelstückliste.csv', content: BOM_CSV },
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(200);
  expect(upload.json().headerRowIndex).toBe(4);
  const map = await as(world().ctx.app, customer, {
    method: 'POST',
    url: '/api/enquiry/bom/map',
    payload: { enquiryId: id, headerRowIndex: 4, fieldMapping: MAPPING },
  });
  expect(map.statusCode, map.body).toBe(200);
  return { id, lines: await linesOf(id) };
}

async function linesOf(enquiryId: string): Promise<Record<string, Line>> {
  const page = await as(world().ctx.app, world().customer, {
    method: 'GET',
    url: `/api/enquiry/bom/lines?enquiryId=${enquiryId}&paginationSize=20&column=rowNumber`,
  });
  expect(page.statusCode, page.body).toBe(200);
  return Object.fromEntries((page.json().content as Line[]).map((line) => [line.bmk, line]));
}

describe('BOM matching on an EPLAN-shaped file', () => {
  it('matches exact, normalised, number-only and alternative numbers, and suggests for a typo', async () => {
    const { lines } = await mappedDraft();
    expect(lines['-K1']).toMatchObject({
      status: 'MATCHED',
      matchKind: 'EXACT',
      matchedArticleId: catalog.contactor,
    });
    // Spelt differently: both spellings are answered (the line's and the article's).
    expect(lines['-Q1']).toMatchObject({
      status: 'MATCHED',
      matchKind: 'NORMALISED',
      matchedArticleId: catalog.breaker,
      orderNumber: '3rv2011 1aa10',
      matchedArticle: { orderNumber: '3RV2011-1AA10' },
    });
    expect(lines['-X1']).toMatchObject({
      status: 'MATCHED',
      matchKind: 'NORMALISED',
      matchedArticleId: catalog.terminal,
    });
    expect(lines['-X2']).toMatchObject({
      status: 'MATCHED',
      matchKind: 'ALTERNATIVE',
      matchedArticleId: catalog.wago,
    });
    // Rittal has no 1060.500: the number alone finds Pilz's article.
    expect(lines['-F1']).toMatchObject({
      status: 'MATCHED',
      matchKind: 'NUMBER_ONLY',
      matchedArticleId: catalog.pilz,
    });
    const typo = lines['-U2'] as Line;
    expect(typo).toMatchObject({ status: 'NOT_FOUND', matchKind: null, matchedArticleId: null });
    expect(typo.suggestions.length).toBeGreaterThan(0);
    expect(typo.suggestions.length).toBeLessThanOrEqual(3);
    expect(typo.suggestions[0]).toMatchObject({
      articleId: catalog.enclosure,
      manufacturerName: 'Rittal',
      orderNumber: 'SZ 2500.000',
    });
    for (const suggestion of typo.suggestions) {
      expect(suggestion.score).toBeGreaterThan(0);
      expect(suggestion.score).toBeLessThanOrEqual(100);
    }
    // Only lines not found carry suggestions.
    expect(lines['-K1']?.suggestions).toEqual([]);
  });

  it('takes a suggestion by the manual assignment, and the next BOM finds it by itself', async () => {
    const first = await mappedDraft();
    const typo = first.lines['-U2'] as Line;
    const suggestion = typo.suggestions[0];
    const taken = await as(world().ctx.app, world().operator, {
      method: 'POST',
      url: '/api/article/replace',
      payload: { lineId: typo.id, matchId: suggestion?.articleId, scope: 'LINE' },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().lines[0]).toMatchObject({
      status: 'MATCHED',
      matchKind: 'MANUAL',
      matchedArticleId: catalog.enclosure,
      suggestions: [],
    });
    expect((await linesOf(first.id))['-U2']).toMatchObject({ matchKind: 'MANUAL', status: 'MATCHED' });
    const next = await mappedDraft();
    expect(next.lines['-U2']).toMatchObject({
      status: 'MATCHED',
      matchKind: 'ALTERNATIVE',
      matchedArticleId: catalog.enclosure,
      suggestions: [],
    });
  });
});
