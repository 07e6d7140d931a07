import { describe, expect, it } from 'vitest';
import { articleAlternativeNumbers, articles, changeEntries } from '../../db/schema';
import { CATALOG_HEADER, type ImportWorld, postImport, useImportWorld } from '../../test/import-world';
import { as, type TestContext } from '../../test/test-app';

/** What an import changes stays traceable (alternatives, history "Import <Datei>"). */

let context: TestContext;
let world: ImportWorld;
let configId: string;

useImportWorld(
  (setup) => {
    ({ context, world, configId } = setup);
  },
  [changeEntries],
);

async function importFile(fileName: string, rows: string[]) {
  const started = await postImport(
    context,
    world.admin,
    configId,
    fileName,
    `${CATALOG_HEADER}\n${rows.join('\n')}\n`,
  );
  expect(started.statusCode, started.body).toBe(201);
  await context.drainJobs();
  const status = await as(context.app, world.admin, { method: 'GET', url: '/api/article/import' });
  expect(status.json().run.state).toBe('SUCCEEDED');
  return status.json().run;
}

async function onlyArticle() {
  const [row] = await context.db.select({ id: articles.id }).from(articles);
  const loaded = await as(context.app, world.admin, { method: 'GET', url: `/api/article/?id=${row!.id}` });
  expect(loaded.statusCode).toBe(200);
  return loaded.json();
}

describe('an article matched by its manufacturer number', () => {
  it('keeps the replaced order number as alternative and records one history entry per run', async () => {
    await importFile('stammdaten.csv', [
      'Weidmüller;3RV2011-1AA10;WM-3RV2011;Leistungsschalter;Stück;45;90;97;300;235,80;150',
    ]);
    expect((await onlyArticle()).changeEntries).toEqual([]);

    const changedRow = 'Weidmüller;3RV20111AA10;WM-3RV2011;Leistungsschalter;Stück;45;90;97;300;71,40;150';
    const run = await importFile('preisliste-2025.csv', [changedRow]);
    expect(run).toMatchObject({ createdCount: 0, updatedCount: 1 });
    const article = await onlyArticle();
    expect(article).toMatchObject({
      orderNumber: '3RV20111AA10',
      listPrice: 71.4,
      possibleOrderNumbers: ['3RV2011-1AA10'],
      possibleManufacturerNumbers: [],
    });
    const entries = article.changeEntries as {
      userName: string;
      field: string;
      oldValue: string | null;
      newValue: string | null;
      createDate: string;
    }[];
    expect(entries.map(({ field, oldValue, newValue }) => ({ field, oldValue, newValue }))).toEqual(
      expect.arrayContaining([
        { field: 'orderNumber', oldValue: '3RV2011-1AA10', newValue: '3RV20111AA10' },
        { field: 'listPrice', oldValue: '235.8', newValue: '71.4' },
        { field: 'possibleOrderNumbers', oldValue: null, newValue: '3RV2011-1AA10' },
      ]),
    );
    expect(entries).toHaveLength(3);
    // One entry of the run: one author, one time, like a manual edit of these fields.
    expect(new Set(entries.map((entry) => entry.userName))).toEqual(new Set(['Import preisliste-2025.csv']));
    expect(new Set(entries.map((entry) => entry.createDate)).size).toBe(1);

    const again = await importFile('preisliste-2025.csv', [changedRow]);
    expect(again).toMatchObject({ updatedCount: 0, unchangedCount: 1 });
    const unchanged = await onlyArticle();
    expect(unchanged.changeEntries).toHaveLength(3);
    expect(unchanged.possibleOrderNumbers).toEqual(['3RV2011-1AA10']);
  });

  it('does not add a number that is an alternative already, and records a changed unit by name', async () => {
    await importFile('stammdaten.csv', ['Weidmüller;A-1;WM-1;Klemme;Stück;5;40;30;6;1,50;1']);
    const [row] = await context.db.select({ id: articles.id }).from(articles);
    await context.db
      .insert(articleAlternativeNumbers)
      .values({ articleId: row!.id, kind: 'ORDER', number: 'a-1' });
    await importFile('neu.csv', ['Weidmüller;A-2;WM-1;Klemme;Meter;5;40;30;6;1,50;1']);
    const article = await onlyArticle();
    expect(article.orderNumber).toBe('A-2');
    expect(article.possibleOrderNumbers).toEqual(['a-1']);
    const entries = article.changeEntries.map(
      ({ userName, field, oldValue, newValue }: Record<string, string>) => ({
        userName,
        field,
        oldValue,
        newValue,
      }),
    );
    expect(entries).toEqual(
      expect.arrayContaining([
        { userName: 'Import neu.csv', field: 'orderNumber', oldValue: 'A-1', newValue: 'A-2' },
        { userName: 'Import neu.csv', field: 'unit', oldValue: 'Stück', newValue: 'Meter' },
      ]),
    );
    expect(entries).toHaveLength(2);
  });
});
