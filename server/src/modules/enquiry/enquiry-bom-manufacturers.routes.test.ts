import { beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../../files/testing/multipart-form';
import { createDraft, enquiryApi, SAMPLES, useEnquiryWorld } from '../../test/enquiry-world';
import { createArticle, createManufacturer, createUnit } from '../../test/factories';
import { as, type Session } from '../../test/test-app';

/**
 * SPEC §3 BOM line matching info, the customer's side of an unknown EPLAN code: the draft's panel lists the
 * names the master data does not know (GET), and the customer gives such a name a manufacturer for this BOM
 * (POST): the lines take it, are flagged edited and matched again, while the master data stays as it is
 * (it is the operator administrators', SPEC §6).
 */

const world = useEnquiryWorld();
const api = enquiryApi(world);

/** "SIEM" is no code the master data knows; Siemens "3RT2015-1BB41" exists, as does a Rittal twin of it. */
const BOM = Buffer.from(
  [
    'Stückzahl;Bestellnummer;Hersteller;BMK;Teileart',
    '2;3RT2015-1BB41;SIEM;-K1;Elektrotechnik',
    '1;3RT2015-1BB41;siem;-K2;Elektrotechnik',
    '40;3209510;PHO;-X1;Elektrotechnik',
    // The customer's own part: its maker is nobody's concern (not listed).
    '1;SPS-4711;KUNDE;-A1;Beistellung',
  ].join('\r\n'),
  'utf8',
);
const MAPPING = [
  { importHeader: 'Stückzahl', bomField: 'quantity' },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
  { importHeader: 'Hersteller', bomField: 'manufacturer' },
  { importHeader: 'BMK', bomField: 'bmk' },
  { importHeader: 'Teileart', bomField: 'isSuppliedPart' },
];

let siemensId: string;
let rittalId: string;

beforeAll(async () => {
  const db = world().ctx.db;
  const piece = await createUnit(db, { displayName: 'Stück', nameVariants: ['Stk'] });
  const siemens = await createManufacturer(db, { displayName: 'Siemens', nameVariants: ['SIE'] });
  const rittal = await createManufacturer(db, { displayName: 'Rittal' });
  const phoenix = await createManufacturer(db, { displayName: 'Phoenix Contact', nameVariants: ['PHO'] });
  siemensId = siemens.id;
  rittalId = rittal.id;
  // The same number at two manufacturers: without its manufacturer the line is not unique.
  await createArticle(db, { manufacturerId: siemens.id, orderNumber: '3RT2015-1BB41', unitId: piece.id });
  await createArticle(db, { manufacturerId: rittal.id, orderNumber: '3RT2015-1BB41', unitId: piece.id });
  await createArticle(db, { manufacturerId: phoenix.id, orderNumber: '3209510', unitId: piece.id });
});

const names = (session: Session | null, enquiryId: string) =>
  as(world().ctx.app, session, {
    method: 'GET',
    url: `/api/enquiry/bom/manufacturer-names?enquiryId=${enquiryId}`,
  });
const assign = (session: Session | null, payload: object) =>
  as(world().ctx.app, session, { method: 'POST', url: '/api/enquiry/bom/manufacturer-names', payload });
const lines = async (session: Session, enquiryId: string) =>
  (
    await as(world().ctx.app, session, {
      method: 'GET',
      url: `/api/enquiry/bom/lines?enquiryId=${enquiryId}`,
    })
  ).json() as {
    content: { bmk: string; status: string; manufacturerName: string; edited: boolean }[];
    counts: { byStatus: Record<string, number> };
  };

/** A draft of the world's customer with the BOM uploaded and mapped. */
async function mappedDraft(): Promise<string> {
  const customer = world().customer;
  const id = await createDraft(api, customer);
  const uploaded = await as(world().ctx.app, customer, {
    method: 'POST',
    url: '/api/enquiry/bom/upload',
    ...multipartForm([
      { name: 'enquiryId', value: id },
      { name: 'file', filename: 'Stückliste.csv', content: BOM },
    ]),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const mapped = await as(world().ctx.app, customer, {
    method: 'POST',
    url: '/api/enquiry/bom/map',
    payload: { enquiryId: id, headerRowIndex: 1, fieldMapping: MAPPING, suppliedPartString: 'beistellung' },
  });
  expect(mapped.statusCode, mapped.body).toBe(200);
  return id;
}

describe('unknown manufacturer names of an enquiry BOM', () => {
  it('lists the unknown code once for its spellings, to whoever reads the enquiry; 401 signed out, 404 for another company', async () => {
    const id = await mappedDraft();
    const listed = await names(world().customer, id);
    expect(listed.statusCode, listed.body).toBe(200);
    // Siemens and Rittal both have the number: the customer chooses between them.
    expect(listed.json()).toEqual({
      total: 1,
      names: [
        {
          name: expect.stringMatching(/^siem$/i),
          lines: 2,
          candidates: [
            { id: rittalId, displayName: 'Rittal', lines: 2 },
            { id: siemensId, displayName: 'Siemens', lines: 2 },
          ],
        },
      ],
    });
    expect((await names(null, id)).statusCode).toBe(401);
    expect((await names(world().otherCustomer, id)).statusCode).toBe(404);
    expect((await names(world().supplier, id)).statusCode).toBe(404);
    expect((await names(world().customer, 'keine-id')).statusCode).toBe(400);
  });

  it('the customer gives the code a manufacturer for this BOM: its lines match, the master data is unchanged', async () => {
    const id = await mappedDraft();
    const before = await lines(world().customer, id);
    expect(before.counts.byStatus).toMatchObject({ MATCHED: 1, DUPLICATE: 2, SUPPLIED: 1 });

    const response = await assign(world().customer, {
      enquiryId: id,
      name: 'SIEM',
      manufacturerId: siemensId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      manufacturer: { id: siemensId, displayName: 'Siemens' },
      rematchedLines: 2,
      unknownManufacturers: { total: 0, names: [] },
    });
    const after = await lines(world().customer, id);
    expect(after.counts.byStatus).toMatchObject({ MATCHED: 3, DUPLICATE: 0 });
    const k1 = after.content.find((line) => line.bmk === '-K1');
    expect(k1).toMatchObject({ status: 'MATCHED', manufacturerName: 'Siemens', edited: true });

    // Only this BOM changed: the master data does not know "SIEM", a second draft still lists it.
    const manufacturer = await as(world().ctx.app, world().operator, {
      method: 'GET',
      url: `/api/manufacturer/?id=${siemensId}`,
    });
    expect(manufacturer.json().nameVariants).not.toContain('SIEM');
    const second = await mappedDraft();
    expect((await names(world().customer, second)).json().total).toBe(1);

    // The enquiry's history names the change in German.
    const enquiry = await api.get(world().customer, id);
    expect(enquiry.json().changeEntries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'bomManufacturer',
          oldValue: 'SIEM',
          newValue: 'Siemens (2 Zeilen)',
        }),
      ]),
    );
  });

  it('refuses what it cannot do: 401, 404 for others and unknown names, 400 for a bad body, 409 once released', async () => {
    const id = await mappedDraft();
    const body = { enquiryId: id, name: 'SIEM', manufacturerId: siemensId };
    expect((await assign(null, body)).statusCode).toBe(401);
    expect((await assign(world().otherCustomer, body)).statusCode).toBe(404);
    expect((await assign(world().supplier, body)).statusCode).toBe(404);
    expect((await assign(world().customer, { ...body, manufacturerId: 'kein-hersteller' })).statusCode).toBe(
      400,
    );
    expect((await assign(world().customer, { ...body, name: '' })).statusCode).toBe(400);
    const missing = await assign(world().customer, { ...body, manufacturerId: crypto.randomUUID() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Diesen Hersteller gibt es in den Stammdaten nicht (mehr).');
    const known = await assign(world().customer, { ...body, name: 'PHO' });
    expect(known.statusCode).toBe(404);
    expect(known.json().message).toBe(
      '„PHO“ steht in keiner Zeile dieser Stückliste als unbekannter Hersteller.',
    );

    const pdf = await api.upload(world().customer, id, 'Schaltplan.pdf', SAMPLES.pdf);
    expect(pdf.statusCode, pdf.body).toBe(201);
    const released = await api.release(world().customer, id);
    expect(released.statusCode, released.body).toBe(200);
    const late = await assign(world().customer, body);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('BOM_RELEASED');
    // The supplier reads the released enquiry, but changes nothing of it.
    expect((await names(world().supplier, id)).statusCode).toBe(200);
    expect([403, 404]).toContain((await assign(world().supplier, body)).statusCode);
  });
});
