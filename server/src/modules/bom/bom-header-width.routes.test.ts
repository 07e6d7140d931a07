import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { multipartForm } from '../../files/testing/multipart-form';
import { createDraft, enquiryApi, useEnquiryWorld } from '../../test/enquiry-world';
import { as, type Session } from '../../test/test-app';

/**
 * A wide header row: a data row taken as header, or a file with thousands of columns. Its header set is the
 * key of the mapping reuse; stored in a plain btree index it broke the map once it passed 2.7 KB. Past the
 * limits (500 columns, 200 characters a header) the header is refused with 422; below them the map works
 * however long the key is.
 */

const world = useEnquiryWorld();
const api = enquiryApi(world);

/** Texts that do not compress (a btree stores a long value compressed when it can): hashes in a row. */
function noise(seed: number, length: number): string {
  let text = '';
  for (let block = 0; text.length < length; block += 1) {
    text += createHash('sha256').update(`${seed}-${block}`).digest('base64url');
  }
  return text.slice(0, length);
}

/** 40 columns of 100 characters beside Menge and Bestellnummer: a header key of about 4 KB. */
const WIDE_HEADERS = ['Menge', 'Bestellnummer', ...Array.from({ length: 40 }, (_, i) => noise(i + 1, 100))];

const csv = (rows: string[][]) => Buffer.from(rows.map((row) => row.join(';')).join('\n'), 'utf8');

const WIDE_CSV = csv([WIDE_HEADERS, ['2', '3RT2015-1BB41', ...WIDE_HEADERS.slice(2).map(() => 'x')]]);

const MAPPING = [
  { importHeader: 'Menge', bomField: 'quantity' },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
];

const enquiryBom = {
  upload: (session: Session, enquiryId: string, content: Buffer, headerRowIndex?: number) =>
    as(world().ctx.app, session, {
      method: 'POST',
      url: '/api/enquiry/bom/upload',
      ...multipartForm([
        { name: 'enquiryId', value: enquiryId },
        ...(headerRowIndex === undefined ? [] : [{ name: 'headerRowIndex', value: String(headerRowIndex) }]),
        { name: 'file', filename: 'Stückliste.csv', content },
      ]),
    }),
  header: (session: Session, enquiryId: string, headerRowIndex: number) =>
    as(world().ctx.app, session, {
      method: 'POST',
      url: '/api/enquiry/bom/header',
      payload: { enquiryId, headerRowIndex },
    }),
  map: (session: Session, enquiryId: string) =>
    as(world().ctx.app, session, {
      method: 'POST',
      url: '/api/enquiry/bom/map',
      payload: { enquiryId, headerRowIndex: 1, fieldMapping: MAPPING },
    }),
  info: (session: Session, enquiryId: string) =>
    as(world().ctx.app, session, { method: 'GET', url: `/api/enquiry/bom/info?enquiryId=${enquiryId}` }),
};

const adminBom = {
  upload: (content: Buffer, headerRowIndex?: number) =>
    as(world().ctx.app, world().operator, {
      method: 'POST',
      url: '/api/admin/bom/upload',
      ...multipartForm([
        ...(headerRowIndex === undefined ? [] : [{ name: 'headerRowIndex', value: String(headerRowIndex) }]),
        { name: 'file', filename: 'Stückliste.csv', content },
      ]),
    }),
  header: (id: string, headerRowIndex: number) =>
    as(world().ctx.app, world().operator, {
      method: 'POST',
      url: '/api/admin/bom/header',
      payload: { id, headerRowIndex },
    }),
  map: (id: string) =>
    as(world().ctx.app, world().operator, {
      method: 'POST',
      url: '/api/admin/bom/map',
      payload: { id, headerRowIndex: 1, fieldMapping: MAPPING },
    }),
};

