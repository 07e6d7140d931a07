import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HEADER_ROW_MESSAGE } from '@portal/domain/schemas/bom';
import { describe, expect, it } from 'vitest';
import { multipartForm } from '../../files/testing/multipart-form';
import { createDraft, enquiryApi, SAMPLES, useEnquiryWorld } from '../../test/enquiry-world';
import { as, type Session } from '../../test/test-app';

const world = useEnquiryWorld();
const api = enquiryApi(world);

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'testing', 'fixtures', name));
const FIXTURES = {
  eplanXlsx: fixture('stueckliste-eplan.xlsx'),
  eplanXls: fixture('stueckliste-eplan.xls'),
  csv1252: fixture('stueckliste-1252.csv'),
};
const EPLAN_HEADERS = [
  'Funktionale Zuordnung',
  'Anlage',
  'Einbauort',
  'BMK',
  'Menge',
  'ME',
  'Hersteller',
  'Bestellnummer',
  'Typnummer',
  'Bezeichnung',
  'Beigestellt',
];

/** The BOM calls as the upload panel makes them; the text fields come before the file. */
const bom = {
  upload: (
    session: Session | null,
    enquiryId: string | null,
    filename: string,
    content: Buffer,
    headerRowIndex?: string,
  ) =>
    as(world().ctx.app, session, {
      method: 'POST',
      url: '/api/enquiry/bom/upload',
      ...multipartForm([
        ...(enquiryId === null ? [] : [{ name: 'enquiryId', value: enquiryId }]),
        ...(headerRowIndex === undefined ? [] : [{ name: 'headerRowIndex', value: headerRowIndex }]),
        { name: 'file', filename, content },
      ]),
    }),
  header: (session: Session | null, payload: object) =>
    as(world().ctx.app, session, { method: 'POST', url: '/api/enquiry/bom/header', payload }),
  info: (session: Session | null, enquiryId: string) =>
    as(world().ctx.app, session, { method: 'GET', url: `/api/enquiry/bom/info?enquiryId=${enquiryId}` }),
  download: (session: Session | null, enquiryId: string) =>
    as(world().ctx.app, session, { method: 'GET', url: `/api/enquiry/bom/?enquiryId=${enquiryId}` }),
  remove: (session: Session | null, payload: object) =>
    as(world().ctx.app, session, { method: 'POST', url: '/api/enquiry/bom/delete', payload }),
};

/** The stored BOM files of an enquiry (generated names; refused uploads leave nothing behind). */
function storedBoms(enquiryId: string): string[] {
  try {
    return readdirSync(path.join(world().ctx.filesDir, 'enquiry', enquiryId, 'bom'));
  } catch {
    return [];
  }
}

/** A draft with the EPLAN BOM. */
async function draftWithBom(session: Session = world().customer): Promise<string> {
  const id = await createDraft(api, session);
  const response = await bom.upload(session, id, 'Stückliste EPLAN.xlsx', FIXTURES.eplanXlsx);
  if (response.statusCode !== 200) throw new Error(`bom upload: ${response.statusCode} ${response.body}`);
  return id;
}

/** A draft with the EPLAN BOM, released to the world's first supplier only. */
async function releasedWithBom(): Promise<string> {
  const id = await draftWithBom();
  for (const [name, content] of [
    ['Schaltplan.pdf', SAMPLES.pdf],
    ['Stückliste.xlsx', SAMPLES.xlsx],
  ] as const) {
    const upload = await api.upload(world().customer, id, name, content);
    if (upload.statusCode !== 201) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);
  }
  const release = await api.release(world().customer, id, {
    mode: 'CHOSEN',
    supplierIds: [world().ids.supplierId],
  });
  if (release.statusCode !== 200) throw new Error(`release: ${release.statusCode} ${release.body}`);
  return id;
}

/** Everyone who must not learn about a customer's draft. */
const strangers = () => [world().otherCustomer, world().supplier, world().operator, world().external];

