import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../../files/testing/multipart-form';
import { createDraft, enquiryApi, useEnquiryWorld } from '../../test/enquiry-world';
import { createArticle, createManufacturer, createUnit } from '../../test/factories';
import { as, type Session } from '../../test/test-app';

/**
 * SPEC §3 BOM line matching info, units by dimension (domain/rules/unit-dimensions.ts) through the API: an
 * EPLAN-shaped BOM counts terminals in pieces against a catalog that sells them in "100 Stück", and writes
 * cables with their length in the type ("ÖLFLEX … - 10.0 M") or in metres against a catalog in "Meter".
 */

const world = useEnquiryWorld();
const api = enquiryApi(world);

const UNITS_CSV = readFileSync(
  path.join(import.meta.dirname, 'testing', 'fixtures', 'stueckliste-einheiten.csv'),
);
const MAPPING = [
  { importHeader: 'Stückzahl', bomField: 'quantity' },
  { importHeader: 'ME', bomField: 'unit' },
  { importHeader: 'Hersteller', bomField: 'manufacturer' },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
  { importHeader: 'Typ', bomField: 'manufacturerNumber' },
  { importHeader: 'BMK', bomField: 'bmk' },
];

const catalog = { terminal: '', cable: '', connector: '' };

beforeAll(async () => {
  const db = world().ctx.db;
  await createUnit(db, { displayName: 'Stück', nameVariants: ['Stk', 'St.', 'pcs'] });
  const hundred = await createUnit(db, { displayName: '100 Stück', nameVariants: ['100 Stk', 'Hundert'] });
  const metre = await createUnit(db, { displayName: 'Meter', nameVariants: ['m', 'mtr', 'lfm'] });
  const pack = await createUnit(db, { displayName: 'Packung', nameVariants: ['Pck'] });
  const weidmueller = await createManufacturer(db, { displayName: 'Weidmüller', nameVariants: ['WEI'] });
  const lapp = await createManufacturer(db, { displayName: 'Lapp', nameVariants: ['LAP'] });
  const wago = await createManufacturer(db, { displayName: 'WAGO' });
  // 98 € per 100 terminals: 0.98 € a piece.
  catalog.terminal = (
    await createArticle(db, {
      manufacturerId: weidmueller.id,
      orderNumber: '1020000000',
      manufacturerNumber: 'WDU 2.5',
      unitId: hundred.id,
      listPrice: 98,
      priceUnitSize: 100,
      packagingUnitSize: 100,
    })
  ).id;
  // 250 € per 100 m: 2.50 € a metre.
  catalog.cable = (
    await createArticle(db, {
      manufacturerId: lapp.id,
      orderNumber: '1119303',
      manufacturerNumber: 'ÖLFLEX CLASSIC 110 3G1,5',
      unitId: metre.id,
      listPrice: 250,
      priceUnitSize: 100,
    })
  ).id;
  catalog.connector = (
    await createArticle(db, {
      manufacturerId: wago.id,
      orderNumber: '221-412',
      unitId: pack.id,
      listPrice: 9,
    })
  ).id;
});

const bom = {
  upload: (session: Session, enquiryId: string) =>
    as(world().ctx.app, session, {
      method: 'POST',
      url: '/api/enquiry/bom/upload',
      ...multipartForm([
        { name: 'enquiryId', value: enquiryId },
        { name: 'file', filename: 'Stückliste Einheiten.csv', content: UNITS_CSV },
      ]),
    }),
  map: (session: Session, enquiryId: string) =>
    as(world().ctx.app, session, {
      method: 'POST',
      url: '/api/enquiry/bom/map',
      payload: { enquiryId, headerRowIndex: 1, fieldMapping: MAPPING },
    }),
  lines: (session: Session, enquiryId: string) =>
    as(world().ctx.app, session, {
      method: 'GET',
      url: `/api/enquiry/bom/lines?enquiryId=${enquiryId}&paginationSize=50`,
    }),
  summed: (session: Session, enquiryId: string) =>
    as(world().ctx.app, session, { method: 'GET', url: `/api/enquiry/bom/summed?enquiryId=${enquiryId}` }),
};

type Line = { bmk: string; [key: string]: unknown };

