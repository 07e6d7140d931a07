import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleImportRuns, articles, manufacturers, units } from '../../db/schema';
import { multipartForm } from '../../files/testing/multipart-form';
import { CATALOG_HEADER, type ImportWorld, postImport, useImportWorld } from '../../test/import-world';
import { createManufacturer } from '../../test/master-data-factories';
import { as, type TestContext } from '../../test/test-app';
import { stagingTable } from './staging';

/**
 * "Show before writing": the import reads the file, shows what it would do and waits for
 * "Übernehmen"; unknown manufacturer and unit names are resolved right there.
 */

let context: TestContext;
let world: ImportWorld;
let configId: string;

useImportWorld((setup) => {
  ({ context, world, configId } = setup);
});

const request = (method: 'GET' | 'POST', url: string, payload?: object) =>
  as(context.app, world.admin, { method, url, ...(payload ? { payload } : {}) });
const csv = (rows: string[]) => `${CATALOG_HEADER}\n${rows.join('\n')}\n`;
const status = async () => (await request('GET', '/api/article/import')).json();

/** Imports `rows` at once (preview=false): the catalog the previews are counted against. */
async function importAtOnce(rows: string[]) {
  expect((await postImport(context, world.admin, configId, 'alt.csv', csv(rows))).statusCode).toBe(201);
  await context.drainJobs();
  expect((await status()).run.state).toBe('SUCCEEDED');
}

