import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articleClasses, articleReferences, articles } from '../../db/schema';
import { multipartForm } from '../../files/testing/multipart-form';
import { articlesOf, type ImportWorld, useImportWorld } from '../../test/import-world';
import { createEclassEntry } from '../../test/master-data-factories';
import { as, type Session, type TestContext } from '../../test/test-app';

/**
 * Catalog files of the trade (BMEcat) go through the same import as spreadsheets, without a configuration:
 * preview, "Übernehmen", the articles with prices per price unit, units, classes and references.
 */

const CATALOG_FIXTURES = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'files',
  'catalogs',
  'fixtures',
);
const catalogFile = (name: string) => readFileSync(path.join(CATALOG_FIXTURES, name));

let context: TestContext;
let world: ImportWorld;
let eclassId: string;

useImportWorld(
  (setup) => {
    ({ context, world } = setup);
  },
  [articleClasses, articleReferences],
);

beforeAll(async () => {
  eclassId = (await createEclassEntry(context.db, { eclassNumber: '27141137', workTime: 4 })).id;
});

/** POST /api/article/import without importConfigId, as the dialog sends a catalog file. */
function postCatalog(
  session: Session | null,
  fileName: string,
  content: Buffer | string,
  options: { preview?: boolean } = {},
) {
  const form = multipartForm([
    ...(options.preview ? [] : [{ name: 'preview', value: 'false' }]),
    { name: 'file', filename: fileName, content },
  ]);
  return as(context.app, session, { method: 'POST', url: '/api/article/import', ...form });
}

const request = (method: 'GET' | 'POST', url: string) => as(context.app, world.admin, { method, url });
const status = async () => (await request('GET', '/api/article/import')).json();

async function importAtOnce(fileName: string, content: Buffer) {
  const started = await postCatalog(world.admin, fileName, content);
  expect(started.statusCode, started.body).toBe(201);
  await context.drainJobs();
  return (await status()).run;
}

