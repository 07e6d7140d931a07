import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articleAlternativeNumbers, articleImportRuns, articles } from '../../db/schema';
import {
  articlesOf,
  createFixtureConfig,
  createImportWorld,
  fixture,
  type ImportWorld,
  postImport,
  wholesalerInfosOf,
} from '../../test/import-world';
import { createArticle } from '../../test/master-data-factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let context: TestContext;
let world: ImportWorld;

beforeAll(async () => {
  context = await createTestApp();
  world = await createImportWorld(context);
});
afterAll(async () => {
  await context.close();
});
beforeEach(async () => {
  await context.db.delete(articles);
});

/** Uploads a fixture, runs the background job and returns the finished run. */
async function importFixture(fileName: string, configId: string) {
  const response = await postImport(context, world.admin, configId, fileName, fixture(fileName));
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().running).toBe(true);
  expect(await context.drainJobs()).toBe(1);
  const [run] = await context.db
    .select()
    .from(articleImportRuns)
    .where(eq(articleImportRuns.id, response.json().run.id));
  return run!;
}

/** The four articles every fixture holds, converted from mm and g to cm and kg. */
async function expectFixtureArticles() {
  const weidmueller = await articlesOf(context.db, world.weidmueller.id);
  const phoenix = await articlesOf(context.db, world.phoenix.id);
  expect(weidmueller.map((article) => article.orderNumber)).toEqual(['1020000000', '1469490000']);
  expect(phoenix.map((article) => article.orderNumber)).toEqual(['2866763', '3044102']);
  const [clamp, power] = weidmueller;
  expect(clamp).toMatchObject({
    manufacturerNumber: 'WM-1020',
    description: 'Durchgangsklemme grün/gelb, 2,5 mm²',
    unitId: world.piece.id,
    width: 0.51,
    height: 4.75,
    depth: 3.65,
    weight: 0.0062,
    listPrice: 1.23,
    purchasePrice: 0.89,
    articleImportSource: 'CSV',
  });
  // "Weidmueller" and "Stk" are name variants, "PXC" an abbreviation.
  expect(power).toMatchObject({
    description: 'Netzteil PRO ECO 24 V; 5 A',
    unitId: world.piece.id,
    weight: 0.72,
  });
  expect(phoenix[0]).toMatchObject({
    description: 'Stromversorgung "QUINT" – Größe S',
    width: 4,
    height: 13,
    depth: 12.5,
    weight: 1,
    listPrice: 245,
  });
  expect(phoenix[1]).toMatchObject({ unitId: world.metre.id, width: 0.52, weight: 0.0077 });
}

