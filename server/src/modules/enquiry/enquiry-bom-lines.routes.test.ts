import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QUANTITY_MESSAGE } from '@portal/domain/schemas/bom-lines';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articleAlternativeNumbers, bomLines, enquiryBoms } from '../../db/schema';
import { multipartForm } from '../../files/testing/multipart-form';
import { createDraft, enquiryApi, SAMPLES, useEnquiryWorld } from '../../test/enquiry-world';
import {
  createArticle,
  createDiscountGroup,
  createEclassEntry,
  createManufacturer,
  createUnit,
} from '../../test/factories';
import { as, type Session } from '../../test/test-app';

const world = useEnquiryWorld();
const api = enquiryApi(world);

/** A BOM with one line for every outcome (German decimals, a unit behind another unit, a supplied part). */
const BOM_CSV = Buffer.from(
  [
    'Menge;ME;Hersteller;Bestellnummer;Typnummer;BMK;Beistellung',
    '12;Stk;Weidmüller;1020000000;;-X1;',
    '2;Stk;;3RT2015-1BB41;;-K1;',
    '1;Stk;;DUP-1;;-K2;',
    '1;Stk;Siemens;NOPE-999;;-K3;',
    '7,5;Stk;Lapp;4510013;;-W1;',
    '250;cm;Lapp;4510013;;-W2;',
    ';Stk;Siemens;3RT2015-1BB41;;-K4;',
    '1;Stk;Kunde;SPS-4711;;-A1;Beigestellt vom Kunden',
    '3;Stk;Phoenix Contact;ALT-777;;-X2;',
    '',
  ].join('\r\n'),
  'utf8',
);
const MAPPING = [
  { importHeader: 'Menge', bomField: 'quantity' },
  { importHeader: 'ME', bomField: 'unit' },
  { importHeader: 'Hersteller', bomField: 'manufacturer' },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
  { importHeader: 'Typnummer', bomField: 'manufacturerNumber' },
  { importHeader: 'BMK', bomField: 'bmk' },
  { importHeader: 'Beistellung', bomField: 'isSuppliedPart' },
];

const catalog: Record<string, string> = {};

beforeAll(async () => {
  const db = world().ctx.db;
  const piece = await createUnit(db, { displayName: 'Stück', nameVariants: ['Stk', 'St.'] });
  const metre = await createUnit(db, { displayName: 'Meter', nameVariants: ['m'] });
  // Written "WEIDMUELLER GmbH & Co. KG" in the master data, "Weidmüller" in the BOM: the same name.
  const weidmueller = await createManufacturer(db, { displayName: 'WEIDMUELLER GmbH & Co. KG' });
  const siemens = await createManufacturer(db, { displayName: 'Siemens AG', nameVariants: ['Siemens'] });
  const lapp = await createManufacturer(db, { displayName: 'U.I. Lapp', nameVariants: ['Lapp'] });
  const phoenix = await createManufacturer(db, { displayName: 'Phoenix Contact GmbH & Co. KG' });
  const group = await createDiscountGroup(db, { manufacturerId: weidmueller.id, percent: 40 });
  const eclass = await createEclassEntry(db, { workTime: 2 });
  catalog.terminal = (
    await createArticle(db, {
      manufacturerId: weidmueller.id,
      orderNumber: '1020000000',
      unitId: piece.id,
      listPrice: 1.5,
      discountGroupId: group.id,
      eclassId: eclass.id,
    })
  ).id;
  catalog.contactor = (
    await createArticle(db, {
      manufacturerId: siemens.id,
      orderNumber: '3RT2015-1BB41',
      unitId: piece.id,
      purchasePrice: 40,
    })
  ).id;
  catalog.dup1 = (await createArticle(db, { manufacturerId: siemens.id, orderNumber: 'DUP-1' })).id;
  catalog.dup2 = (await createArticle(db, { manufacturerId: lapp.id, orderNumber: 'DUP-1' })).id;
  catalog.cable = (
    await createArticle(db, {
      manufacturerId: lapp.id,
      orderNumber: '4510013',
      unitId: metre.id,
      purchasePrice: 2,
    })
  ).id;
  catalog.remembered = (
    await createArticle(db, { manufacturerId: phoenix.id, orderNumber: '3209510', unitId: piece.id })
  ).id;
  await db
    .insert(articleAlternativeNumbers)
    .values({ articleId: catalog.remembered, kind: 'ORDER', number: 'ALT-777' });
});

