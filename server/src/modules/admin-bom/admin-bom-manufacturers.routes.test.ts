import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bomLines, manufacturers } from '../../db/schema';
import { multipartForm } from '../../files/testing/multipart-form';
import { completeBody } from '../../test/enquiry-world';
import { createArticle, createManufacturer } from '../../test/factories';
import { as, type Session } from '../../test/test-app';
import { adminBomApi, useAdminBomWorld } from './testing/admin-bom-world';

const world = useAdminBomWorld();
const api = adminBomApi(world);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * An EPLAN export names manufacturers by short codes: SIE (twice as written, once lower case) is not known,
 * and its number is also a Rittal article's, so by number alone those lines are not unique; PXC's number is
 * unique (matched by number only); HELU's number is in no catalog; "Siemens" is known.
 */
const EPLAN_CODES_CSV = Buffer.from(
  [
    'Menge;ME;Hersteller;Bestellnummer;BMK',
    '2;Stk;SIE;3RT2015-1BB41;-K1',
    '1;Stk;SIE;3RT2015-1BB41;-K2',
    '1;Stk;sie;3RT2015-1BB41;-K4',
    '3;Stk;Siemens;3RT2015-1BB41;-K3',
    '5;Stk;PXC;3209510;-X1',
    '1;Stk;HELU;JZ-500 3G1,5;-W1',
    '',
  ].join('\r\n'),
  'utf8',
);
const MAPPING = [
  { importHeader: 'Menge', bomField: 'quantity' },
  { importHeader: 'ME', bomField: 'unit' },
  { importHeader: 'Hersteller', bomField: 'manufacturer' },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
  { importHeader: 'BMK', bomField: 'bmk' },
];

const ids = { siemens: '', rittal: '', phoenix: '', terminal: '' };

beforeAll(async () => {
  const db = world().ctx.db;
  const [siemens] = await db
    .select({ id: manufacturers.id })
    .from(manufacturers)
    .where(eq(manufacturers.displayName, 'Siemens AG'));
  ids.siemens = siemens?.id ?? '';
  const rittal = await createManufacturer(db, { displayName: 'Rittal' });
  ids.rittal = rittal.id;
  await createArticle(db, { manufacturerId: rittal.id, orderNumber: '3RT2015-1BB41' });
  const phoenix = await createManufacturer(db, { displayName: 'Phoenix Contact' });
  ids.phoenix = phoenix.id;
  ids.terminal = (await createArticle(db, { manufacturerId: phoenix.id, orderNumber: '3209510' })).id;
});

const names = {
  read: (session: Session | null, id: string) =>
    as(world().ctx.app, session, { method: 'GET', url: `/api/admin/bom/manufacturer-names?id=${id}` }),
  resolve: (session: Session | null, payload: object) =>
    as(world().ctx.app, session, { method: 'POST', url: '/api/admin/bom/manufacturer-names', payload }),
};

/** A result of the CSV above, mapped (or only uploaded). */
async function result({ mapped = true } = {}): Promise<string> {
  const upload = await api.upload(world().operator, 'EPLAN Kürzel.csv', EPLAN_CODES_CSV);
  expect(upload.statusCode, upload.body).toBe(200);
  const id = upload.json().id as string;
  if (mapped) {
    const map = await api.map(world().operator, { id, headerRowIndex: 1, fieldMapping: MAPPING });
    expect(map.statusCode, map.body).toBe(200);
  }
  return id;
}

async function linesByBmk(id: string) {
  const rows = await world().ctx.db.select().from(bomLines).where(eq(bomLines.adminBomId, id));
  return Object.fromEntries(rows.map((row) => [row.bmk, row]));
}