describe('POST /api/enquiry/bom/upload', () => {
  it('EPLAN .xlsx with two title rows: header row 3 proposed, headers stored, mapping proposed not set', async () => {
    const id = await createDraft(api, world().customer);
    const response = await bom.upload(world().customer, id, 'Stückliste EPLAN.xlsx', FIXTURES.eplanXlsx);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      enquiryId: id,
      bomFileName: 'Stückliste EPLAN.xlsx',
      size: FIXTURES.eplanXlsx.length,
      headerRowIndex: 3,
      headers: EPLAN_HEADERS,
      fieldMapping: null,
      suppliedPartString: null,
    });
    expect(body.proposedMapping).toEqual(
      expect.arrayContaining([
        { importHeader: 'Menge', bomField: 'quantity' },
        { importHeader: 'ME', bomField: 'unit' },
        { importHeader: 'Hersteller', bomField: 'manufacturer' },
        { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
        { importHeader: 'Typnummer', bomField: 'manufacturerNumber' },
        { importHeader: 'BMK', bomField: 'bmk' },
      ]),
    );
    // The storage key is generated, never the user's name.
    const keys = storedBoms(id);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect((await bom.info(world().colleague, id)).json()).toEqual(body);
    expect((await api.get(world().customer, id)).json().changeEntries).toContainEqual(
      expect.objectContaining({ field: 'bom', oldValue: null, newValue: 'Stückliste EPLAN.xlsx' }),
    );
  });

  it('the same BOM as .xls, and a Windows-1252 CSV with umlauts and semicolons', async () => {
    const id = await createDraft(api, world().customer);
    const xls = await bom.upload(world().customer, id, 'Stückliste alt.xls', FIXTURES.eplanXls);
    expect(xls.statusCode, xls.body).toBe(200);
    expect(xls.json()).toMatchObject({ headerRowIndex: 3, headers: EPLAN_HEADERS });
    const csv = await bom.upload(world().colleague, id, 'Stückliste.csv', FIXTURES.csv1252);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.json()).toMatchObject({
      bomFileName: 'Stückliste.csv',
      headerRowIndex: 1,
      headers: ['Stückzahl', 'ME', 'Hersteller', 'Bestell-Nr.', 'Typnummer', 'Bezeichnung', 'BMK'],
    });
    expect(csv.json().proposedMapping).toEqual(
      expect.arrayContaining([
        { importHeader: 'Stückzahl', bomField: 'quantity' },
        { importHeader: 'Bestell-Nr.', bomField: 'orderNumber' },
        { importHeader: 'Hersteller', bomField: 'manufacturer' },
      ]),
    );
  });

  it('a given header row is taken as it is; a row without headers is refused and nothing is kept', async () => {
    const id = await createDraft(api, world().customer);
    const chosen = await bom.upload(world().customer, id, 'Stückliste.xlsx', FIXTURES.eplanXlsx, '2');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({
      headerRowIndex: 2,
      headers: ['Projekt: Linie 4', 'Erstellt: 20.11.2026'],
    });
    const beyond = await bom.upload(world().customer, id, 'Neu.xlsx', FIXTURES.eplanXlsx, '40');
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json()).toMatchObject({ code: 'BOM_NO_HEADERS' });
    expect(beyond.json().message).toContain('Zeile 40');
    // The earlier BOM stays as it was.
    expect((await bom.info(world().customer, id)).json()).toMatchObject({
      bomFileName: 'Stückliste.xlsx',
      headerRowIndex: 2,
    });
    expect(storedBoms(id)).toHaveLength(1);
  });

  it('a re-upload replaces the BOM; the earlier file is removed', async () => {
    const id = await draftWithBom();
    const [firstKey] = storedBoms(id);
    const response = await bom.upload(world().customer, id, 'Stückliste.csv', FIXTURES.csv1252);
    expect(response.statusCode, response.body).toBe(200);
    expect((await bom.info(world().customer, id)).json()).toMatchObject({
      bomFileName: 'Stückliste.csv',
      size: FIXTURES.csv1252.length,
    });
    const keys = storedBoms(id);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(firstKey);
    const download = await bom.download(world().customer, id);
    expect(download.rawPayload.equals(FIXTURES.csv1252)).toBe(true);
    expect((await api.get(world().customer, id)).json().changeEntries).toContainEqual(
      expect.objectContaining({
        field: 'bom',
        oldValue: 'Stückliste EPLAN.xlsx',
        newValue: 'Stückliste.csv',
      }),
    );
  });

  it('401 signed out; 404 for others and unknown ids; 400 naming the fields; 409 once released', async () => {
    const id = await createDraft(api, world().customer);
    expect((await bom.upload(null, id, 'a.xlsx', FIXTURES.eplanXlsx)).statusCode).toBe(401);
    for (const session of strangers()) {
      expect((await bom.upload(session, id, 'a.xlsx', FIXTURES.eplanXlsx)).statusCode).toBe(404);
    }
    const unknown = await bom.upload(
      world().customer,
      '00000000-0000-4000-8000-000000000000',
      'a.xlsx',
      FIXTURES.eplanXlsx,
    );
    expect(unknown.statusCode).toBe(404);
    const noId = await bom.upload(world().customer, null, 'a.xlsx', FIXTURES.eplanXlsx);
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toMatch(/^enquiryId: /);
    const badId = await bom.upload(world().customer, 'abc', 'a.xlsx', FIXTURES.eplanXlsx);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/^enquiryId: /);
    for (const row of ['0', '-1', '1.5', 'drei']) {
      const bad = await bom.upload(world().customer, id, 'a.xlsx', FIXTURES.eplanXlsx, row);
      expect(bad.statusCode, row).toBe(400);
      expect(bad.json().message).toBe(`headerRowIndex: ${HEADER_ROW_MESSAGE}`);
    }
    const noFile = await as(world().ctx.app, world().customer, {
      method: 'POST',
      url: '/api/enquiry/bom/upload',
      ...multipartForm([{ name: 'enquiryId', value: id }]),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('FILE_MISSING');
    // The enquiry must be named before the file (its access is checked before a byte is stored).
    const idAfterFile = await as(world().ctx.app, world().customer, {
      method: 'POST',
      url: '/api/enquiry/bom/upload',
      ...multipartForm([
        { name: 'file', filename: 'a.xlsx', content: FIXTURES.eplanXlsx },
        { name: 'enquiryId', value: id },
      ]),
    });
    expect(idAfterFile.statusCode).toBe(400);
    expect(idAfterFile.json().message).toMatch(/^enquiryId: /);
    expect(storedBoms(id)).toEqual([]);
    expect((await bom.info(world().customer, id)).json()).toBeNull();

    const released = await releasedWithBom();
    for (const session of [world().customer, world().colleague]) {
      const late = await bom.upload(session, released, 'Neu.xlsx', FIXTURES.eplanXlsx);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({
        code: 'BOM_RELEASED',
        message: 'Die Stückliste einer freigegebenen Anfrage kann nicht mehr geändert werden.',
      });
    }
    // The addressed supplier may read the released enquiry, but not change its BOM.
    expect((await bom.upload(world().supplier, released, 'a.xlsx', FIXTURES.eplanXlsx)).statusCode).toBe(403);
    expect((await bom.upload(world().otherSupplier, released, 'a.xlsx', FIXTURES.eplanXlsx)).statusCode).toBe(
      404,
    );
    expect(storedBoms(released)).toHaveLength(1);
  });

  it('415 for other formats and for content that does not fit the extension, naming the file', async () => {
    const id = await createDraft(api, world().customer);
    const pngAsXlsx = await bom.upload(world().customer, id, 'Stückliste.xlsx', SAMPLES.png);
    expect(pngAsXlsx.statusCode).toBe(415);
    expect(pngAsXlsx.json()).toMatchObject({
      code: 'FILE_CONTENT_MISMATCH',
      message:
        'Die Datei „Stückliste.xlsx“ ist keine Excel-Datei (.xlsx): Ihr Inhalt passt nicht zur Dateiendung. Bitte laden Sie die Originaldatei hoch.',
    });
    const pdf = await bom.upload(world().customer, id, 'Stückliste.pdf', SAMPLES.pdf);
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toContain('„Stückliste.pdf“');
    expect(pdf.json().message).toContain('.xlsx, .xls, .csv');
    expect((await bom.upload(world().customer, id, 'alt.xls', FIXTURES.eplanXlsx)).statusCode).toBe(415);
    expect((await bom.upload(world().customer, id, 'Liste.csv', SAMPLES.png)).statusCode).toBe(415);
    // The right first bytes, but no workbook inside: 422, named.
    const hollow = await bom.upload(world().customer, id, 'Leer.xlsx', SAMPLES.xlsx);
    expect(hollow.statusCode).toBe(422);
    expect(hollow.json()).toMatchObject({ code: 'BOM_UNREADABLE' });
    expect(hollow.json().message).toContain('„Leer.xlsx“');
    expect(storedBoms(id)).toEqual([]);
    expect((await bom.info(world().customer, id)).json()).toBeNull();
  });
});

