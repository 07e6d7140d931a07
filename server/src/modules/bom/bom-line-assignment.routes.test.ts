import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articleAlternativeNumbers } from '../../db/schema';
import { multipartForm } from '../../files/testing/multipart-form';
import { createDraft, enquiryApi, SAMPLES, useEnquiryWorld } from '../../test/enquiry-world';
import { createArticle, createManufacturer } from '../../test/factories';
import { as, type Session } from '../../test/test-app';

const world = useEnquiryWorld();
const api = enquiryApi(world);

/** Two lines with a number the catalog does not know, one that matches. */
const BOM_CSV = Buffer.from(
  [
    'Menge;Hersteller;Bestellnummer;BMK',
    '2;Rittal;SZ-2500.000;-U1',
    '4;Rittal;sz-2500.000;-U2',
    '1;Rittal;AX-1039.000;-U3',
    '',
  ].join('\n'),
  'utf8',
);
const MAPPING = [
  { importHeader: 'Menge', bomField: 'quantity' },
  { importHeader: 'Hersteller', bomField: 'manufacturer' },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
  { importHeader: 'BMK', bomField: 'bmk' },
];

let target: { id: string; orderNumber: string | null };

beforeAll(async () => {
  const rittal = await createManufacturer(world().ctx.db, { displayName: 'Rittal GmbH & Co. KG' });
  target = await createArticle(world().ctx.db, {
    manufacturerId: rittal.id,
    orderNumber: '2500000',
    purchasePrice: 12.5,
  });
  await createArticle(world().ctx.db, { manufacturerId: rittal.id, orderNumber: 'AX-1039.000' });
});

const call = (session: Session | null, payload: object) =>
  as(world().ctx.app, session, { method: 'POST', url: '/api/article/replace', payload });

async function mappedDraft(): Promise<string> {
  const id = await createDraft(api, world().customer);
  const upload = await as(world().ctx.app, world().customer, {
    method: 'POST',
    url: '/api/enquiry/bom/upload',
    ...multipartForm([
      { name: 'enquiryId', value: id },
      { name: 'file', filename: 'Stückliste.csv', content: BOM_CSV },
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const map = await as(world().ctx.app, world().customer, {
    method: 'POST',
    url: '/api/enquiry/bom/map',
    payload: { enquiryId: id, headerRowIndex: 1, fieldMapping: MAPPING },
  });
  expect(map.statusCode, map.body).toBe(200);
  return id;
}

async function lines(enquiryId: string) {
  const page = await as(world().ctx.app, world().customer, {
    method: 'GET',
    url: `/api/enquiry/bom/lines?enquiryId=${enquiryId}&paginationSize=20&column=rowNumber`,
  });
  return page.json().content as {
    id: string;
    bmk: string;
    status: string;
    matchedArticleId: string | null;
    manualReplacement: boolean;
    price: number | null;
  }[];
}

describe('POST /api/article/replace', () => {
  it('assigns the article to this line only, by hand', async () => {
    const id = await mappedDraft();
    const [first, second] = await lines(id);
    expect(first).toMatchObject({ bmk: '-U1', status: 'NOT_FOUND' });
    const response = await call(world().operator, { lineId: first?.id, matchId: target.id, scope: 'LINE' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: target.id, orderNumber: '2500000' });
    expect(response.json().lines).toHaveLength(1);
    const after = await lines(id);
    expect(after[0]).toMatchObject({
      status: 'MATCHED',
      matchedArticleId: target.id,
      manualReplacement: true,
      price: 25,
    });
    // The other line with the number was open in a draft: the remembered number matches it at once.
    expect(after[1]).toMatchObject({
      status: 'MATCHED',
      matchedArticleId: target.id,
      manualReplacement: false,
    });
    expect(second?.status).toBe('NOT_FOUND');
  });

  it('for all lines with the number: remembered, so the next BOM and open drafts match it', async () => {
    const openDraft = await mappedDraft();
    const id = await mappedDraft();
    const [first] = await lines(id);
    const response = await call(world().operator, { lineId: first?.id, matchId: target.id, scope: 'ALL' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().lines.map((line: { bmk: string }) => line.bmk)).toEqual(['-U1', '-U2']);
    const remembered = await world()
      .ctx.db.select()
      .from(articleAlternativeNumbers)
      .where(eq(articleAlternativeNumbers.articleId, target.id));
    expect(remembered.map((entry) => [entry.kind, entry.number])).toEqual([['ORDER', 'SZ-2500.000']]);
    for (const enquiryId of [openDraft, await mappedDraft()]) {
      const found = await lines(enquiryId);
      expect(found.slice(0, 2).map((line) => [line.status, line.matchedArticleId])).toEqual([
        ['MATCHED', target.id],
        ['MATCHED', target.id],
      ]);
    }
  });

  it('is for operator users; a released BOM is fixed; unknown lines and articles are not found', async () => {
    const id = await mappedDraft();
    const [line] = await lines(id);
    const payload = { lineId: line?.id, matchId: target.id };
    expect((await call(null, payload)).statusCode).toBe(401);
    for (const session of [world().customer, world().supplier]) {
      expect((await call(session, payload)).statusCode).toBe(403);
    }
    expect((await call(world().operator, { ...payload, lineId: 'keine-id' })).statusCode).toBe(400);
    expect((await call(world().operator, { ...payload, scope: 'JEDE' })).statusCode).toBe(400);
    // Without a line: the SPEC's call, the numbers in the body (article module tests).
    const unknownLine = await call(world().operator, { ...payload, lineId: crypto.randomUUID() });
    expect(unknownLine.statusCode).toBe(404);
    expect(unknownLine.json().message).toBe('Diese Zeile der Stückliste wurde nicht gefunden.');
    const unknownArticle = await call(world().operator, { ...payload, matchId: crypto.randomUUID() });
    expect(unknownArticle.statusCode).toBe(404);
    expect((await lines(id))[0]?.manualReplacement).toBe(false);

    expect((await api.upload(world().customer, id, 'Schaltplan.pdf', SAMPLES.pdf)).statusCode).toBe(201);
    expect((await api.release(world().customer, id)).statusCode).toBe(200);
    expect((await call(world().operator, payload)).statusCode).toBe(409);
  });
});