describe('GET /api/admin/bom/manufacturer-names', () => {
  it('lists the unknown names by name key with their lines, the most frequent first, with the manufacturers that have their numbers', async () => {
    const id = await result();
    const response = await names.read(world().staff, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      total: 3,
      names: [
        {
          name: 'SIE',
          lines: 3,
          candidates: [
            { id: ids.rittal, displayName: 'Rittal', lines: 3 },
            { id: ids.siemens, displayName: 'Siemens AG', lines: 3 },
          ],
        },
        { name: 'HELU', lines: 1, candidates: [] },
        {
          name: 'PXC',
          lines: 1,
          candidates: [{ id: ids.phoenix, displayName: 'Phoenix Contact', lines: 1 }],
        },
      ],
    });
    const lines = await linesByBmk(id);
    expect(lines['-K1']?.status).toBe('DUPLICATE');
    expect(lines['-K3']?.status).toBe('MATCHED');
    expect(lines['-X1']).toMatchObject({ status: 'MATCHED', matchedArticleId: ids.terminal });
  });

  it('none before the mapping; 401 signed out, 404 for everyone but the operator and for an unknown id', async () => {
    const id = await result({ mapped: false });
    expect((await names.read(world().operator, id)).json()).toEqual({ total: 0, names: [] });
    expect((await names.read(null, id)).statusCode).toBe(401);
    for (const session of [world().customer, world().supplier, world().external]) {
      const response = await names.read(session, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('ADMIN_BOM_NOT_FOUND');
    }
    expect((await names.read(world().operator, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await names.read(world().operator, 'abc')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/bom/manufacturer-names', () => {
  it('401 signed out; 403 for customers, suppliers, externals and the operator staff; nothing changes', async () => {
    const id = await result();
    const body = { id, action: 'VARIANT', name: 'SIE', targetId: ids.siemens };
    expect((await names.resolve(null, body)).statusCode).toBe(401);
    for (const session of [world().customer, world().supplier, world().external, world().staff]) {
      for (const payload of [body, { id, action: 'CREATE', name: 'SIE' }]) {
        const response = await names.resolve(session, payload);
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json().message).toBe('Sie haben keine Berechtigung für diese Aktion.');
      }
    }
    const [siemens] = await world()
      .ctx.db.select()
      .from(manufacturers)
      .where(eq(manufacturers.id, ids.siemens));
    expect(siemens?.nameVariants).toEqual(['Siemens']);
    expect((await names.read(world().operator, id)).json().total).toBe(3);
  });

  it('400 for a malformed body', async () => {
    const id = await result();
    for (const payload of [
      {},
      { id, name: 'SIE' },
      { id, action: 'MERGE', name: 'SIE' },
      { id, action: 'VARIANT', name: 'SIE' },
      { id, action: 'VARIANT', name: 'SIE', targetId: 'siemens' },
      { id, action: 'CREATE', name: '   ' },
      { id, action: 'CREATE', name: 'x'.repeat(201) },
      { id: 'abc', action: 'CREATE', name: 'SIE' },
    ]) {
      const response = await names.resolve(world().operator, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('404 for a name not on the lines, an unknown manufacturer or result; 409 before the mapping', async () => {
    const id = await result();
    const notOnLines = await names.resolve(world().operator, { id, action: 'CREATE', name: 'WAGO' });
    expect(notOnLines.statusCode).toBe(404);
    expect(notOnLines.json().message).toBe('„WAGO“ steht in keiner Zeile dieser Stückliste als Hersteller.');
    const noTarget = await names.resolve(world().operator, {
      id,
      action: 'VARIANT',
      name: 'SIE',
      targetId: UNKNOWN_ID,
    });
    expect(noTarget.statusCode).toBe(404);
    const noResult = await names.resolve(world().operator, { id: UNKNOWN_ID, action: 'CREATE', name: 'SIE' });
    expect(noResult.statusCode).toBe(404);
    const unmapped = await result({ mapped: false });
    const early = await names.resolve(world().operator, { id: unmapped, action: 'CREATE', name: 'SIE' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('ADMIN_BOM_NOT_MAPPED');
  });

  it('409 "Diese Bezeichnung wird bereits verwendet." for a name another manufacturer already carries', async () => {
    const id = await result();
    for (const payload of [
      { id, action: 'VARIANT', name: ' Siemens ', targetId: ids.rittal },
      { id, action: 'CREATE', name: 'siemens' },
    ]) {
      const response = await names.resolve(world().operator, payload);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'NAME_TAKEN',
        message: 'Diese Bezeichnung wird bereits verwendet.',
      });
    }
    const [rittal] = await world()
      .ctx.db.select()
      .from(manufacturers)
      .where(eq(manufacturers.id, ids.rittal));
    expect(rittal?.nameVariants).toEqual([]);
  });

  it('a name variant: the name is trimmed and stored, its lines are matched again, it leaves the list', async () => {
    const id = await result();
    const before = (await api.load(world().operator, id)).json();
    expect(before.successRate).toBe(33.3);

    const response = await names.resolve(world().operator, {
      id,
      action: 'VARIANT',
      name: '  SIE ',
      targetId: ids.siemens,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      manufacturer: { id: ids.siemens, displayName: 'Siemens AG' },
      rematchedLines: 3,
      bom: { id, successRate: 83.3, lineCounts: { total: 6, byStatus: { MATCHED: 5, NOT_FOUND: 1 } } },
      unknownManufacturers: {
        total: 2,
        names: [
          { name: 'HELU', lines: 1, candidates: [] },
          {
            name: 'PXC',
            lines: 1,
            candidates: [{ id: ids.phoenix, displayName: 'Phoenix Contact', lines: 1 }],
          },
        ],
      },
    });

    const [siemens] = await world()
      .ctx.db.select()
      .from(manufacturers)
      .where(eq(manufacturers.id, ids.siemens));
    expect(siemens?.nameVariants).toEqual(['Siemens', 'SIE']);
    const lines = await linesByBmk(id);
    for (const bmk of ['-K1', '-K2', '-K4']) {
      expect(lines[bmk]).toMatchObject({
        status: 'MATCHED',
        manufacturerId: ids.siemens,
        matchedArticleId: world().catalog.contactor,
        matchKind: 'EXACT',
        candidateIds: [],
      });
    }
    // Lines of other names are as they were.
    expect(lines['-X1']).toMatchObject({ status: 'MATCHED', manufacturerId: null });
    expect((await names.read(world().operator, id)).json()).toEqual(answer.unknownManufacturers);
    expect((await api.load(world().operator, id)).json().successRate).toBe(83.3);

    // The name is taken now: a second assignment is refused, also from another result.
    const again = await names.resolve(world().operator, {
      id: await result(),
      action: 'VARIANT',
      name: 'SIE',
      targetId: ids.rittal,
    });
    expect(again.statusCode).toBe(409);
  });

  it('a new manufacturer: created with the name, its line gets the manufacturer and stays not found', async () => {
    const id = await result();
    const response = await names.resolve(world().operator, { id, action: 'CREATE', name: 'HELU' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.manufacturer.displayName).toBe('HELU');
    expect(answer.rematchedLines).toBe(1);
    expect(answer.unknownManufacturers.names).toEqual([
      { name: 'PXC', lines: 1, candidates: [{ id: ids.phoenix, displayName: 'Phoenix Contact', lines: 1 }] },
    ]);
    const [created] = await world()
      .ctx.db.select()
      .from(manufacturers)
      .where(eq(manufacturers.id, answer.manufacturer.id));
    expect(created).toMatchObject({ displayName: 'HELU', nameVariants: [], abbreviation: null });
    expect((await linesByBmk(id))['-W1']).toMatchObject({
      status: 'NOT_FOUND',
      manufacturerId: answer.manufacturer.id,
    });
  });
});

describe('GET /api/enquiry/bom/manufacturer-names', () => {
  it('the customer reads the unknown names of its mapped BOM; others learn nothing', async () => {
    const app = world().ctx.app;
    const customer = world().customer;
    const created = await as(app, customer, {
      method: 'POST',
      url: '/api/enquiry/',
      payload: completeBody(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const enquiryId = created.json().id as string;
    const read = (session: Session | null) =>
      as(app, session, { method: 'GET', url: `/api/enquiry/bom/manufacturer-names?enquiryId=${enquiryId}` });
    expect((await read(customer)).json()).toEqual({ total: 0, names: [] });

    const csv = Buffer.from(
      'Menge;Hersteller;Bestellnummer\r\n2;WDM;1020000000\r\n1;Siemens;3RT2015-1BB41\r\n',
    );
    const upload = await as(app, customer, {
      method: 'POST',
      url: '/api/enquiry/bom/upload',
      ...multipartForm([
        { name: 'enquiryId', value: enquiryId },
        { name: 'file', filename: 'Stückliste.csv', content: csv },
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const map = await as(app, customer, {
      method: 'POST',
      url: '/api/enquiry/bom/map',
      payload: {
        enquiryId,
        headerRowIndex: 1,
        fieldMapping: [
          { importHeader: 'Menge', bomField: 'quantity' },
          { importHeader: 'Hersteller', bomField: 'manufacturer' },
          { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
        ],
      },
    });
    expect(map.statusCode, map.body).toBe(200);

    const response = await read(customer);
    expect(response.statusCode, response.body).toBe(200);
    // The number is a Weidmüller article of the world's catalog: the customer is offered that manufacturer.
    expect(response.json()).toEqual({
      total: 1,
      names: [
        {
          name: 'WDM',
          lines: 1,
          candidates: [{ id: expect.any(String), displayName: 'Weidmüller', lines: 1 }],
        },
      ],
    });
    expect((await read(null)).statusCode).toBe(401);
    for (const session of [world().supplier, world().operator]) {
      expect((await read(session)).statusCode).toBe(404);
    }
  });
});