/** Starts an import as the browser does (no preview field) and runs its first job: it waits in PREVIEW. */
async function preview(rows: string[]) {
  const started = await postImport(context, world.admin, configId, 'neu.csv', csv(rows), { preview: true });
  expect(started.statusCode, started.body).toBe(201);
  await context.drainJobs();
  const answer = await request('GET', '/api/article/import/preview');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const resolve = (payload: object) => request('POST', '/api/article/import/preview/names', payload);

const CATALOG = [
  'Weidmüller;A-1;WA-1;Klemme;Stück;5;40;30;6;1,50;1',
  'Weidmüller;A-2;WA-2;Klemme;Stück;5;40;30;6;2,50;2',
  'Weidmüller;A-3;WA-3;Klemme;Stück;5;40;30;6;3,50;3',
  'Weidmüller;A-5;WA-5;Klemme;Stück;5;40;30;6;5,50;5',
];

/** Rows 2–12 of the previewed file. */
const FILE = [
  'Weidmüller;A-1;WA-1;Klemme;Stück;5;40;30;6;1,50;1', // 2 unchanged
  'Weidmüller;A-2;WA-2;Klemme;Stück;5;40;30;6;2,75;2', // 3 changed
  'Weidmüller;A-4;WA-4;Klemme neu;Stück;5;40;30;6;4,50;4', // 4 new
  'Hager;H-1;HG-1;Schalter;Stück;5;40;30;6;9;8', // 5 unknown manufacturer
  'Hager;H-2;HG-2;Schalter;Fass;5;40;30;6;9;8', // 6 unknown manufacturer and unit
  'HAGER;H-1;HG-9;Schalter doppelt;Stück;5;40;30;6;9;8', // 7 unknown, once resolved the same as row 5
  'Weidmüller;B-1;WB-1;Kabel;Fass;5;40;30;6;9;8', // 8 unknown unit
  'Weidmüller;;;ohne Nummer;Stück;5;40;30;6;1;1', // 9
  'Weidmüller;F-1;WF-1;Breite als Text;Stück;breit;40;30;6;1;1', // 10
  'Weidmüller;a-4;WA-9;doppelt;Stück;5;40;30;6;1;1', // 11 the same as row 4
  'Weidmüller;A-3;WA-5;Herstellernummer von A-5;Stück;5;40;30;6;1;1', // 12
];

describe('the preview of an import', () => {
  it('counts what the file would do against the catalog, without writing anything', async () => {
    await importAtOnce(CATALOG);
    const { run, preview: counted } = await preview(FILE);
    expect(run).toMatchObject({ state: 'PREVIEW', fileName: 'neu.csv', createdCount: 0, processedRows: 11 });
    expect(counted).toMatchObject({ rows: 11, created: 1, changed: 1, unchanged: 1, refused: 8 });
    expect(counted.refusedByKind).toEqual([
      {
        kind: 'UNKNOWN_MANUFACTURER',
        rows: 3,
        firstLine: 5,
        example: 'Der Hersteller „Hager“ ist nicht bekannt (auch nicht als Namensvariante).',
      },
      {
        kind: 'UNKNOWN_UNIT',
        rows: 1,
        firstLine: 8,
        example: 'Die Einheit „Fass“ ist nicht bekannt (auch nicht als Namensvariante).',
      },
      {
        kind: 'MISSING_NUMBERS',
        rows: 1,
        firstLine: 9,
        example: 'Bestellnummer und Herstellernummer fehlen.',
      },
      {
        kind: 'INVALID_VALUES',
        rows: 1,
        firstLine: 10,
        example: 'Breite: „breit“ ist keine Zahl.',
      },
      {
        kind: 'DUPLICATE_IN_FILE',
        rows: 1,
        firstLine: 11,
        example: 'Die Bestellnummer „a-4“ steht bereits in Zeile 4; diese Zeile wurde übersprungen.',
      },
      {
        kind: 'NUMBER_TAKEN',
        rows: 1,
        firstLine: 12,
        example: 'Die Herstellernummer „WA-5“ gehört bereits zu einem anderen Artikel dieses Herstellers.',
      },
    ]);
    // Names as the first row writes them; a row naming two unknown names counts for both.
    expect(counted.unknownManufacturers).toEqual({ total: 1, names: [{ name: 'Hager', rows: 3 }] });
    expect(counted.unknownUnits).toEqual({ total: 1, names: [{ name: 'Fass', rows: 2 }] });

    // Nothing written: the catalog as before, no error rows, the run waits and counts as the active import.
    expect(await context.db.$count(articles)).toBe(4);
    const [a2] = await context.db.select().from(articles).where(eq(articles.orderNumber, 'A-2'));
    expect(a2!.listPrice).toBe(2.5);
    expect(await status()).toMatchObject({ running: false, run: { state: 'PREVIEW' } });
    const second = await postImport(context, world.admin, configId, 'neu.csv', csv(FILE), { preview: true });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain('Die Vorschau eines Artikelimports wartet auf „Übernehmen“');
  });

  it('takes the rows of a resolved name over: a new manufacturer, a unit as name variant; then writes on "Übernehmen"', async () => {
    await importAtOnce(CATALOG);
    await preview(FILE);

    const created = await resolve({ action: 'CREATE', kind: 'MANUFACTURER', name: 'Hager' });
    expect(created.statusCode, created.body).toBe(200);
    const [hager] = await context.db
      .select()
      .from(manufacturers)
      .where(eq(manufacturers.displayName, 'Hager'));
    expect(hager).toMatchObject({ displayName: 'Hager', nameVariants: [] });
    let counted = created.json().preview;
    // Row 5 is new now; row 6 still names the unknown unit; row 7 (HAGER H-1) is the same article as row 5.
    expect(counted).toMatchObject({ rows: 11, created: 2, changed: 1, unchanged: 1, refused: 7 });
    expect(counted.unknownManufacturers).toEqual({ total: 0, names: [] });
    expect(counted.unknownUnits).toEqual({ total: 1, names: [{ name: 'Fass', rows: 2 }] });
    const kinds = (preview: { refusedByKind: { kind: string; rows: number }[] }) =>
      Object.fromEntries(preview.refusedByKind.map((refusal) => [refusal.kind, refusal.rows]));
    expect(kinds(counted)).toEqual({
      UNKNOWN_UNIT: 2,
      MISSING_NUMBERS: 1,
      INVALID_VALUES: 1,
      DUPLICATE_IN_FILE: 2,
      NUMBER_TAKEN: 1,
    });
    expect(
      counted.refusedByKind.find((refusal: { kind: string }) => refusal.kind === 'DUPLICATE_IN_FILE'),
    ).toMatchObject({
      firstLine: 7,
      example: 'Die Bestellnummer „H-1“ steht bereits in Zeile 5; diese Zeile wurde übersprungen.',
    });

    const variant = await resolve({
      action: 'VARIANT',
      kind: 'UNIT',
      name: ' Fass ',
      targetId: world.piece.id,
    });
    expect(variant.statusCode, variant.body).toBe(200);
    const [piece] = await context.db.select().from(units).where(eq(units.id, world.piece.id));
    expect(piece!.nameVariants).toEqual(['Stk', 'Fass']);
    counted = variant.json().preview;
    expect(counted).toMatchObject({ created: 4, changed: 1, unchanged: 1, refused: 5 });
    expect(counted.unknownUnits).toEqual({ total: 0, names: [] });
    expect(await context.db.$count(articles)).toBe(4);

    const confirmed = await request('POST', '/api/article/import/confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ running: true, run: { state: 'QUEUED' } });
    await context.drainJobs();
    expect((await status()).run).toMatchObject({
      state: 'SUCCEEDED',
      createdCount: 4,
      updatedCount: 1,
      unchangedCount: 1,
      errorCount: 5,
      processedRows: 11,
    });
    const imported = await context.db.select().from(articles).where(eq(articles.manufacturerId, hager!.id));
    expect(imported.map((article) => article.orderNumber).sort()).toEqual(['H-1', 'H-2']);
    expect(imported.find((article) => article.orderNumber === 'H-2')!.unitId).toBe(world.piece.id);
    const [updated] = await context.db.select().from(articles).where(eq(articles.orderNumber, 'A-2'));
    expect(updated!.listPrice).toBe(2.75);
    // The staging table is gone with the run.
    const left = await context.database.executeSql(
      `SELECT to_regclass('${stagingTable(confirmed.json().run.id)}') AS name`,
    );
    expect(left.rows[0]!.name).toBeNull();
  });

  it("checks a name assigned as variant of a known manufacturer against that manufacturer's rows", async () => {
    const rows = [
      'Phoenix Contact;P-1;PP-1;Klemme;Stück;5;40;30;6;1;1',
      'Phönix;P-1;PP-1;dieselbe Klemme;Stück;5;40;30;6;1;1',
      'Phönix;P-2;PP-2;andere Klemme;Stück;5;40;30;6;1;1',
    ];
    const counted = (await preview(rows)).preview;
    expect(counted).toMatchObject({ created: 1, refused: 2, unknownManufacturers: { total: 1 } });
    const answer = await resolve({
      action: 'VARIANT',
      kind: 'MANUFACTURER',
      name: 'Phönix',
      targetId: world.phoenix.id,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().preview).toMatchObject({
      created: 2,
      refused: 1,
      refusedByKind: [
        {
          kind: 'DUPLICATE_IN_FILE',
          firstLine: 3,
          example: 'Die Bestellnummer „P-1“ steht bereits in Zeile 2; diese Zeile wurde übersprungen.',
        },
      ],
    });
    const [phoenix] = await context.db
      .select()
      .from(manufacturers)
      .where(eq(manufacturers.id, world.phoenix.id));
    expect(phoenix!.nameVariants).toContain('Phönix');
  });

  it('refuses a name the master data has by now (the name-variant rules), and one the preview does not have', async () => {
    await preview(['Eaton;E-1;EE-1;Schütz;Stück;5;40;30;6;1;1']);
    // Created meanwhile on the manufacturer page.
    await createManufacturer(context.db, { displayName: 'Eaton' });
    const taken = await resolve({ action: 'CREATE', kind: 'MANUFACTURER', name: 'Eaton' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'NAME_TAKEN',
      message: 'Diese Bezeichnung wird bereits verwendet.',
    });
    const absent = await resolve({ action: 'CREATE', kind: 'UNIT', name: 'Eaton' });
    expect(absent.statusCode).toBe(404);
    expect(absent.json().message).toBe('„Eaton“ kommt in den Zeilen der Vorschau nicht (mehr) vor.');
  });

  it('is discarded by "Import beenden": nothing written, its rows dropped, the next import may start', async () => {
    await importAtOnce(CATALOG);
    const { run } = await preview(FILE);
    const ended = await request('GET', '/api/article/import/abort');
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({
      running: false,
      run: {
        state: 'ABORTED',
        message: 'Der Import wurde nach der Vorschau verworfen. Es wurden keine Artikel übernommen.',
      },
    });
    await context.drainJobs();
    expect(await context.db.$count(articles)).toBe(4);
    const left = await context.database.executeSql(`SELECT to_regclass('${stagingTable(run.id)}') AS name`);
    expect(left.rows[0]!.name).toBeNull();
    expect((await request('GET', '/api/article/import/preview')).statusCode).toBe(404);
    expect((await request('POST', '/api/article/import/confirm')).statusCode).toBe(404);
    expect((await postImport(context, world.admin, configId, 'neu.csv', csv(FILE))).statusCode).toBe(201);
  });
});

describe('the preview of a larger file', () => {
  it('is counted and recounted range by range (PGlite) as in one pass (PostgreSQL)', async () => {
    const rows = Array.from({ length: 3000 }, (_, index) =>
      index % 3 === 2
        ? `Lapp;L-${index};LL-${index};Leitung;Stück;5;40;30;6;1;1`
        : `Weidmüller;W-${index};WW-${index};Klemme;Stück;5;40;30;6;1;1`,
    );
    const counted = (await preview(rows)).preview;
    expect(counted).toMatchObject({ rows: 3000, created: 2000, refused: 1000 });
    expect(counted.unknownManufacturers).toEqual({ total: 1, names: [{ name: 'Lapp', rows: 1000 }] });
    const answer = await resolve({ action: 'CREATE', kind: 'MANUFACTURER', name: 'Lapp' });
    expect(answer.json().preview).toMatchObject({ rows: 3000, created: 3000, refused: 0, refusedByKind: [] });
    expect((await request('POST', '/api/article/import/confirm')).statusCode).toBe(200);
    await context.drainJobs();
    expect((await status()).run).toMatchObject({ state: 'SUCCEEDED', createdCount: 3000, errorCount: 0 });
  });
});

describe('preview=false', () => {
  it('writes at once, as multipart field and as query parameter', async () => {
    const field = await postImport(context, world.admin, configId, 'feld.csv', csv(CATALOG.slice(0, 1)));
    expect(field.statusCode).toBe(201);
    await context.drainJobs();
    expect((await status()).run).toMatchObject({ state: 'SUCCEEDED', createdCount: 1 });

    const form = multipartForm([
      { name: 'importConfigId', value: configId },
      { name: 'file', filename: 'query.csv', content: csv(CATALOG) },
    ]);
    const query = await as(context.app, world.admin, {
      method: 'POST',
      url: '/api/article/import?preview=false',
      ...form,
    });
    expect(query.statusCode, query.body).toBe(201);
    await context.drainJobs();
    expect((await status()).run).toMatchObject({ state: 'SUCCEEDED', createdCount: 3, unchangedCount: 1 });
    expect(await context.db.$count(articles)).toBe(4);
    const runs = await context.db.select().from(articleImportRuns);
    expect(runs.every((run) => run.preview === null)).toBe(true);
  });
});
