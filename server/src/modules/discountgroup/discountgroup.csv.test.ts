import { CSV_BOM } from '@portal/domain/rules/csv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscountGroup, createManufacturer, createWholesaler } from '../../test/factories';
import { createFieldValueSessions, type FieldValueSessions } from '../../test/field-value-sessions';
import { multipartFile } from '../../test/multipart';
import { as, createTestApp, type Session, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let s: FieldValueSessions;
const HEADER = '"Hersteller","Bezeichnung","Namensvarianten","Rabatt in %","Großhändlerrabatte"';

beforeAll(async () => {
  ctx = await createTestApp();
  s = await createFieldValueSessions(ctx.app, ctx.db);
  const siemens = await createManufacturer(ctx.db, { displayName: 'Siemens', abbreviation: 'SIE' });
  const weidmueller = await createManufacturer(ctx.db, {
    displayName: 'Weidmüller',
    nameVariants: ['Weidmueller'],
  });
  const sonepar = await createWholesaler(ctx.db, { displayName: 'Sonepar Deutschland' });
  const fega = await createWholesaler(ctx.db, { displayName: 'FEGA & Schmitt: Süd' });
  await createDiscountGroup(ctx.db, {
    manufacturerId: siemens.id,
    displayName: 'Schütze "3RT", Baugröße S00',
    nameVariants: ['3RT2', 'Schütze; klein'],
    percent: 38.5,
    wholesalerDiscounts: [
      { wholesalerId: sonepar.id, percent: 40 },
      { wholesalerId: fega.id, percent: 39.75 },
    ],
  });
  await createDiscountGroup(ctx.db, {
    manufacturerId: weidmueller.id,
    displayName: 'Reihenklemmen',
    percent: 0,
  });
});
afterAll(() => ctx.close());

const exportCsv = async () => {
  const response = await as(ctx.app, s.admin, { method: 'GET', url: '/api/discountgroup/export' });
  expect(response.statusCode).toBe(200);
  return response;
};
const importCsv = (
  content: string | Buffer,
  filename = 'rabattgruppen.csv',
  session: Session | null = s.admin,
) =>
  as(ctx.app, session, {
    method: 'POST',
    url: '/api/discountgroup/import',
    ...multipartFile(content, { filename }),
  });

describe('GET /api/discountgroup/export', () => {
  it('writes UTF-8 with BOM, every cell quoted, comma separated, with a dated file name', async () => {
    const response = await exportCsv();
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Rabattgruppen_\d{2}\.\d{2}\.\d{4}\.csv"/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).toBe(
      `${CSV_BOM}${HEADER}\r\n` +
        '"Siemens","Schütze ""3RT"", Baugröße S00","3RT2\nSchütze; klein","38,5","FEGA & Schmitt: Süd: 39,75\nSonepar Deutschland: 40"\r\n' +
        '"Weidmüller","Reihenklemmen","","0",""\r\n',
    );
  });
});

