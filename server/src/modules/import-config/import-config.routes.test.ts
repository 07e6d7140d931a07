import * as XLSX from '@e965/xlsx';
import type { ImportConfigBody } from '@portal/domain/schemas/import-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../../files/testing/multipart-form';
import { createImportWorld, FIXTURE_MAPPING, fixture, type ImportWorld } from '../../test/import-world';
import { as, createTestApp, type Session, type TestContext } from '../../test/test-app';

let context: TestContext;
let world: ImportWorld;

beforeAll(async () => {
  context = await createTestApp();
  world = await createImportWorld(context);
});
afterAll(async () => {
  await context.close();
});

function readHeaders(session: Session | null, parts: Parameters<typeof multipartForm>[0]) {
  return as(context.app, session, {
    method: 'POST',
    url: '/api/import/config/header',
    ...multipartForm(parts),
  });
}

function body(overrides: Partial<ImportConfigBody> = {}): ImportConfigBody {
  return {
    title: 'Weidmüller Katalog',
    description: 'Preisliste 2024, Maße in mm',
    manufacturerId: world.weidmueller.id,
    wholesalerId: world.wholesaler.id,
    defaultUnitId: world.piece.id,
    filename: 'katalog.xlsx',
    samplePath: null,
    headers: FIXTURE_MAPPING.map((entry) => entry.importHeader),
    headerRowIndex: 2,
    fieldMapping: FIXTURE_MAPPING,
    unitWidth: 'MM',
    unitHeight: 'MM',
    unitDepth: 'MM',
    unitWeight: 'G',
    ...overrides,
  };
}

const create = (session: Session | null, payload: unknown) =>
  as(context.app, session, { method: 'POST', url: '/api/import/config/', payload: payload as object });

