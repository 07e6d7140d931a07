import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  FIELD_MAPPED_TWICE,
  MISSING_BOM_NUMBER_MAPPING,
  SUPPLIED_PART_TEXT_REQUIRED,
} from '@portal/domain/schemas/bom';
import { describe, expect, it } from 'vitest';
import { multipartForm } from '../../files/testing/multipart-form';
import { createDraft, enquiryApi, SAMPLES, useEnquiryWorld } from '../../test/enquiry-world';
import { as, type Session } from '../../test/test-app';

const world = useEnquiryWorld();
const api = enquiryApi(world);

const EPLAN_XLSX = readFileSync(
  path.join(import.meta.dirname, 'testing', 'fixtures', 'stueckliste-eplan.xlsx'),
);
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
/** The EPLAN headers in another order and spelling (case, spaces): the same set of headers. */
const SAME_HEADERS_ROW = [...EPLAN_HEADERS]
  .reverse()
  .map((header, index) => (index % 2 ? header.toUpperCase() : ` ${header} `))
  .join(';');
const SAME_HEADERS_CSV = Buffer.from(
  `${SAME_HEADERS_ROW}\nx;Schütz;3RT2015-1BB41;3RT2015-1BB41;Siemens;Stk;1;-K1;+S1;=A1;==PRD\n`,
  'utf8',
);

/** The customer's own mapping (differs from the proposal: Bezeichnung is mapped, Hersteller is not). */
const CONFIRMED = [
  { importHeader: 'Menge', bomField: 'quantity' },
  { importHeader: 'ME', bomField: 'unit' },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
  { importHeader: 'Bezeichnung', bomField: 'manufacturerNumber' },
  { importHeader: 'Beigestellt', bomField: 'isSuppliedPart' },
];

const bom = {
  upload: (session: Session, enquiryId: string, filename: string, content: Buffer) =>
    as(world().ctx.app, session, {
      method: 'POST',
      url: '/api/enquiry/bom/upload',
      ...multipartForm([
        { name: 'enquiryId', value: enquiryId },
        { name: 'file', filename, content },
      ]),
    }),
  map: (session: Session | null, payload: object) =>
    as(world().ctx.app, session, { method: 'POST', url: '/api/enquiry/bom/map', payload }),
  header: (session: Session, payload: object) =>
    as(world().ctx.app, session, { method: 'POST', url: '/api/enquiry/bom/header', payload }),
  info: (session: Session, enquiryId: string) =>
    as(world().ctx.app, session, { method: 'GET', url: `/api/enquiry/bom/info?enquiryId=${enquiryId}` }),
  copy: (session: Session, id: string) =>
    as(world().ctx.app, session, { method: 'POST', url: `/api/enquiry/copy?id=${id}` }),
};

async function draftWithBom(
  session: Session = world().customer,
  content = EPLAN_XLSX,
  name = 'Stückliste.xlsx',
) {
  const id = await createDraft(api, session);
  const response = await bom.upload(session, id, name, content);
  if (response.statusCode !== 200) throw new Error(`bom upload: ${response.statusCode} ${response.body}`);
  return { id, uploaded: response.json() };
}

const body = (enquiryId: string, overrides: object = {}) => ({
  enquiryId,
  headerRowIndex: 3,
  fieldMapping: CONFIRMED,
  suppliedPartString: 'beigestellt',
  ...overrides,
});

function storedBoms(enquiryId: string): string[] {
  try {
    return readdirSync(path.join(world().ctx.filesDir, 'enquiry', enquiryId, 'bom'));
  } catch {
    return [];
  }
}