describe('a BMEcat catalog through the article import', () => {
  it('shows a preview with counts and refused records by reason, then writes the articles on "Übernehmen"', async () => {
    const started = await postCatalog(world.admin, 'weidmueller.xml', catalogFile('bmecat-2005.xml'), {
      preview: true,
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().run).toMatchObject({ configId: null, configTitle: 'BMEcat-Katalog' });
    await context.drainJobs();
    const previewed = await request('GET', '/api/article/import/preview');
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json().preview).toMatchObject({ rows: 4, created: 2, changed: 0, refused: 2 });
    expect(previewed.json().preview.refusedByKind).toEqual([
      {
        kind: 'CATALOG_RECORD',
        rows: 2,
        firstLine: 113,
        example: 'Die Artikelnummer des Lieferanten (SUPPLIER_PID) fehlt.',
      },
    ]);
    expect(await articlesOf(context.db, world.weidmueller.id)).toEqual([]);

    expect((await request('POST', '/api/article/import/confirm')).statusCode).toBe(200);
    await context.drainJobs();
    expect((await status()).run).toMatchObject({ state: 'SUCCEEDED', createdCount: 2, errorCount: 2 });

    const [terminal, plate] = await articlesOf(context.db, world.weidmueller.id);
    expect(terminal).toMatchObject({
      orderNumber: '1020000000',
      manufacturerNumber: '1020000000',
      description: 'Durchgangsklemme WDU 2.5',
      unitId: world.piece.id,
      listPrice: 98,
      purchasePrice: 61.25,
      priceUnitSize: 100,
      minimumOrderQuantityUnitSize: 50,
      orderQuantityUnitSize: 50,
      packagingUnitSize: 1,
      width: 0.51,
      height: 4.4,
      depth: 4.65,
      weight: 0.0065,
      deliveryTime: 3,
      eanNumber: '4008190000000',
      image: 'https://media.weidmueller.example/images/1020000000.jpg',
      manufacturerLink: 'https://catalog.weidmueller.example/datasheets/1020000000.pdf',
      eclassId,
    });
    expect(plate).toMatchObject({ orderNumber: '1050000000', listPrice: null, unitId: world.piece.id });
    const classes = await context.db
      .select()
      .from(articleClasses)
      .where(eq(articleClasses.articleId, terminal!.id))
      .orderBy(articleClasses.system);
    expect(classes).toEqual([
      {
        articleId: terminal!.id,
        system: 'ECLASS',
        code: '27141137',
        version: '14.0',
        irdi: '0173-1#01-ADO458#005',
      },
      { articleId: terminal!.id, system: 'ETIM', code: 'EC000897', version: '9.0', irdi: null },
    ]);
    const references = await context.db
      .select({ type: articleReferences.type, orderNumber: articleReferences.orderNumber })
      .from(articleReferences)
      .where(eq(articleReferences.articleId, terminal!.id))
      .orderBy(articleReferences.type);
    expect(references).toEqual([
      { type: 'accessories', orderNumber: '1050000000' },
      { type: 'followup', orderNumber: '1020000001' },
    ]);
    const answer = await request('GET', `/api/article/?id=${terminal!.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      eclass9_1Id: eclassId,
      eclassNumber: '27141137',
      classes: [
        { system: 'ECLASS', code: '27141137', version: '14.0', irdi: '0173-1#01-ADO458#005' },
        { system: 'ETIM', code: 'EC000897', version: '9.0', irdi: null },
      ],
      catalogReferences: [
        { type: 'accessories', orderNumber: '1050000000' },
        { type: 'followup', orderNumber: '1020000001' },
      ],
    });
  });

  it('updates the articles of a second import of the same catalog without duplicates', async () => {
    expect(await importAtOnce('weidmueller.xml', catalogFile('bmecat-2005.xml'))).toMatchObject({
      state: 'SUCCEEDED',
      createdCount: 2,
    });
    const again = await importAtOnce('weidmueller.zip', catalogFile('bmecat-2005.zip'));
    expect(again).toMatchObject({ state: 'SUCCEEDED', createdCount: 0, updatedCount: 0, unchangedCount: 2 });
    expect(await articlesOf(context.db, world.weidmueller.id)).toHaveLength(2);
    expect(await context.db.select().from(articleClasses)).toHaveLength(2);
  });

  it('replaces the classes and references of known articles with the catalog’s on a second import', async () => {
    await importAtOnce('weidmueller.xml', catalogFile('bmecat-2005.xml'));
    const [terminal] = await articlesOf(context.db, world.weidmueller.id);
    const stale = { articleId: terminal!.id, system: 'ETIM', code: 'EC000001', version: '7.0', irdi: null };
    await context.db.insert(articleClasses).values(stale);
    await context.db
      .insert(articleReferences)
      .values({ articleId: terminal!.id, type: 'other', orderNumber: 'X-1' });
    await importAtOnce('weidmueller.xml', catalogFile('bmecat-2005.xml'));
    const classes = await context.db
      .select()
      .from(articleClasses)
      .where(eq(articleClasses.articleId, terminal!.id));
    expect(classes.map((found) => found.code)).not.toContain('EC000001');
    expect(classes.length).toBeGreaterThan(0);
    const references = await context.db
      .select()
      .from(articleReferences)
      .where(eq(articleReferences.articleId, terminal!.id));
    expect(references.map((found) => found.orderNumber)).not.toContain('X-1');
  });

  it('changes only the prices of known articles with a price update (T_UPDATE_PRICES)', async () => {
    await importAtOnce('weidmueller.xml', catalogFile('bmecat-2005.xml'));
    const [before] = await articlesOf(context.db, world.weidmueller.id);
    const run = await importAtOnce('preise.xml', catalogFile('bmecat-prices.xml'));
    expect(run).toMatchObject({ state: 'SUCCEEDED', createdCount: 0, updatedCount: 1, errorCount: 1 });
    const after = await articlesOf(context.db, world.weidmueller.id);
    expect(after).toHaveLength(2);
    const { listPrice, updatedAt, updatedBy, ...rest } = after[0]!;
    const { listPrice: oldPrice, updatedAt: _a, updatedBy: _b, ...restBefore } = before!;
    expect([oldPrice, listPrice]).toEqual([98, 102]);
    expect(rest).toEqual(restBefore);
    expect(await context.db.select().from(articles).where(eq(articles.orderNumber, '7777777777'))).toEqual(
      [],
    );
  });

  it('reads a BMEcat 1.2 catalog (ARTICLE, SUPPLIER_AID) with its ETIM class', async () => {
    const run = await importAtOnce('phoenix.xml', catalogFile('bmecat-1.2.xml'));
    expect(run).toMatchObject({ state: 'SUCCEEDED', createdCount: 1 });
    const [terminal] = await articlesOf(context.db, world.phoenix.id);
    expect(terminal).toMatchObject({
      orderNumber: '3044102',
      listPrice: 41.3,
      priceUnitSize: 50,
      deliveryTime: 5,
    });
    expect(
      await context.db.select().from(articleClasses).where(eq(articleClasses.articleId, terminal!.id)),
    ).toEqual([{ articleId: terminal!.id, system: 'ETIM', code: 'EC000897', version: '7.0', irdi: null }]);
  });
});

describe('POST /api/article/import without importConfigId', () => {
  it('401 without a session', async () => {
    expect((await postCatalog(null, 'katalog.xml', catalogFile('bmecat-2005.xml'))).statusCode).toBe(401);
  });

  it('403 for a customer', async () => {
    const answer = await postCatalog(world.customer, 'katalog.xml', catalogFile('bmecat-2005.xml'));
    expect(answer.statusCode).toBe(403);
  });

  it('400 for a spreadsheet, which needs its configuration', async () => {
    const answer = await postCatalog(world.admin, 'katalog.csv', 'Bestellnummer\n1\n');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain('Bitte wählen Sie eine Importkonfiguration.');
  });

  it('417 for hostile XML, naming why', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE BMECAT [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><BMECAT><T_NEW_CATALOG/></BMECAT>`;
    const answer = await postCatalog(world.admin, 'katalog.xml', laughs);
    expect(answer.statusCode).toBe(417);
    expect(answer.json().message).toContain('DOCTYPE mit Entitäten');
    expect((await status()).run).toBeNull();
  });

  it('409 for a second import while one waits in its preview', async () => {
    const first = await postCatalog(world.admin, 'a.xml', catalogFile('bmecat-2005.xml'), { preview: true });
    expect(first.statusCode).toBe(201);
    await context.drainJobs();
    const second = await postCatalog(world.admin, 'b.xml', catalogFile('bmecat-2005.xml'));
    expect(second.statusCode).toBe(409);
    expect((await request('GET', '/api/article/import/abort')).statusCode).toBe(200);
  });

  it('201 and a run named after the file for a zipped BMEcat', async () => {
    const answer = await postCatalog(world.admin, 'katalog.zip', catalogFile('bmecat-2005.zip'));
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().run).toMatchObject({ fileName: 'katalog.zip', configTitle: 'BMEcat-Katalog' });
    await context.drainJobs();
    expect((await status()).run).toMatchObject({ state: 'SUCCEEDED', createdCount: 2 });
  });
});