describe('POST /api/import/config/header', () => {
  it('reads the headers of a sample at the given row and keeps the sample for later', async () => {
    const response = await readHeaders(world.admin, [
      { name: 'headerRowIndex', value: '2' },
      { name: 'file', filename: 'katalog.xlsx', content: fixture('katalog.xlsx') },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ filename: 'katalog.xlsx', headerRowIndex: 2 });
    expect(answer.headers).toEqual(FIXTURE_MAPPING.map((entry) => entry.importHeader));
    expect(answer.samplePath).toMatch(/^importSample\/[0-9a-f-]+\/katalog\.xlsx$/);
    // Another header row of the same sample, without uploading it again.
    const again = await readHeaders(world.admin, [
      { name: 'samplePath', value: answer.samplePath },
      { name: 'headerRowIndex', value: '1' },
    ]);
    expect(again.json().headers).toEqual(['Lieferantenkatalog Schaltschrankbau 2024']);
    const empty = await readHeaders(world.admin, [
      { name: 'samplePath', value: answer.samplePath },
      { name: 'headerRowIndex', value: '40' },
    ]);
    expect(empty.json().headers).toEqual([]);
  });

  it('reads csv (UTF-8 with BOM), txt (Windows-1252) and xls samples', async () => {
    for (const [name, row] of [
      ['katalog-semikolon.csv', '1'],
      ['katalog-tab.txt', '1'],
      ['katalog.xls', '2'],
    ] as const) {
      const response = await readHeaders(world.admin, [
        { name: 'file', filename: name, content: fixture(name) },
        { name: 'headerRowIndex', value: row },
      ]);
      expect(response.statusCode, name).toBe(200);
      expect(response.json().headers[5], name).toBe('Breite (mm)');
      expect(response.json().headers[6], name).toBe('Höhe (mm)');
    }
  });

  it('proposes the header row, mapping and units of a legacy .xls with a title row', async () => {
    // A real BIFF8 workbook as Excel 97–2003 saves it: title, empty row, then the table from row 3.
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Preisliste Reihenklemmen 2024 – gültig ab 01.03.2024'],
      [],
      [
        'Hersteller',
        'Bestellnummer',
        'Bezeichnung',
        'Listenpreis',
        'Preiseinheit',
        'Breite (mm)',
        'Gewicht (g)',
      ],
      ['Weidmüller', '1020000000', 'Reihenklemme WDU 2.5', 98, 100, 5.1, 7.6],
    ]);
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Preisliste');
    const content: Buffer = XLSX.write(workbook, { bookType: 'biff8', type: 'buffer' });
    expect(content.readUInt32BE(0)).toBe(0xd0cf11e0);

    const response = await readHeaders(world.admin, [{ name: 'file', filename: 'preisliste.xls', content }]);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ headerRowIndex: 3, headerRowProposed: true });
    expect(answer.headers).toEqual([
      'Hersteller',
      'Bestellnummer',
      'Bezeichnung',
      'Listenpreis',
      'Preiseinheit',
      'Breite (mm)',
      'Gewicht (g)',
    ]);
    expect(answer.proposal).toEqual({
      fieldMapping: [
        { importHeader: 'Hersteller', articleField: 'manufacturer' },
        { importHeader: 'Bestellnummer', articleField: 'orderNumber' },
        { importHeader: 'Bezeichnung', articleField: 'description' },
        { importHeader: 'Listenpreis', articleField: 'listPrice' },
        { importHeader: 'Preiseinheit', articleField: 'priceUnitSize' },
        { importHeader: 'Breite (mm)', articleField: 'width' },
        { importHeader: 'Gewicht (g)', articleField: 'weight' },
      ],
      unitWidth: 'MM',
      unitHeight: 'CM',
      unitDepth: 'CM',
      unitWeight: 'G',
    });

    // A row the person chose is read as chosen; the mapping is still proposed for its names.
    const chosen = await readHeaders(world.admin, [
      { name: 'samplePath', value: answer.samplePath },
      { name: 'headerRowIndex', value: '1' },
    ]);
    expect(chosen.json()).toMatchObject({
      headerRowIndex: 1,
      headerRowProposed: false,
      headers: ['Preisliste Reihenklemmen 2024 – gültig ab 01.03.2024'],
      proposal: { fieldMapping: [], unitWidth: 'CM', unitWeight: 'KG' },
    });
  });

  it('401, 403, 400, 404, 417', async () => {
    const file = { name: 'file', filename: 'katalog.csv', content: fixture('katalog-semikolon.csv') };
    const row = { name: 'headerRowIndex', value: '1' };
    expect((await readHeaders(null, [row, file])).statusCode).toBe(401);
    expect((await readHeaders(world.staff, [row, file])).statusCode).toBe(403);
    expect((await readHeaders(world.customer, [row, file])).statusCode).toBe(403);
    const zero = await readHeaders(world.admin, [{ name: 'headerRowIndex', value: '0' }, file]);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toContain('Bitte geben Sie eine Zahl größer 0 ein.');
    expect((await readHeaders(world.admin, [{ name: 'headerRowIndex', value: 'x' }, file])).statusCode).toBe(
      400,
    );
    expect((await readHeaders(world.admin, [row])).statusCode).toBe(400);
    expect(
      (await readHeaders(world.admin, [row, { name: 'samplePath', value: 'exportResult/fremd.csv' }]))
        .statusCode,
    ).toBe(400);
    expect(
      (await readHeaders(world.admin, [row, { name: 'samplePath', value: 'importSample/x/fehlt.csv' }]))
        .statusCode,
    ).toBe(404);
    const pdf = await readHeaders(world.admin, [
      row,
      { name: 'file', filename: 'katalog.pdf', content: '%PDF' },
    ]);
    expect(pdf.statusCode).toBe(417);
    const garbage = Buffer.from(Array.from({ length: 2048 }, (_, index) => (index * 13) % 256));
    expect(
      (await readHeaders(world.admin, [row, { name: 'file', filename: 'k.xlsx', content: garbage }]))
        .statusCode,
    ).toBe(417);
  });
});