describe('POST /api/enquiry/bom/map', () => {
  it('stores the confirmed mapping: returned, kept in /info, one history entry', async () => {
    const { id } = await draftWithBom();
    const response = await bom.map(world().colleague, body(id, { suppliedPartString: ' beigestellt ' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      enquiryId: id,
      headerRowIndex: 3,
      headers: EPLAN_HEADERS,
      fieldMapping: CONFIRMED,
      suppliedPartString: 'beigestellt',
    });
    expect((await bom.info(world().customer, id)).json()).toEqual(response.json());
    const history = (await api.get(world().customer, id)).json().changeEntries;
    expect(history).toContainEqual(
      expect.objectContaining({
        field: 'bomMapping',
        oldValue: null,
        newValue: expect.stringContaining('Bestellnummer → Bestellnummer'),
      }),
    );
    // The same mapping again records nothing new.
    expect((await bom.map(world().customer, body(id))).statusCode).toBe(200);
    const again = (await api.get(world().customer, id)).json().changeEntries;
    expect(again.filter((entry: { field: string }) => entry.field === 'bomMapping')).toHaveLength(1);
  });

  it('401 signed out; 404 for others, a supplier, the operator and without a BOM', async () => {
    const { id } = await draftWithBom();
    expect((await bom.map(null, body(id))).statusCode).toBe(401);
    for (const session of [
      world().otherCustomer,
      world().supplier,
      world().otherSupplier,
      world().operator,
      world().external,
    ]) {
      expect((await bom.map(session, body(id))).statusCode).toBe(404);
    }
    const bare = await createDraft(api, world().customer);
    const missing = await bom.map(world().customer, body(bare));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('BOM_MISSING');
    expect((await bom.info(world().customer, id)).json().fieldMapping).toBeNull();
  });

  it('400 naming the fields: no number mapped, supplied part without its text, a field twice', async () => {
    const { id } = await draftWithBom();
    const noNumber = await bom.map(
      world().customer,
      body(id, { fieldMapping: [{ importHeader: 'Menge', bomField: 'quantity' }] }),
    );
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().issues).toContainEqual({
      path: 'body.fieldMapping',
      message: MISSING_BOM_NUMBER_MAPPING,
    });
    const noText = await bom.map(world().customer, body(id, { suppliedPartString: '  ' }));
    expect(noText.statusCode).toBe(400);
    expect(noText.json().issues).toContainEqual({
      path: 'body.suppliedPartString',
      message: SUPPLIED_PART_TEXT_REQUIRED,
    });
    const twice = await bom.map(
      world().customer,
      body(id, {
        fieldMapping: [
          { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
          { importHeader: 'Typnummer', bomField: 'orderNumber' },
        ],
      }),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().issues).toContainEqual({
      path: 'body.fieldMapping.1.bomField',
      message: FIELD_MAPPED_TWICE,
    });
    expect((await bom.map(world().customer, { ...body(id), enquiryId: 'abc' })).json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.enquiryId' }),
    );
    expect((await bom.info(world().customer, id)).json().fieldMapping).toBeNull();
  });

  it('422 for a column the header row lacks and for another header row than the stored one', async () => {
    const { id } = await draftWithBom();
    const unknown = await bom.map(
      world().customer,
      body(id, { fieldMapping: [...CONFIRMED.slice(0, 3), { importHeader: 'Artikel', bomField: 'bmk' }] }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'BOM_MAPPING_OUTDATED',
      message: expect.stringContaining('„Artikel“'),
      issues: [{ path: 'fieldMapping.3.importHeader', message: expect.stringContaining('Artikel') }],
    });
    const otherRow = await bom.map(world().customer, body(id, { headerRowIndex: 1 }));
    expect(otherRow.statusCode).toBe(422);
    expect(otherRow.json().message).toMatch(/Kopfzeile/);
    // Case and spaces of a header do not matter.
    const spelling = await bom.map(
      world().customer,
      body(id, { fieldMapping: [{ importHeader: ' bestellnummer ', bomField: 'orderNumber' }] }),
    );
    expect(spelling.statusCode, spelling.body).toBe(200);
    expect((await api.get(world().customer, id)).json().changeEntries).toContainEqual(
      expect.objectContaining({ field: 'bomMapping' }),
    );
  });

  it('409 once released', async () => {
    const { id } = await draftWithBom();
    for (const [name, content] of [
      ['Schaltplan.pdf', SAMPLES.pdf],
      ['Stückliste.xlsx', SAMPLES.xlsx],
    ] as const) {
      expect((await api.upload(world().customer, id, name, content)).statusCode).toBe(201);
    }
    const release = await api.release(world().customer, id, {
      mode: 'CHOSEN',
      supplierIds: [world().ids.supplierId],
    });
    expect(release.statusCode, release.body).toBe(200);
    const late = await bom.map(world().customer, body(id));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('BOM_RELEASED');
    // The supplier it is not addressed to learns nothing; the addressed one may not map either.
    expect((await bom.map(world().otherSupplier, body(id))).statusCode).toBe(404);
    expect((await bom.map(world().supplier, body(id))).statusCode).toBe(403);
  });
});

describe('release with the BOM of the BOM panel', () => {
  it('a mapped BOM counts as the BOM; uploaded but not mapped it does not ("Stückliste fehlt")', async () => {
    const { id } = await draftWithBom();
    expect((await api.upload(world().customer, id, 'Schaltplan.pdf', SAMPLES.pdf)).statusCode).toBe(201);
    const unmapped = await api.release(world().customer, id);
    expect(unmapped.statusCode).toBe(422);
    expect(unmapped.json().issues).toEqual([{ path: 'billOfMaterial', message: 'Stückliste fehlt' }]);
    expect((await bom.map(world().customer, body(id))).statusCode).toBe(200);
    const release = await api.release(world().customer, id);
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json().released).toBe(true);
  });
});