describe('POST /api/enquiry/bom/header', () => {
  it('re-reads the stored row: headers, file name and a fresh proposal; the row is kept', async () => {
    const id = await createDraft(api, world().customer);
    await bom.upload(world().customer, id, 'Stückliste EPLAN.xlsx', FIXTURES.eplanXlsx, '1');
    const response = await bom.header(world().colleague, { enquiryId: id, headerRowIndex: 3 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      bomFileName: 'Stückliste EPLAN.xlsx',
      headerRowIndex: 3,
      headers: EPLAN_HEADERS,
    });
    expect(response.json().proposedMapping).toContainEqual({ importHeader: 'Menge', bomField: 'quantity' });
    expect((await bom.info(world().customer, id)).json()).toMatchObject({ headerRowIndex: 3 });
    expect((await api.get(world().customer, id)).json().changeEntries).toContainEqual(
      expect.objectContaining({ field: 'bomHeaderRowIndex', oldValue: '1', newValue: '3' }),
    );
  });

  it('401; 404 for others and without a BOM; 400 naming the field; 422 for a row without headers; 409 released', async () => {
    const id = await draftWithBom();
    const body = { enquiryId: id, headerRowIndex: 3 };
    expect((await bom.header(null, body)).statusCode).toBe(401);
    for (const session of strangers()) expect((await bom.header(session, body)).statusCode).toBe(404);
    const none = await createDraft(api, world().customer);
    const missing = await bom.header(world().customer, { enquiryId: none, headerRowIndex: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('BOM_MISSING');
    for (const headerRowIndex of [0, -2, 1.5, '3', null]) {
      const bad = await bom.header(world().customer, { enquiryId: id, headerRowIndex });
      expect(bad.statusCode, String(headerRowIndex)).toBe(400);
      expect(bad.json().issues).toContainEqual(
        expect.objectContaining({ path: 'body.headerRowIndex', message: HEADER_ROW_MESSAGE }),
      );
    }
    const noId = await bom.header(world().customer, { headerRowIndex: 3 });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().issues[0].path).toBe('body.enquiryId');
    const beyond = await bom.header(world().customer, { enquiryId: id, headerRowIndex: 500 });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().code).toBe('BOM_NO_HEADERS');
    expect(beyond.json().message).toContain('„Stückliste EPLAN.xlsx“');
    expect((await bom.info(world().customer, id)).json()).toMatchObject({ headerRowIndex: 3 });

    const released = await releasedWithBom();
    const late = await bom.header(world().customer, { enquiryId: released, headerRowIndex: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('BOM_RELEASED');
  });
});

describe('GET /api/enquiry/bom/ and /api/enquiry/bom/info', () => {
  it('the original file with its name as attachment, for the customer and the addressed supplier', async () => {
    const id = await releasedWithBom();
    expect((await bom.download(null, id)).statusCode).toBe(401);
    expect((await bom.info(null, id)).statusCode).toBe(401);
    for (const session of [
      world().otherCustomer,
      world().otherSupplier,
      world().operator,
      world().external,
    ]) {
      expect((await bom.download(session, id)).statusCode).toBe(404);
      expect((await bom.info(session, id)).statusCode).toBe(404);
    }
    // A malformed id on the area's GET-by-id root path names no record (404, record-id-query.ts); info: 400.
    expect((await bom.download(world().customer, 'abc')).statusCode).toBe(404);
    const badInfo = await bom.info(world().customer, 'abc');
    expect(badInfo.statusCode).toBe(400);
    expect(badInfo.json().issues[0].path).toBe('querystring.enquiryId');
    for (const session of [world().customer, world().colleague, world().supplier]) {
      const response = await bom.download(session, id);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(FIXTURES.eplanXlsx)).toBe(true);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="St_ckliste EPLAN.xlsx"; filename*=UTF-8''St%C3%BCckliste%20EPLAN.xlsx`,
      );
      expect((await bom.info(session, id)).json()).toMatchObject({ bomFileName: 'Stückliste EPLAN.xlsx' });
    }
  });

  it("a draft's BOM only for its customer; without a BOM 404 to download and null as info", async () => {
    const id = await draftWithBom();
    for (const session of strangers()) expect((await bom.download(session, id)).statusCode).toBe(404);
    const none = await createDraft(api, world().customer);
    const missing = await bom.download(world().customer, none);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('BOM_MISSING');
    const info = await bom.info(world().customer, none);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toBeNull();
  });
});

describe('POST /api/enquiry/bom/delete', () => {
  it('401; 404 for others; 400 naming the field; 409 released; 204 removes the row and the file', async () => {
    const id = await draftWithBom();
    expect((await bom.remove(null, { enquiryId: id })).statusCode).toBe(401);
    for (const session of strangers()) {
      expect((await bom.remove(session, { enquiryId: id })).statusCode).toBe(404);
    }
    const bad = await bom.remove(world().customer, { enquiryId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('body.enquiryId');
    expect(storedBoms(id)).toHaveLength(1);
    const response = await bom.remove(world().colleague, { enquiryId: id });
    expect(response.statusCode).toBe(204);
    expect((await bom.info(world().customer, id)).json()).toBeNull();
    expect(storedBoms(id)).toEqual([]);
    expect((await bom.remove(world().customer, { enquiryId: id })).statusCode).toBe(404);
    expect((await api.get(world().customer, id)).json().changeEntries).toContainEqual(
      expect.objectContaining({ field: 'bom', oldValue: 'Stückliste EPLAN.xlsx', newValue: null }),
    );

    const released = await releasedWithBom();
    const late = await bom.remove(world().customer, { enquiryId: released });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('BOM_RELEASED');
    expect(storedBoms(released)).toHaveLength(1);
  });
});