const bom = {
  upload: (session: Session, enquiryId: string, content = BOM_CSV) =>
    as(world().ctx.app, session, {
      method: 'POST',
      url: '/api/enquiry/bom/upload',
      ...multipartForm([
        { name: 'enquiryId', value: enquiryId },
        { name: 'file', filename: 'Stückliste.csv', content },
      ]),
    }),
  map: (session: Session, enquiryId: string) =>
    as(world().ctx.app, session, {
      method: 'POST',
      url: '/api/enquiry/bom/map',
      payload: { enquiryId, headerRowIndex: 1, fieldMapping: MAPPING, suppliedPartString: 'beigestellt' },
    }),
  lines: (session: Session | null, enquiryId: string, query = '') =>
    as(world().ctx.app, session, {
      method: 'GET',
      url: `/api/enquiry/bom/lines?enquiryId=${enquiryId}${query}`,
    }),
  update: (session: Session | null, payload: object) =>
    as(world().ctx.app, session, { method: 'POST', url: '/api/enquiry/bom/line/update', payload }),
  summed: (session: Session | null, enquiryId: string) =>
    as(world().ctx.app, session, { method: 'GET', url: `/api/enquiry/bom/summed?enquiryId=${enquiryId}` }),
  estimate: (session: Session | null, enquiryId: string) =>
    as(world().ctx.app, session, { method: 'GET', url: `/api/enquiry/bom/estimate?enquiryId=${enquiryId}` }),
};

async function mappedDraft(): Promise<string> {
  const id = await createDraft(api, world().customer);
  expect((await bom.upload(world().customer, id)).statusCode).toBe(200);
  const mapped = await bom.map(world().customer, id);
  expect(mapped.statusCode, mapped.body).toBe(200);
  return id;
}

type Line = { bmk: string; status: string; [key: string]: unknown };
const byBmk = (lines: Line[]) => Object.fromEntries(lines.map((line) => [line.bmk, line]));

