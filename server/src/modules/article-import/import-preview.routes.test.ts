import { describe, expect, it } from 'vitest';
import { CATALOG_HEADER, type ImportWorld, postImport, useImportWorld } from '../../test/import-world';
import { as, type Session, type TestContext } from '../../test/test-app';

/** The import preview's endpoints answer 401, 403, 400, 404 and their success. */

let context: TestContext;
let world: ImportWorld;
let configId: string;

useImportWorld((setup) => {
  ({ context, world, configId } = setup);
});

const PREVIEW = '/api/article/import/preview';
const NAMES = '/api/article/import/preview/names';
const CONFIRM = '/api/article/import/confirm';
const FILE = `${CATALOG_HEADER}\nGeyer;G-1;GG-1;Sicherung;Stück;5;40;30;6;1;1\nWeidmüller;W-1;WW-1;Klemme;Stück;5;40;30;6;1;1\n`;

const call = (session: Session | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  as(context.app, session, { method, url, ...(payload ? { payload } : {}) });

async function waitingPreview(file = FILE) {
  const started = await postImport(context, world.admin, configId, 'k.csv', file, { preview: true });
  expect(started.statusCode, started.body).toBe(201);
  expect(started.json()).toMatchObject({ running: true, run: { state: 'QUEUED' } });
  await context.drainJobs();
}

describe('GET /api/article/import/preview', () => {
  it('401 signed out, 403 for operator staff and customers, 404 without a waiting preview', async () => {
    expect((await call(null, 'GET', PREVIEW)).statusCode).toBe(401);
    expect((await call(world.staff, 'GET', PREVIEW)).statusCode).toBe(403);
    expect((await call(world.customer, 'GET', PREVIEW)).statusCode).toBe(403);
    const none = await call(world.admin, 'GET', PREVIEW);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Es wartet kein Artikelimport mit einer Vorschau auf „Übernehmen“.');
    // A run without preview has none either.
    await postImport(context, world.admin, configId, 'k.csv', FILE);
    expect((await call(world.admin, 'GET', PREVIEW)).statusCode).toBe(404);
  });

  it('200: the waiting run and what it would do', async () => {
    await waitingPreview();
    const answer = await call(world.admin, 'GET', PREVIEW);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      run: { state: 'PREVIEW', fileName: 'k.csv', configTitle: 'Lieferantenkatalog' },
      preview: {
        rows: 2,
        created: 1,
        changed: 0,
        unchanged: 0,
        refused: 1,
        unknownManufacturers: { total: 1, names: [{ name: 'Geyer', rows: 1 }] },
        unknownUnits: { total: 0, names: [] },
      },
    });
  });
});

describe('POST /api/article/import/preview/names', () => {
  const create = { action: 'CREATE', kind: 'MANUFACTURER', name: 'Geyer' };

  it('401 signed out, 403 for operator staff and customers, 400 for a bad body', async () => {
    await waitingPreview();
    expect((await call(null, 'POST', NAMES, create)).statusCode).toBe(401);
    expect((await call(world.staff, 'POST', NAMES, create)).statusCode).toBe(403);
    expect((await call(world.customer, 'POST', NAMES, create)).statusCode).toBe(403);
    for (const body of [
      {},
      { action: 'CREATE', kind: 'MANUFACTURER', name: '   ' },
      { action: 'CREATE', kind: 'WHOLESALER', name: 'Geyer' },
      { action: 'VARIANT', kind: 'MANUFACTURER', name: 'Geyer' },
      { action: 'VARIANT', kind: 'MANUFACTURER', name: 'Geyer', targetId: 'abc' },
      { action: 'MERGE', kind: 'MANUFACTURER', name: 'Geyer' },
    ]) {
      expect((await call(world.admin, 'POST', NAMES, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('404 without a waiting preview, for a name it does not have and for an unknown target', async () => {
    expect((await call(world.admin, 'POST', NAMES, create)).statusCode).toBe(404);
    await waitingPreview();
    expect((await call(world.admin, 'POST', NAMES, { ...create, name: 'Siemens' })).statusCode).toBe(404);
    const target = { ...create, action: 'VARIANT', targetId: '00000000-0000-4000-8000-000000000000' };
    expect((await call(world.admin, 'POST', NAMES, target)).statusCode).toBe(404);
  });

  it('200: the name is created and the preview counted again', async () => {
    await waitingPreview();
    const answer = await call(world.admin, 'POST', NAMES, create);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      run: { state: 'PREVIEW' },
      preview: { created: 2, refused: 0, unknownManufacturers: { total: 0, names: [] } },
    });
    expect((await call(world.admin, 'GET', PREVIEW)).json().preview).toMatchObject({
      created: 2,
      refused: 0,
    });
  });
});

describe('POST /api/article/import/confirm', () => {
  it('401 signed out, 403 for operator staff and customers, 404 without a waiting preview', async () => {
    expect((await call(null, 'POST', CONFIRM)).statusCode).toBe(401);
    expect((await call(world.staff, 'POST', CONFIRM)).statusCode).toBe(403);
    expect((await call(world.customer, 'POST', CONFIRM)).statusCode).toBe(403);
    expect((await call(world.admin, 'POST', CONFIRM)).statusCode).toBe(404);
  });

  it('200 queues the write phase once; the run then writes', async () => {
    // A name of its own: the tests before created Geyer.
    await waitingPreview(FILE.replace('Geyer', 'Kraus'));
    const confirmed = await call(world.admin, 'POST', CONFIRM);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ running: true, run: { state: 'QUEUED' } });
    expect((await call(world.admin, 'POST', CONFIRM)).statusCode).toBe(404);
    await context.drainJobs();
    const status = (await call(world.admin, 'GET', '/api/article/import')).json();
    expect(status).toMatchObject({
      running: false,
      run: { state: 'SUCCEEDED', createdCount: 1, errorCount: 1 },
    });
  });
});