describe('import configuration calls', () => {
  it('401 signed out and 403 for everyone but operator admins, on every call', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const lastUpdate = new Date().toISOString();
    for (const session of [null, world.staff, world.customer]) {
      const expected = session ? 403 : 401;
      expect((await create(session, body())).statusCode).toBe(expected);
      expect(
        (await as(context.app, session, { method: 'GET', url: `/api/import/config/?id=${id}` })).statusCode,
      ).toBe(expected);
      expect(
        (await as(context.app, session, { method: 'GET', url: '/api/import/config/all' })).statusCode,
      ).toBe(expected);
      expect(
        (
          await as(context.app, session, {
            method: 'POST',
            url: '/api/import/config/update',
            payload: { ...body(), id, lastUpdate },
          })
        ).statusCode,
      ).toBe(expected);
      expect(
        (await as(context.app, session, { method: 'POST', url: `/api/import/config/delete?configId=${id}` }))
          .statusCode,
      ).toBe(expected);
    }
  });

  it('400 with the SPEC rules: title, description, header row, sample headers, orderNumber mapped', async () => {
    const cases: [Partial<ImportConfigBody>, string][] = [
      [{ title: ' ' }, 'Bitte geben Sie einen Titel ein.'],
      [{ description: '' }, 'Bitte geben Sie eine Beschreibung ein.'],
      [{ headerRowIndex: 0 }, 'Bitte geben Sie eine Zahl größer 0 ein.'],
      [{ headerRowIndex: 1.5 }, 'Bitte geben Sie eine Zahl größer 0 ein.'],
      [{ headers: [], fieldMapping: [] }, 'Bitte laden Sie eine Beispieldatei hoch'],
      [
        { fieldMapping: FIXTURE_MAPPING.filter((entry) => entry.articleField !== 'orderNumber') },
        'Bestellnummer',
      ],
      [
        { fieldMapping: [...FIXTURE_MAPPING, { importHeader: 'Fehlt', articleField: 'eanNumber' }] },
        '„Fehlt“',
      ],
      [
        { fieldMapping: [...FIXTURE_MAPPING, { importHeader: 'Bezeichnung', articleField: 'width' }] },
        'bereits einer Spalte zugeordnet',
      ],
      [{ unitWidth: 'ZOLL' as never }, ''],
      [{ samplePath: 'exportResult/x.csv' }, 'Beispieldatei'],
    ];
    for (const [overrides, message] of cases) {
      const response = await create(world.admin, body(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(overrides)).toContain(message);
    }
    const unknown = await create(
      world.admin,
      body({ manufacturerId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.statusCode).toBe(400);
  });

  it('creates, reads, lists, updates and deletes; defaults cm and kg', async () => {
    const created = await create(
      world.admin,
      body({ unitWidth: undefined, unitHeight: undefined, unitDepth: undefined, unitWeight: undefined }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const config = created.json();
    expect(config).toMatchObject({
      title: 'Weidmüller Katalog',
      manufacturerName: 'Weidmüller',
      wholesalerName: 'Elektro-Großhandel Süd',
      defaultUnitName: 'Stück',
      headerRowIndex: 2,
      unitWidth: 'CM',
      unitHeight: 'CM',
      unitDepth: 'CM',
      unitWeight: 'KG',
    });
    const loaded = await as(context.app, world.admin, {
      method: 'GET',
      url: `/api/import/config/?id=${config.id}`,
    });
    expect(loaded.json()).toEqual(config);
    const second = (await create(world.admin, body({ title: 'Alpha-Katalog' }))).json();
    const list = await as(context.app, world.admin, { method: 'GET', url: '/api/import/config/all' });
    expect(list.json().map((item: { title: string }) => item.title)).toEqual([
      'Alpha-Katalog',
      'Weidmüller Katalog',
    ]);

    const updated = await as(context.app, world.admin, {
      method: 'POST',
      url: '/api/import/config/update',
      payload: {
        ...body({ title: 'Weidmüller 2025', manufacturerId: null, unitWeight: 'MG' }),
        id: config.id,
        lastUpdate: config.lastUpdate,
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: 'Weidmüller 2025',
      manufacturerId: null,
      manufacturerName: null,
      unitWeight: 'MG',
    });

    const deleted = await as(context.app, world.admin, {
      method: 'POST',
      url: `/api/import/config/delete?configId=${second.id}`,
    });
    expect(deleted.json()).toEqual({ deleted: true });
    expect(
      (
        await as(context.app, world.admin, {
          method: 'POST',
          url: `/api/import/config/delete?configId=${second.id}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await as(context.app, world.admin, { method: 'GET', url: `/api/import/config/?id=${second.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(context.app, world.admin, { method: 'GET', url: '/api/import/config/?id=kaputt' }))
        .statusCode,
    ).toBe(404); // a malformed id is a record that does not exist (http/record-id-query.ts)
    const missing = await as(context.app, world.admin, {
      method: 'POST',
      url: '/api/import/config/update',
      payload: { ...body(), id: second.id, lastUpdate: second.lastUpdate },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('removes a sample the configuration no longer uses', async () => {
    const sample = (
      await readHeaders(world.admin, [
        { name: 'headerRowIndex', value: '1' },
        { name: 'file', filename: 'katalog.csv', content: fixture('katalog-semikolon.csv') },
      ])
    ).json();
    const config = (
      await create(world.admin, body({ samplePath: sample.samplePath, headerRowIndex: 1 }))
    ).json();
    expect(await context.files.stat(sample.samplePath)).not.toBeNull();
    await as(context.app, world.admin, {
      method: 'POST',
      url: `/api/import/config/delete?configId=${config.id}`,
    });
    expect(await context.files.stat(sample.samplePath)).toBeNull();
  });
});