describe('POST /api/discountgroup/import', () => {
  it('401 signed out, 403 for operator staff', async () => {
    expect((await importCsv(`${HEADER}\n`, 'a.csv', null)).statusCode).toBe(401);
    expect((await importCsv(`${HEADER}\n`, 'a.csv', s.staff)).statusCode).toBe(403);
  });

  it('round trip: re-importing an export restores the exported data exactly', async () => {
    const before = (await exportCsv()).body;
    const changed = await importCsv(
      before.replace('"38,5"', '"12"').replace('"Reihenklemmen","",', '"Reihenklemmen","RK",'),
    );
    expect(changed.json()).toEqual({ created: 0, updated: 2, unchanged: 0 });
    expect((await exportCsv()).body).not.toBe(before);
    // An imported change enters the group's history like a save of its form (SPEC §3).
    const groups = (await as(ctx.app, s.admin, { method: 'GET', url: '/api/discountgroup/all' })).json();
    const klemmen = groups.content.find(
      (group: { displayName: string }) => group.displayName === 'Reihenklemmen',
    );
    const detail = (
      await as(ctx.app, s.admin, { method: 'GET', url: `/api/discountgroup/?id=${klemmen.id}` })
    ).json();
    expect(detail.changeEntries).toEqual([
      expect.objectContaining({ field: 'nameVariants', oldValue: null, newValue: 'RK' }),
    ]);
    const restored = await importCsv(before);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ created: 0, updated: 2, unchanged: 0 });
    expect((await exportCsv()).body).toBe(before);
  });

  it('a re-imported export counts every row as unchanged and leaves the groups untouched', async () => {
    const list = async () =>
      (await as(ctx.app, s.admin, { method: 'GET', url: '/api/discountgroup/all?withAmount=true' })).json();
    const before = (await exportCsv()).body;
    const groups = await list();
    const again = await importCsv(before);
    expect(again.statusCode).toBe(200);
    const rows = before.trim().split('\r\n').length - 1;
    expect(again.json()).toEqual({ created: 0, updated: 0, unchanged: rows });
    expect(await list()).toEqual(groups);
  });

  it('tolerates LF, no BOM, unquoted cells and Windows-1252 umlauts; creates new groups', async () => {
    const text =
      'Hersteller,Bezeichnung,Namensvarianten,Rabatt in %,Großhändlerrabatte\nweidmueller,Steckverbinder,,"12.5",\n';
    const response = await importCsv(Buffer.from(text, 'latin1'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect((await exportCsv()).body).toContain('"Weidmüller","Steckverbinder","","12,5",""');
  });

  it('417 with row and column for a bad cell, an unknown manufacturer or wholesaler, and changes nothing', async () => {
    const before = (await exportCsv()).body;
    const cases: [string, string][] = [
      [
        `${HEADER}\r\n"Siemens","Neu A","","10",""\r\n"Siemens","Neu B","","101",""\r\n`,
        'Zeile 3, Spalte „Rabatt in %“',
      ],
      [
        `${HEADER}\n"Niemand","X","","1",""\n`,
        'Zeile 2, Spalte „Hersteller“: Der Hersteller „Niemand“ ist nicht bekannt.',
      ],
      [`${HEADER}\n"SIE","X","","1","Unbekannt: 3"\n`, 'Zeile 2, Spalte „Großhändlerrabatte“'],
      [`${HEADER}\n"SIE","X","","1","Sonepar Deutschland 3"\n`, 'Zeile 2, Spalte „Großhändlerrabatte“'],
      [`${HEADER}\n"SIE","X","","1",""\n"Siemens","x","","2",""\n`, 'Zeile 3, Spalte „Bezeichnung“'],
      [`${HEADER}\n"SIE","X","Y\ny","1",""\n`, 'Zeile 2, Spalte „Namensvarianten“'],
      [
        '"Hersteller";"Bezeichnung"\n',
        'Zeile 1: Die Kopfzeile muss genau die Spalten „Hersteller“, „Bezeichnung“',
      ],
      [
        'Hersteller;Bezeichnung\n',
        'Zeile 1, Spalte „Hersteller“: In der Kopfzeile steht „Hersteller;Bezeichnung“',
      ],
      [`${HEADER}\n"SIE","X","","1","","zu viel"\n`, 'Zeile 2: Die Zeile hat mehr als 5 Spalten.'],
      [`${HEADER}\n"SIE","X\n`, 'Zeile 2: Ein Anführungszeichen wird nicht geschlossen.'],
      ['', 'Zeile 1: Die Datei enthält keine Kopfzeile.'],
    ];
    for (const [content, message] of cases) {
      const response = await importCsv(content);
      expect(response.statusCode, content).toBe(417);
      expect(response.json().code).toBe('IMPORT_WRONG_FORMAT');
      expect(response.json().message, content).toContain(message);
    }
    expect((await exportCsv()).body).toBe(before);
  });

  it('417 for a file that is not .csv, 400 without a file or with two files', async () => {
    expect((await importCsv(`${HEADER}\n`, 'rabatte.xlsx')).statusCode).toBe(417);
    const empty = await as(ctx.app, s.admin, {
      method: 'POST',
      url: '/api/discountgroup/import',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(empty.statusCode).toBe(400);
    const one = multipartFile(`${HEADER}\n`);
    const boundary = one.headers['content-type']!.split('boundary=')[1]!;
    const part = one.payload.toString().replace(`--${boundary}--\r\n`, '');
    const two = await as(ctx.app, s.admin, {
      method: 'POST',
      url: '/api/discountgroup/import',
      headers: one.headers,
      payload: `${part}${part}--${boundary}--\r\n`,
    });
    expect(two.statusCode).toBe(400);
  });

  it('property: generated CSV never answers 500 and never imports half a file', async () => {
    const cell = fc.oneof(
      fc.constantFrom('Siemens', 'SIE', 'Weidmüller', 'Sonepar Deutschland: 5', '12,5', '100', '', 'X'),
      fc.string({ unit: fc.constantFrom('a', 'Ö', 'ß', ' ', ',', ';', '"', '\n', '\r\n', ':', '5', '%') }),
    );
    const row = fc.array(cell, { minLength: 4, maxLength: 6 });
    const quoteCell = (value: string) => `"${value.replaceAll('"', '""')}"`;
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.constantFrom('\r\n', '\n'),
        fc.boolean(),
        async (rows, bom, newline, quoted) => {
          const before = (await exportCsv()).body;
          const lines = rows.map((cells) => cells.map((c) => (quoted ? quoteCell(c) : c)).join(','));
          const text = `${bom ? CSV_BOM : ''}${[HEADER, ...lines].join(newline)}${newline}`;
          const response = await importCsv(text);
          expect([200, 417]).toContain(response.statusCode);
          if (response.statusCode === 417) expect((await exportCsv()).body).toBe(before);
        },
      ),
      { numRuns: 40 },
    );
  });
});