describe('reuse of the last confirmed mapping', () => {
  it("the company's next BOM with the same header set gets it proposed, not applied; another company's does not", async () => {
    const { id: first } = await draftWithBom();
    expect((await bom.map(world().customer, body(first))).statusCode).toBe(200);

    const { uploaded } = await draftWithBom(world().colleague, SAME_HEADERS_CSV, 'Stückliste.csv');
    expect(uploaded.headerRowIndex).toBe(1);
    expect(uploaded.fieldMapping).toBeNull();
    // Filtered to the headers present, spelt as this file spells them.
    expect(uploaded.proposedMapping).toEqual([
      { importHeader: 'Menge', bomField: 'quantity' },
      { importHeader: 'ME', bomField: 'unit' },
      { importHeader: 'BESTELLNUMMER', bomField: 'orderNumber' },
      { importHeader: 'BEZEICHNUNG', bomField: 'manufacturerNumber' },
      { importHeader: 'Beigestellt', bomField: 'isSuppliedPart' },
    ]);
    expect((await bom.info(world().colleague, uploaded.enquiryId)).json().proposedMapping).toEqual(
      uploaded.proposedMapping,
    );

    const { uploaded: foreign } = await draftWithBom(
      world().otherCustomer,
      SAME_HEADERS_CSV,
      'Stückliste.csv',
    );
    expect(foreign.proposedMapping).not.toContainEqual({
      importHeader: 'BEZEICHNUNG',
      bomField: 'manufacturerNumber',
    });
    expect(foreign.proposedMapping).toContainEqual({
      importHeader: 'BESTELLNUMMER',
      bomField: 'orderNumber',
    });

    // Another header set: the synonym proposal.
    const headerRow = await bom.header(world().customer, { enquiryId: first, headerRowIndex: 1 });
    expect(headerRow.statusCode, headerRow.body).toBe(200);
    expect(headerRow.json().proposedMapping).not.toContainEqual({
      importHeader: 'Bezeichnung',
      bomField: 'manufacturerNumber',
    });
  });
});

describe('POST /api/enquiry/copy with a BOM', () => {
  it('copies the BOM: its file under a new key, header row, headers, mapping and supplied-part text', async () => {
    const { id } = await draftWithBom();
    expect((await bom.map(world().customer, body(id))).statusCode).toBe(200);
    const copied = await bom.copy(world().customer, id);
    expect(copied.statusCode, copied.body).toBe(201);
    const copyId = copied.json().id;
    const info = (await bom.info(world().customer, copyId)).json();
    expect(info).toMatchObject({
      enquiryId: copyId,
      bomFileName: 'Stückliste.xlsx',
      size: EPLAN_XLSX.length,
      headerRowIndex: 3,
      headers: EPLAN_HEADERS,
      fieldMapping: CONFIRMED,
      suppliedPartString: 'beigestellt',
    });
    expect(storedBoms(copyId)).toHaveLength(1);
    expect(storedBoms(id)).toHaveLength(1);
    expect(storedBoms(copyId)[0]).not.toBe(storedBoms(id)[0]);
    const download = await as(world().ctx.app, world().customer, {
      method: 'GET',
      url: `/api/enquiry/bom/?enquiryId=${copyId}`,
    });
    expect(download.rawPayload.equals(EPLAN_XLSX)).toBe(true);
    expect(
      copied.json().changeEntries ?? (await api.get(world().customer, copyId)).json().changeEntries,
    ).toContainEqual(expect.objectContaining({ field: 'bom', newValue: 'Stückliste.xlsx' }));
  });
});