async function mappedLines(): Promise<{ id: string; lines: Record<string, Line> }> {
  const id = await createDraft(api, world().customer);
  const uploaded = await bom.upload(world().customer, id);
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const mapped = await bom.map(world().customer, id);
  expect(mapped.statusCode, mapped.body).toBe(200);
  const page = (await bom.lines(world().customer, id)).json();
  expect(page.totalElements).toBe(12);
  return { id, lines: Object.fromEntries(page.content.map((line: Line) => [line.bmk, line])) };
}

describe('units by dimension in an uploaded BOM', () => {
  it('counts terminals in pieces against "100 Stück" with the packages needed, never a wrong unit', async () => {
    const { lines } = await mappedLines();
    const terminal = { status: 'MATCHED', matchedArticleId: catalog.terminal };
    expect(lines['-X1']).toMatchObject({
      ...terminal,
      quantity: 40,
      quantityUnitName: 'Stk',
      articleQuantity: 40,
      packages: 1,
      // 40 pieces at 0.98 €.
      price: 39.2,
    });
    expect(lines['-X1']?.matchedArticle).toMatchObject({ unitName: '100 Stück' });
    expect(lines['-X2']).toMatchObject({
      ...terminal,
      quantityUnitName: 'St.',
      articleQuantity: 250,
      packages: 3,
    });
    // C62 (UN/CEFACT "one") is not in the master data; its dimension is still pieces.
    expect(lines['-X3']).toMatchObject({
      ...terminal,
      quantityUnitName: 'C62',
      quantityUnitId: null,
      articleQuantity: 120,
      packages: 2,
    });
  });

  it('matches cables in metres: the length in the type, a unit of length, "Meterware"', async () => {
    const { lines } = await mappedLines();
    const cable = { status: 'MATCHED', matchedArticleId: catalog.cable, packages: null };
    // "ÖLFLEX CLASSIC 110 3G1,5 - 10.0 M" is looked up without its length; 1 piece of 10 m = 10 m at 2.50 €.
    expect(lines['-W1']).toMatchObject({
      ...cable,
      quantity: 1,
      manufacturerNumber: 'ÖLFLEX CLASSIC 110 3G1,5 - 10.0 M',
      articleQuantity: 10,
      price: 25,
    });
    expect(lines['-W2']).toMatchObject({ ...cable, quantity: 2, articleQuantity: 5 });
    expect(lines['-W3']).toMatchObject({ ...cable, quantityUnitName: 'lfm', articleQuantity: 25 });
    expect(lines['-W4']).toMatchObject({ ...cable, quantityUnitName: 'MTR', articleQuantity: 15 });
    expect(lines['-W5']).toMatchObject({ ...cable, quantityUnitName: 'Meterware', articleQuantity: 12 });
    // "Meterware" in another cell of the line (the description, not mapped): 8 Stk are 8 m.
    expect(lines['-W7']).toMatchObject({ ...cable, quantityUnitName: 'Stk', articleQuantity: 8 });
  });

  it('keeps a real wrong unit with the article and its unit beside the line unit', async () => {
    const { lines } = await mappedLines();
    expect(lines['-W6']).toMatchObject({
      status: 'WRONG_UNIT',
      matchedArticleId: catalog.cable,
      quantity: 3,
      quantityUnitName: 'Stk',
      articleQuantity: null,
      price: null,
    });
    expect(lines['-W6']?.matchedArticle).toMatchObject({ unitName: 'Meter' });
    // A "Packung" of unknown size is no count of pieces.
    expect(lines['-X4']).toMatchObject({ status: 'WRONG_UNIT', matchedArticleId: catalog.connector });
    expect(lines['-X4']?.matchedArticle).toMatchObject({ unitName: 'Packung' });
    expect(lines['-X5']).toMatchObject({ status: 'WRONG_UNIT', quantityUnitName: 'kg' });
  });

  it('sums the terminals in pieces and the cable in metres', async () => {
    const { id } = await mappedLines();
    const summed = (await bom.summed(world().customer, id)).json();
    const byArticle = Object.fromEntries(
      summed.content
        .filter((line: { matchedArticle: unknown }) => line.matchedArticle)
        .map((line: { matchedArticle: { id: string } }) => [line.matchedArticle.id, line]),
    );
    expect(byArticle[catalog.terminal]).toMatchObject({ quantity: 410, unitName: 'Stück', lineCount: 3 });
    expect(byArticle[catalog.cable]).toMatchObject({ quantity: 75, unitName: 'Meter', lineCount: 6 });
  });
});