describe('a wide BOM header row', () => {
  it('maps a header set of about 4 KB, and the next BOM with it gets the mapping proposed', async () => {
    const customer = world().customer;
    const first = await createDraft(api, customer);
    const uploaded = await enquiryBom.upload(customer, first, WIDE_CSV);
    expect(uploaded.statusCode, uploaded.body.slice(0, 300)).toBe(200);
    expect(uploaded.json().headers).toEqual(WIDE_HEADERS);
    const mapped = await enquiryBom.map(customer, first);
    expect(mapped.statusCode, mapped.body.slice(0, 300)).toBe(200);
    expect(mapped.json()).toMatchObject({ fieldMapping: MAPPING, lineCounts: { total: 1 } });

    // The same headers in another order: the company's confirmed mapping is found by the long key.
    const second = await createDraft(api, customer);
    const reordered = csv([[...WIDE_HEADERS].reverse(), ['x']]);
    const again = await enquiryBom.upload(customer, second, reordered);
    expect(again.statusCode, again.body.slice(0, 300)).toBe(200);
    expect(again.json().proposedMapping).toEqual(MAPPING);
  });

  it('refuses more than 500 columns with 422 on upload, on another header row and in the BOM import', async () => {
    const customer = world().customer;
    const columns = Array.from({ length: 501 }, (_, i) => `Spalte ${i + 1}`);
    const file = csv([MAPPING.map((entry) => entry.importHeader), ['2', '3RT2015-1BB41'], columns]);
    const id = await createDraft(api, customer);

    const proposed = await enquiryBom.upload(customer, id, csv([columns]));
    expect(proposed.statusCode, proposed.body.slice(0, 300)).toBe(422);
    expect(proposed.json()).toMatchObject({
      code: 'BOM_HEADER_TOO_WIDE',
      message: expect.stringContaining('höchstens 500 Spalten'),
    });
    expect((await enquiryBom.upload(customer, id, file, 3)).statusCode).toBe(422);
    expect((await enquiryBom.info(customer, id)).json()).toBeNull();

    // A good upload, then the wide row chosen as header: refused, the header row stays as it was.
    expect((await enquiryBom.upload(customer, id, file)).statusCode).toBe(200);
    const changed = await enquiryBom.header(customer, id, 3);
    expect(changed.statusCode, changed.body.slice(0, 300)).toBe(422);
    expect(changed.json().code).toBe('BOM_HEADER_TOO_WIDE');
    expect((await enquiryBom.info(customer, id)).json()).toMatchObject({ headerRowIndex: 1 });
    expect((await enquiryBom.map(customer, id)).statusCode).toBe(200);

    expect((await adminBom.upload(csv([columns]))).json()).toMatchObject({ code: 'BOM_HEADER_TOO_WIDE' });
    const result = await adminBom.upload(file);
    expect(result.statusCode, result.body.slice(0, 300)).toBe(200);
    const adminChanged = await adminBom.header(result.json().id, 3);
    expect(adminChanged.statusCode, adminChanged.body.slice(0, 300)).toBe(422);
    expect(adminChanged.json().code).toBe('BOM_HEADER_TOO_WIDE');
    expect((await adminBom.map(result.json().id)).statusCode).toBe(200);
  });

  it('takes exactly 500 columns and headers of 200 characters, refuses one of 201', async () => {
    const customer = world().customer;
    const columns = [
      ...MAPPING.map((entry) => entry.importHeader),
      ...Array.from({ length: 498 }, (_, i) => `Spalte ${i + 1}`),
    ];
    const id = await createDraft(api, customer);
    const widest = await enquiryBom.upload(customer, id, csv([columns, ['2', '3RT2015-1BB41']]));
    expect(widest.statusCode, widest.body.slice(0, 300)).toBe(200);
    expect(widest.json().headers).toHaveLength(500);
    expect((await enquiryBom.map(customer, id)).statusCode).toBe(200);

    const longest = await enquiryBom.upload(
      customer,
      id,
      csv([[...MAPPING.map((e) => e.importHeader), noise(7, 200)]]),
    );
    expect(longest.statusCode, longest.body.slice(0, 300)).toBe(200);
    const tooLong = await enquiryBom.upload(
      customer,
      id,
      csv([[...MAPPING.map((e) => e.importHeader), noise(7, 201)]]),
    );
    expect(tooLong.statusCode, tooLong.body.slice(0, 300)).toBe(422);
    expect(tooLong.json()).toMatchObject({
      code: 'BOM_HEADER_TOO_WIDE',
      message: expect.stringContaining('200 Zeichen'),
    });
    expect((await adminBom.upload(csv([['Bestellnummer', noise(8, 201)]]))).statusCode).toBe(422);
  });

  it('refuses a data row chosen as header in a file of 20,000 columns', async () => {
    const customer = world().customer;
    const id = await createDraft(api, customer);
    const data = Array.from({ length: 20_000 }, (_, i) => String(i));
    const file = csv([MAPPING.map((entry) => entry.importHeader), ['2', '3RT2015-1BB41', ...data]]);
    expect((await enquiryBom.upload(customer, id, file)).statusCode).toBe(200);
    const changed = await enquiryBom.header(customer, id, 2);
    expect(changed.statusCode, changed.body.slice(0, 300)).toBe(422);
    expect(changed.json().code).toBe('BOM_HEADER_TOO_WIDE');
    expect((await enquiryBom.map(customer, id)).statusCode).toBe(200);
  });

  it('refuses an order number longer than a line takes, naming the row, and keeps the BOM unmapped', async () => {
    const customer = world().customer;
    const id = await createDraft(api, customer);
    const file = csv([
      ['Menge', 'Bestellnummer'],
      ['2', '3RT2015-1BB41'],
      ['1', noise(9, 3_000)],
    ]);
    expect((await enquiryBom.upload(customer, id, file)).statusCode).toBe(200);
    const mapped = await enquiryBom.map(customer, id);
    expect(mapped.statusCode, mapped.body.slice(0, 300)).toBe(422);
    expect(mapped.json()).toMatchObject({
      code: 'BOM_VALUE_TOO_LONG',
      message: expect.stringContaining(
        'In Zeile 3 der Stückliste ist die Bestellnummer länger als 200 Zeichen',
      ),
    });
    expect((await enquiryBom.info(customer, id)).json()).toMatchObject({
      fieldMapping: null,
      lineCounts: null,
    });

    const result = await adminBom.upload(file);
    expect(result.statusCode, result.body.slice(0, 300)).toBe(200);
    expect((await adminBom.map(result.json().id)).json()).toMatchObject({ code: 'BOM_VALUE_TOO_LONG' });
  });
});