describe('matching a BOM when its mapping is saved', () => {
  it('ends each line in exactly one status, counted at the top', async () => {
    const id = await mappedDraft();
    const info = (
      await as(world().ctx.app, world().customer, {
        method: 'GET',
        url: `/api/enquiry/bom/info?enquiryId=${id}`,
      })
    ).json();
    expect(info.lineCounts).toEqual({
      total: 9,
      byStatus: { MATCHED: 4, NOT_FOUND: 1, DUPLICATE: 1, WRONG_UNIT: 1, MISSING_VALUES: 1, SUPPLIED: 1 },
    });
    const page = (await bom.lines(world().colleague, id, '&paginationSize=20')).json();
    expect(page.totalElements).toBe(9);
    const lines = byBmk(page.content);
    expect(lines['-X1']).toMatchObject({
      status: 'MATCHED',
      matchedArticleId: catalog.terminal,
      quantity: 12,
    });
    expect(lines['-X1']?.manufacturerId).not.toBeNull();
    expect(lines['-K1']).toMatchObject({ status: 'MATCHED', matchedArticleId: catalog.contactor });
    expect(lines['-K2']).toMatchObject({ status: 'DUPLICATE', matchedArticleId: null });
    expect(lines['-K2']?.candidateIds).toEqual([catalog.dup1, catalog.dup2].sort());
    expect(lines['-K3']).toMatchObject({ status: 'NOT_FOUND' });
    expect(lines['-W1']).toMatchObject({ status: 'WRONG_UNIT', quantity: 7.5 });
    // 250 cm of cable are 2.5 m: priced as such (2 € per metre).
    expect(lines['-W2']).toMatchObject({ status: 'MATCHED', matchedArticleId: catalog.cable, price: 5 });
    expect(lines['-K4']).toMatchObject({ status: 'MISSING_VALUES', quantity: null });
    expect(lines['-A1']).toMatchObject({ status: 'SUPPLIED', isSuppliedPart: true, price: null });
    expect(lines['-X2']).toMatchObject({ status: 'MATCHED', matchedArticleId: catalog.remembered });
    // Every cell is kept, mapped or not.
    expect(lines['-A1']?.raw).toMatchObject({
      Beistellung: 'Beigestellt vom Kunden',
      Bestellnummer: 'SPS-4711',
    });
    // 12 terminals at 1.50 less 40 %: 10.80.
    expect(lines['-X1']?.price).toBe(10.8);
  });

  it('pages, sorts by order number by default and filters by status', async () => {
    const id = await mappedDraft();
    const first = (await bom.lines(world().customer, id, '&paginationSize=3')).json();
    expect(first.content.map((line: Line) => line.orderNumber)).toEqual([
      '1020000000',
      '3RT2015-1BB41',
      '3RT2015-1BB41',
    ]);
    expect(first.totalElements).toBe(9);
    const descending = (
      await bom.lines(world().customer, id, '&paginationSize=2&column=rowNumber&sortDescending=true')
    ).json();
    expect(descending.content.map((line: Line) => line.bmk)).toEqual(['-X2', '-A1']);
    const errors = (await bom.lines(world().customer, id, '&errorsOnly=true&paginationSize=20')).json();
    expect(errors.content.map((line: Line) => line.status).sort()).toEqual([
      'DUPLICATE',
      'MISSING_VALUES',
      'NOT_FOUND',
      'WRONG_UNIT',
    ]);
    expect(errors.counts.total).toBe(9);
    const duplicates = (await bom.lines(world().customer, id, '&status=DUPLICATE')).json();
    expect(duplicates.content.map((line: Line) => line.bmk)).toEqual(['-K2']);
    expect((await bom.lines(world().customer, id, '&column=price')).statusCode).toBe(400);
  });

  it('sums the lines per article and estimates the price', async () => {
    const id = await mappedDraft();
    const summed = (await bom.summed(world().customer, id)).json();
    const contactor = summed.content.find(
      (line: { matchedArticle: { id: string } | null }) => line.matchedArticle?.id === catalog.contactor,
    );
    expect(contactor).toMatchObject({ quantity: 2, lineCount: 1, price: 80 });
    expect(summed.totalPrice).toBe(10.8 + 80 + 5);
    const estimate = (await bom.estimate(world().customer, id)).json();
    expect(estimate.amount).toBe(2);
    expect(estimate.breakdown).toMatchObject({ lineCount: 9, suppliedLines: 1, errorLines: 4 });
    expect(estimate.breakdown.suppliedParts.surcharge).toBe(50);
    expect(estimate.low).toBeGreaterThan(0);
    expect(estimate.high).toBeGreaterThan(estimate.low);
    expect(estimate.total).toEqual({ low: estimate.low * 2, high: estimate.high * 2 });
  });

  it('a second mapping replaces the lines: one generation visible, the earlier rows removed', async () => {
    const id = await mappedDraft();
    const before = (await bom.lines(world().customer, id, '&paginationSize=20')).json().content as Line[];
    expect((await bom.map(world().customer, id)).statusCode).toBe(200);
    const after = (await bom.lines(world().customer, id, '&paginationSize=20')).json();
    expect(after.totalElements).toBe(9);
    expect(after.content.map((line: Line) => line.id)).not.toContain(before[0]?.id);
    const [row] = await world()
      .ctx.db.select({ id: enquiryBoms.id })
      .from(enquiryBoms)
      .where(eq(enquiryBoms.enquiryId, id));
    const stored = await world().ctx.db.select().from(bomLines).where(eq(bomLines.enquiryBomId, row!.id));
    expect(stored).toHaveLength(9);
  });

  it('answers empty lines and no estimate before the mapping is saved', async () => {
    const id = await createDraft(api, world().customer);
    expect((await bom.upload(world().customer, id)).statusCode).toBe(200);
    expect((await bom.lines(world().customer, id)).json()).toMatchObject({ content: [], totalElements: 0 });
    expect((await bom.estimate(world().customer, id)).json()).toBeNull();
  });

  it('refuses a file without data lines under the header and keeps the earlier lines', async () => {
    const id = await mappedDraft();
    const headerOnly = Buffer.from('Menge;ME;Hersteller;Bestellnummer;Typnummer;BMK;Beistellung\r\n');
    expect((await bom.upload(world().customer, id, headerOnly)).statusCode).toBe(200);
    const refused = await bom.map(world().customer, id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Unter der Kopfzeile der Stückliste stehen keine Zeilen.');
  });
});

describe('real files through upload, proposed header and mapping, and matching', () => {
  const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'testing', 'fixtures', name));

  it.each([
    ['stueckliste-eplan.xlsx', 3],
    ['stueckliste-eplan.xls', 3],
    ['stueckliste-1252.csv', 1],
  ])('%s: header row %i proposed, the proposal saved, every line matched or supplied', async (name, row) => {
    const id = await createDraft(api, world().customer);
    const upload = await as(world().ctx.app, world().customer, {
      method: 'POST',
      url: '/api/enquiry/bom/upload',
      ...multipartForm([
        { name: 'enquiryId', value: id },
        { name: 'file', filename: name, content: fixture(name) },
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const proposed = upload.json();
    expect(proposed.headerRowIndex).toBe(row);
    const supplied = proposed.proposedMapping.some(
      (entry: { bomField: string }) => entry.bomField === 'isSuppliedPart',
    );
    const map = await as(world().ctx.app, world().customer, {
      method: 'POST',
      url: '/api/enquiry/bom/map',
      payload: {
        enquiryId: id,
        headerRowIndex: row,
        fieldMapping: proposed.proposedMapping,
        suppliedPartString: supplied ? 'beigestellt' : null,
      },
    });
    expect(map.statusCode, map.body).toBe(200);
    const lines: Line[] = (
      await bom.lines(world().customer, id, '&paginationSize=20&column=rowNumber')
    ).json().content;
    expect(lines.map((line) => line.status).filter((status) => status !== 'SUPPLIED')).toEqual(
      lines.filter((line) => line.status !== 'SUPPLIED').map(() => 'MATCHED'),
    );
    // Umlauts of the file (UTF-8 in Excel, single bytes in Windows-1252) read as written.
    expect(lines.map((line) => line.manufacturerName)).toContain('Weidmüller');
    const cable = lines.find((line) => line.orderNumber === '4510013');
    expect(cable).toMatchObject({ status: 'MATCHED', matchedArticleId: catalog.cable });
    if (name.endsWith('.csv')) expect(cable?.quantity).toBe(1.5);
  });
});

describe('POST /api/enquiry/bom/line/update', () => {
  it('takes the corrected values, matches the line again and flags it edited', async () => {
    const id = await mappedDraft();
    const wrong = byBmk((await bom.lines(world().customer, id, '&paginationSize=20')).json().content)['-W1'];
    const response = await bom.update(world().colleague, {
      enquiryId: id,
      lineId: wrong?.id,
      quantity: 7.5,
      unit: 'm',
      orderNumber: '4510013',
      manufacturerName: 'LAPP',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'MATCHED',
      edited: true,
      price: 15,
      quantityUnitName: 'm',
    });
    const history = (await api.get(world().customer, id)).json().changeEntries;
    expect(history).toContainEqual(expect.objectContaining({ field: 'bomLine' }));
  });

  it('refuses a quantity that is not positive with a German message', async () => {
    const id = await mappedDraft();
    const line = (await bom.lines(world().customer, id)).json().content[0];
    const response = await bom.update(world().customer, { enquiryId: id, lineId: line.id, quantity: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(QUANTITY_MESSAGE);
  });

  it('is the customer’s, on a draft, for a line of this BOM only', async () => {
    const id = await mappedDraft();
    const other = await mappedDraft();
    const line = (await bom.lines(world().customer, id)).json().content[0];
    const foreign = (await bom.lines(world().customer, other)).json().content[0];
    const payload = { enquiryId: id, lineId: line.id, quantity: 1 };
    expect((await bom.update(null, payload)).statusCode).toBe(401);
    for (const session of [world().otherCustomer, world().supplier, world().operator]) {
      expect((await bom.update(session, payload)).statusCode).toBe(404);
    }
    expect((await bom.update(world().customer, { ...payload, lineId: foreign.id })).statusCode).toBe(404);
  });
});

describe('who reads the lines', () => {
  it('the customer’s company; the supplier only once the enquiry is released to it, read-only', async () => {
    const id = await mappedDraft();
    expect((await bom.lines(null, id)).statusCode).toBe(401);
    for (const session of [world().otherCustomer, world().supplier, world().operator, world().external]) {
      expect((await bom.lines(session, id)).statusCode).toBe(404);
      expect((await bom.summed(session, id)).statusCode).toBe(404);
      expect((await bom.estimate(session, id)).statusCode).toBe(404);
    }
    expect((await bom.lines(world().customer, 'keine-id')).statusCode).toBe(400);

    expect((await api.upload(world().customer, id, 'Schaltplan.pdf', SAMPLES.pdf)).statusCode).toBe(201);
    const released = await api.release(world().customer, id, {
      mode: 'CHOSEN',
      supplierIds: [world().ids.supplierId],
    });
    expect(released.statusCode, released.body).toBe(200);
    const page = await bom.lines(world().supplier, id);
    expect(page.statusCode).toBe(200);
    expect(page.json().totalElements).toBe(9);
    expect((await bom.estimate(world().supplier, id)).statusCode).toBe(200);
    expect((await bom.lines(world().otherSupplier, id)).statusCode).toBe(404);
    const line = page.json().content[0];
    const payload = { enquiryId: id, lineId: line.id, quantity: 1 };
    expect((await bom.update(world().supplier, payload)).statusCode).toBe(403);
    expect((await bom.update(world().customer, payload)).statusCode).toBe(409);
  });
});
