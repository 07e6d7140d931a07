import { parseCsv } from '@portal/domain/rules/csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articlesOf,
  createFixtureConfig,
  createImportWorld,
  fixture,
  type ImportWorld,
  postImport,
} from '../../test/import-world';
import { createArticle } from '../../test/master-data-factories';
import { as, createTestApp, type TestContext } from '../../test/test-app';

let context: TestContext;
let world: ImportWorld;

beforeAll(async () => {
  context = await createTestApp();
  world = await createImportWorld(context);
});
afterAll(async () => {
  await context.close();
});

describe('rows that cannot be imported', () => {
  it('are reported with row number and German reason while the good rows are imported', async () => {
    // Row 4 (OK-2) matches the first article by its order number, but its manufacturer number belongs to
    // the second one: refused rather than giving one number to two articles.
    await createArticle(context.db, {
      manufacturerId: world.weidmueller.id,
      orderNumber: 'OK-2',
      manufacturerNumber: 'WM-ALT',
    });
    await createArticle(context.db, {
      manufacturerId: world.weidmueller.id,
      orderNumber: 'X-9',
      manufacturerNumber: 'WM-OK-2',
    });
    const configId = await createFixtureConfig(context.db, world);
    const started = await postImport(
      context,
      world.admin,
      configId,
      'katalog-fehler.csv',
      fixture('katalog-fehler.csv'),
    );
    expect(started.statusCode, started.body).toBe(201);
    await context.drainJobs();

    const status = (await as(context.app, world.admin, { method: 'GET', url: '/api/article/import' })).json();
    expect(status).toMatchObject({ running: false, percent: 100 });
    expect(status.run).toMatchObject({
      state: 'SUCCEEDED',
      createdCount: 3,
      updatedCount: 0,
      errorCount: 7,
      processedRows: 10,
      lastCommittedLine: 11,
    });

    const imported = await articlesOf(context.db, world.weidmueller.id);
    expect(imported.map((article) => article.orderNumber)).toEqual(['OK-1', 'OK-2', 'OK-3', 'OK-4', 'X-9']);
    expect(imported.find((article) => article.orderNumber === 'OK-2')?.manufacturerNumber).toBe('WM-ALT');
    const ok3 = imported.find((article) => article.orderNumber === 'OK-3')!;
    expect(ok3).toMatchObject({ unitId: world.piece.id, width: null, listPrice: null });
    expect(imported.find((article) => article.orderNumber === 'OK-4')).toMatchObject({
      width: 100,
      height: 200.05,
      depth: 0.05,
      weight: 1.25,
      listPrice: 1234.56,
      purchasePrice: 999.99,
    });

    const report = await as(context.app, world.admin, {
      method: 'GET',
      url: `/api/article/import/report?runId=${status.run.id}`,
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(report.headers['content-disposition']).toContain('Importfehler_katalog-fehler_');
    expect(report.body.startsWith('\uFEFF"Zeile";"Bestellnummer";"Fehler"\r\n')).toBe(true);
    const parsed = parseCsv(report.body, ';');
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.map((record) => record.cells)).toEqual([
      ['Zeile', 'Bestellnummer', 'Fehler'],
      ['3', 'F-1', 'Breite: „breit“ ist keine Zahl.'],
      [
        '4',
        'OK-2',
        'Die Herstellernummer „WM-OK-2“ gehört bereits zu einem anderen Artikel dieses Herstellers.',
      ],
      ['5', 'F-2', 'Der Hersteller „Unbekannt GmbH“ ist nicht bekannt (auch nicht als Namensvariante).'],
      ['6', '', 'Bestellnummer und Herstellernummer fehlen.'],
      ['7', 'ok-1', 'Die Bestellnummer „ok-1“ steht bereits in Zeile 2; diese Zeile wurde übersprungen.'],
      ['9', 'F-4', 'Listenpreis: Der Wert darf nicht negativ sein.'],
      ['10', 'F-5', 'Die Einheit „Fass“ ist nicht bekannt (auch nicht als Namensvariante).'],
    ]);
  });

  it('resolves each distinct manufacturer and unit name once, not per row', async () => {
    const rows = ['Hersteller;Bestellnummer;Einheit'];
    for (let index = 0; index < 3000; index++) {
      rows.push(`${index % 2 ? 'Weidmueller' : 'PXC'};R-${index};${index % 3 ? 'Stk' : 'm'}`);
    }
    const configId = await createFixtureConfig(context.db, world, {
      headers: ['Hersteller', 'Bestellnummer', 'Einheit'],
      fieldMapping: [
        { importHeader: 'Hersteller', articleField: 'manufacturer' },
        { importHeader: 'Bestellnummer', articleField: 'orderNumber' },
        { importHeader: 'Einheit', articleField: 'unit' },
      ],
    });
    let queries = 0;
    const logger = (context.db as unknown as { session: { logger: { logQuery: (q: string) => void } } })
      .session.logger;
    const original = logger.logQuery.bind(logger);
    logger.logQuery = (query: string) => {
      if (/from "(manufacturer|unit)_names"/.test(query)) queries++;
      original(query);
    };
    try {
      const started = await postImport(context, world.admin, configId, 'viele.csv', rows.join('\n'));
      expect(started.statusCode, started.body).toBe(201);
      await context.drainJobs();
    } finally {
      logger.logQuery = original;
    }
    // Two manufacturer names and two unit names: one query each for the first chunk that holds them.
    expect(queries).toBe(2);
    expect((await articlesOf(context.db, world.phoenix.id)).length).toBe(1500);
  });
});
