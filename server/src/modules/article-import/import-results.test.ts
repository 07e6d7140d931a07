import { describe, expect, it } from 'vitest';
import { articles } from '../../db/schema';
import { CATALOG_HEADER, type ImportWorld, postImport, useImportWorld } from '../../test/import-world';
import { as, type TestContext } from '../../test/test-app';

/** The result of a run says what happened (changed and unchanged apart, a warning when nothing came in). */

let context: TestContext;
let world: ImportWorld;
let configId: string;

useImportWorld((setup) => {
  ({ context, world, configId } = setup);
});

async function importFile(content: string) {
  const started = await postImport(context, world.admin, configId, 'katalog.csv', content);
  expect(started.statusCode, started.body).toBe(201);
  await context.drainJobs();
  const status = await as(context.app, world.admin, { method: 'GET', url: '/api/article/import' });
  return status.json().run;
}

describe('the result of an import run', () => {
  it('counts changed and unchanged articles apart', async () => {
    const rows = [
      'Weidmüller;A-1;WA-1;Klemme;Stück;5;40;30;6;1,50;1',
      'Weidmüller;A-2;WA-2;Klemme;Stück;5;40;30;6;2,50;2',
      'Weidmüller;A-3;WA-3;Klemme;Stück;5;40;30;6;3,50;3',
    ];
    const first = await importFile(`${CATALOG_HEADER}\n${rows.join('\n')}\n`);
    expect(first).toMatchObject({ state: 'SUCCEEDED', createdCount: 3, updatedCount: 0, unchangedCount: 0 });
    const same = await importFile(`${CATALOG_HEADER}\n${rows.join('\n')}\n`);
    expect(same).toMatchObject({
      state: 'SUCCEEDED',
      warning: false,
      createdCount: 0,
      updatedCount: 0,
      unchangedCount: 3,
      errorCount: 0,
      message: null,
    });
    rows[1] = 'Weidmüller;A-2;WA-2;Klemme;Stück;5;40;30;6;2,75;2';
    const changed = await importFile(`${CATALOG_HEADER}\n${rows.join('\n')}\n`);
    expect(changed).toMatchObject({ createdCount: 0, updatedCount: 1, unchangedCount: 2 });
  });

  it('warns when the file has only its header row', async () => {
    const run = await importFile(`${CATALOG_HEADER}\n`);
    expect(run).toMatchObject({
      state: 'SUCCEEDED',
      warning: true,
      createdCount: 0,
      message: 'Die Datei enthält keine Datenzeilen.',
    });
    const status = (await as(context.app, world.admin, { method: 'GET', url: '/api/article/import' })).json();
    expect(status.run.warning).toBe(true);
  });

  it('warns when every row was refused and says why', async () => {
    const run = await importFile(
      `${CATALOG_HEADER}\nUnbekannt AG;B-1;;Klemme;Stück;5;40;30;6;1,50;1\nWeidmüller;;;ohne Nummer;Stück;5;40;30;6;1,50;1\n`,
    );
    expect(run).toMatchObject({
      state: 'SUCCEEDED',
      warning: true,
      createdCount: 0,
      updatedCount: 0,
      unchangedCount: 0,
      errorCount: 2,
      message:
        'Es wurde kein Artikel übernommen: Alle 2 Datenzeilen sind fehlerhaft. Die Gründe stehen im Fehlerbericht.',
    });
    expect(await context.db.$count(articles)).toBe(0);
  });
});