describe('article import of real files', () => {
  it('imports a semicolon CSV with byte-order mark (UTF-8, quoted cells, decimal commas)', async () => {
    const configId = await createFixtureConfig(context.db, world);
    const run = await importFixture('katalog-semikolon.csv', configId);
    expect(run).toMatchObject({
      state: 'SUCCEEDED',
      percent: 100,
      createdCount: 4,
      updatedCount: 0,
      errorCount: 0,
    });
    expect(run).toMatchObject({ processedRows: 4, totalRows: 4, lastCommittedLine: 5, message: null });
    await expectFixtureArticles();
  });

  it('imports an .xlsx whose headers are in row 2, with numeric cells', async () => {
    const configId = await createFixtureConfig(context.db, world, { headerRowIndex: 2 });
    const run = await importFixture('katalog.xlsx', configId);
    expect(run).toMatchObject({ state: 'SUCCEEDED', createdCount: 4, errorCount: 0, lastCommittedLine: 6 });
    await expectFixtureArticles();
  });

  it('imports an old-format .xls', async () => {
    const configId = await createFixtureConfig(context.db, world, { headerRowIndex: 2 });
    const run = await importFixture('katalog.xls', configId);
    expect(run).toMatchObject({ state: 'SUCCEEDED', createdCount: 4, errorCount: 0 });
    await expectFixtureArticles();
  });

  it('imports a tab-separated .txt in Windows-1252', async () => {
    const configId = await createFixtureConfig(context.db, world);
    const run = await importFixture('katalog-tab.txt', configId);
    expect(run).toMatchObject({ state: 'SUCCEEDED', createdCount: 4, errorCount: 0 });
    await expectFixtureArticles();
  });

  it('updates matched articles (order number, then manufacturer number) and keeps what the file leaves empty', async () => {
    const byOrder = await createArticle(context.db, {
      manufacturerId: world.weidmueller.id,
      orderNumber: '1020000000',
      manufacturerNumber: 'WM-1020',
      erpNumber: 'ERP-7',
      description: 'alt',
      listPrice: 99,
      articleImportSource: 'MANUAL',
    });
    const byManufacturerNumber = await createArticle(context.db, {
      manufacturerId: world.phoenix.id,
      orderNumber: 'ALT-2866763',
      manufacturerNumber: 'pc-2866763',
    });
    const configId = await createFixtureConfig(context.db, world);
    const run = await importFixture('katalog-semikolon.csv', configId);
    expect(run).toMatchObject({ state: 'SUCCEEDED', createdCount: 2, updatedCount: 2, errorCount: 0 });
    const [updated] = await context.db.select().from(articles).where(eq(articles.id, byOrder.id));
    expect(updated).toMatchObject({
      description: 'Durchgangsklemme grün/gelb, 2,5 mm²',
      listPrice: 1.23,
      erpNumber: 'ERP-7',
      articleImportSource: 'CSV',
    });
    const [renumbered] = await context.db
      .select()
      .from(articles)
      .where(eq(articles.id, byManufacturerNumber.id));
    expect(renumbered).toMatchObject({ orderNumber: '2866763', width: 4 });
    expect(await articlesOf(context.db, world.weidmueller.id)).toHaveLength(2);
  });

  it('finds an article through an alternative number remembered from a manual assignment', async () => {
    const known = await createArticle(context.db, {
      manufacturerId: world.phoenix.id,
      orderNumber: 'PC-EIGENE-NR',
      manufacturerNumber: 'PC-EIGEN',
    });
    await context.db
      .insert(articleAlternativeNumbers)
      .values({ articleId: known.id, kind: 'ORDER', number: '3044102', position: 0 });
    const configId = await createFixtureConfig(context.db, world);
    const run = await importFixture('katalog-semikolon.csv', configId);
    expect(run).toMatchObject({ state: 'SUCCEEDED', createdCount: 3, updatedCount: 1 });
    const [found] = await context.db.select().from(articles).where(eq(articles.id, known.id));
    // Its own numbers stay; the other values come from the file.
    expect(found).toMatchObject({
      orderNumber: 'PC-EIGENE-NR',
      manufacturerNumber: 'PC-EIGEN',
      description: 'Durchgangsreihenklemme UT 2,5 grau',
      unitId: world.metre.id,
    });
  });

  it('imports the same file twice without duplicates (the second run changes nothing and says so)', async () => {
    const configId = await createFixtureConfig(context.db, world);
    await importFixture('katalog-semikolon.csv', configId);
    const second = await importFixture('katalog-semikolon.csv', configId);
    expect(second).toMatchObject({
      state: 'SUCCEEDED',
      createdCount: 0,
      updatedCount: 0,
      unchangedCount: 4,
      message: null,
    });
    expect(await context.db.$count(articles)).toBe(4);
  });

  it("writes the configuration's wholesaler prices and uses its manufacturer where the file has none", async () => {
    const configId = await createFixtureConfig(context.db, world, {
      manufacturerId: world.weidmueller.id,
      wholesalerId: world.wholesaler.id,
      fieldMapping: [
        { importHeader: 'Bestellnummer', articleField: 'orderNumber' },
        { importHeader: 'Herstellernummer', articleField: 'wholesalerOrderNumber' },
        { importHeader: 'Einkaufspreis', articleField: 'wholesalerPurchasePrice' },
      ],
    });
    const run = await importFixture('katalog-semikolon.csv', configId);
    expect(run).toMatchObject({ state: 'SUCCEEDED', createdCount: 4 });
    const imported = await articlesOf(context.db, world.weidmueller.id);
    expect(imported).toHaveLength(4);
    const power = imported.find((article) => article.orderNumber === '1469490000')!;
    expect(power.unitId).toBe(world.piece.id);
    expect(await wholesalerInfosOf(context.db, power.id)).toEqual([
      {
        articleId: power.id,
        wholesalerId: world.wholesaler.id,
        orderNumber: 'WM-1469',
        purchasePrice: 120.5,
      },
    ]);
  });
});
