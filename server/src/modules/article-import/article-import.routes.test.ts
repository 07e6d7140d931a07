import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleImportRuns, articles } from '../../db/schema';
import { multipartForm } from '../../files/testing/multipart-form';
import { fixture, type ImportWorld, postImport, useImportWorld } from '../../test/import-world';
import { as, type TestContext } from '../../test/test-app';

let context: TestContext;
let world: ImportWorld;
let configId: string;

useImportWorld((setup) => {
  ({ context, world, configId } = setup);
});

const csv = fixture('katalog-semikolon.csv');
const get = (url: string, session = world.admin) => as(context.app, session, { method: 'GET', url });

describe('POST /api/article/import', () => {
  it('401 signed out, 403 for operator staff and other companies', async () => {
    expect((await postImport(context, null, configId, 'k.csv', csv)).statusCode).toBe(401);
    expect((await postImport(context, world.staff, configId, 'k.csv', csv)).statusCode).toBe(403);
    expect((await postImport(context, world.customer, configId, 'k.csv', csv)).statusCode).toBe(403);
    expect(await context.db.$count(articleImportRuns)).toBe(0);
  });

  it('400 without file or configuration, 404 for an unknown configuration', async () => {
    const noFile = multipartForm([{ name: 'importConfigId', value: configId }]);
    const response = await as(context.app, world.admin, {
      method: 'POST',
      url: '/api/article/import',
      ...noFile,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'FILE_MISSING',
      message: 'Bitte wählen Sie eine Datei aus.',
    });
    const noConfig = multipartForm([{ name: 'file', filename: 'k.csv', content: csv }]);
    const missing = await as(context.app, world.admin, {
      method: 'POST',
      url: '/api/article/import',
      ...noConfig,
    });
    expect(missing.statusCode).toBe(400);
    expect((await postImport(context, world.admin, 'kein-uuid', 'k.csv', csv)).statusCode).toBe(400);
    const unknown = await postImport(
      context,
      world.admin,
      '00000000-0000-4000-8000-000000000000',
      'k.csv',
      csv,
    );
    expect(unknown.statusCode).toBe(404);
    expect(await context.db.$count(articleImportRuns)).toBe(0);
  });

  it('417 for other formats, garbage files and files that do not fit the configuration', async () => {
    const pdf = await postImport(context, world.admin, configId, 'katalog.pdf', '%PDF-1.4');
    expect(pdf.statusCode).toBe(417);
    expect(pdf.json().code).toBe('ARTICLE_IMPORT_WRONG_FORMAT');
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256));
    expect((await postImport(context, world.admin, configId, 'katalog.xlsx', garbage)).statusCode).toBe(417);
    expect((await postImport(context, world.admin, configId, 'katalog.csv', garbage)).statusCode).toBe(417);
    expect((await postImport(context, world.admin, configId, 'katalog.xls', 'Hallo Welt')).statusCode).toBe(
      417,
    );
    const otherHeaders = await postImport(context, world.admin, configId, 'k.csv', 'Artikel;Preis\nA;1\n');
    expect(otherHeaders.statusCode).toBe(417);
    expect(otherHeaders.json().message).toContain('„Bestellnummer“');
    expect(await context.db.$count(articleImportRuns)).toBe(0);
  });

  it('424 when the file cannot be stored', async () => {
    // A plain file where the import folder should be: the storage cannot create the folder.
    const blocker = path.join(context.filesDir, 'articleImport');
    mkdirSync(context.filesDir, { recursive: true });
    rmSync(blocker, { recursive: true, force: true });
    writeFileSync(blocker, 'im Weg');
    try {
      const response = await postImport(context, world.admin, configId, 'k.csv', csv);
      expect(response.statusCode).toBe(424);
      expect(response.json().message).toBe(
        'Die Datei konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut.',
      );
    } finally {
      rmSync(blocker);
    }
  });

  it('201 queues the import; a second one is refused with 409 while it runs', async () => {
    const first = await postImport(context, world.admin, configId, 'katalog-semikolon.csv', csv);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      running: true,
      percent: 0,
      run: { state: 'QUEUED', fileName: 'katalog-semikolon.csv' },
    });
    const second = await postImport(context, world.admin, configId, 'katalog-semikolon.csv', csv);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'ARTICLE_IMPORT_RUNNING' });
    await context.drainJobs();
    const third = await postImport(context, world.admin, configId, 'katalog-semikolon.csv', csv);
    expect(third.statusCode).toBe(201);
  });

  it('enforces "one at a time" in the database, not in the server process', async () => {
    await context.db.insert(articleImportRuns).values({
      configTitle: 'anderer Server',
      fileName: 'x.csv',
      filePath: 'articleImport/x/x.csv',
      state: 'RUNNING',
    });
    await expect(
      context.db
        .insert(articleImportRuns)
        .values({ configTitle: 'zweiter', fileName: 'y.csv', filePath: 'y', state: 'QUEUED' }),
    ).rejects.toThrow();
    expect((await postImport(context, world.admin, configId, 'k.csv', csv)).statusCode).toBe(409);
  });
});

describe('GET /api/article/import and /abort', () => {
  it('401 signed out; 403 for other companies; operator staff may watch', async () => {
    expect((await get('/api/article/import', null as never)).statusCode).toBe(401);
    expect((await get('/api/article/import', world.customer)).statusCode).toBe(403);
    expect((await get('/api/article/import', world.staff)).json()).toEqual({
      running: false,
      percent: 0,
      minutesSinceStart: 0,
      run: null,
    });
    expect((await get('/api/article/import/abort', null as never)).statusCode).toBe(401);
    expect((await get('/api/article/import/abort', world.staff)).statusCode).toBe(403);
  });

  it('reports progress of the latest run; abort answers 404 when none runs', async () => {
    expect((await get('/api/article/import/abort')).statusCode).toBe(404);
    await postImport(context, world.admin, configId, 'katalog-semikolon.csv', csv);
    await context.drainJobs();
    const status = await get('/api/article/import');
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      running: false,
      percent: 100,
      minutesSinceStart: 0,
      run: { state: 'SUCCEEDED', createdCount: 4, errorCount: 0, configTitle: 'Lieferantenkatalog' },
    });
    expect(status.json().run.startedAt).toEqual(expect.any(String));
  });

  it('ends a queued import at once; its job then does nothing', async () => {
    await postImport(context, world.admin, configId, 'katalog-semikolon.csv', csv);
    const aborted = await get('/api/article/import/abort');
    expect(aborted.statusCode).toBe(200);
    expect(aborted.json()).toMatchObject({ running: false, run: { state: 'ABORTED', abortRequested: true } });
    await context.drainJobs();
    expect(await context.db.$count(articles)).toBe(0);
    const [run] = await context.db.select().from(articleImportRuns);
    expect(run!.state).toBe('ABORTED');
  });

  it('reports a run whose server stopped sending heartbeats as failed and frees the lock', async () => {
    const [run] = await context.db
      .insert(articleImportRuns)
      .values({
        configTitle: 'Katalog',
        fileName: 'k.csv',
        filePath: 'articleImport/k/k.csv',
        state: 'RUNNING',
        startedAt: new Date(Date.now() - 120_000),
        heartbeatAt: new Date(Date.now() - 60_000),
        lastCommittedLine: 5001,
        createdCount: 4000,
        updatedCount: 990,
        errorCount: 10,
      })
      .returning();
    const status = (await get('/api/article/import')).json();
    expect(status).toMatchObject({
      running: false,
      run: { id: run!.id, state: 'FAILED', minutesSinceStart: 2 },
    });
    expect(status.run.message).toBe(
      'Der Import wurde unterbrochen, weil der Server beendet wurde. Übernommen wurden alle Zeilen bis Zeile 5001 (4000 neu, 990 aktualisiert, 10 fehlerhaft); die übrigen nicht. Bitte starten Sie den Import erneut; bereits übernommene Artikel werden dabei aktualisiert.',
    );
    expect((await postImport(context, world.admin, configId, 'k.csv', csv)).statusCode).toBe(201);
  });
});

describe('GET /api/article/import/report', () => {
  it('401, 403, 400, 404', async () => {
    const url = '/api/article/import/report?runId=00000000-0000-4000-8000-000000000000';
    expect((await get(url, null as never)).statusCode).toBe(401);
    expect((await get(url, world.staff)).statusCode).toBe(403);
    expect((await get('/api/article/import/report?runId=x')).statusCode).toBe(400);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('is an empty German report (header only) for a run without errors', async () => {
    const started = await postImport(context, world.admin, configId, 'katalog-semikolon.csv', csv);
    await context.drainJobs();
    const report = await get(`/api/article/import/report?runId=${started.json().run.id}`);
    expect(report.statusCode).toBe(200);
    expect(report.body).toBe('\uFEFF"Zeile";"Bestellnummer";"Fehler"\r\n');
    const [run] = await context.db
      .select()
      .from(articleImportRuns)
      .where(eq(articleImportRuns.id, started.json().run.id));
    expect(run!.state).toBe('SUCCEEDED');
  });
});

describe('GET /api/article/import/runs', () => {
  const runs = '/api/article/import/runs';

  it('401 signed out, 403 for operator staff and customers, 400 for a bad page', async () => {
    expect((await get(runs, null as never)).statusCode).toBe(401);
    expect((await get(runs, world.staff)).statusCode).toBe(403);
    expect((await get(runs, world.customer)).statusCode).toBe(403);
    expect((await get(`${runs}?page=-1`)).statusCode).toBe(400);
    expect((await get(`${runs}?paginationSize=0`)).statusCode).toBe(400);
    expect((await get(`${runs}?paginationSize=abc`)).statusCode).toBe(400);
  });

  it('200 lists the runs newest first with what each did, page by page', async () => {
    expect((await get(runs)).json()).toEqual({ content: [], totalElements: 0 });
    const header = csv.toString('utf8').split('\n')[0];
    const files: [string, string | Buffer][] = [
      ['katalog-fehler.csv', fixture('katalog-fehler.csv')],
      ['katalog-semikolon.csv', csv],
      ['katalog-semikolon.csv', csv],
      ['nur-kopfzeile.csv', `${header}\n`],
    ];
    for (const [name, content] of files) {
      expect((await postImport(context, world.admin, configId, name, content)).statusCode).toBe(201);
      await context.drainJobs();
    }

    const response = await get(runs);
    expect(response.statusCode).toBe(200);
    const { content, totalElements } = response.json();
    expect(totalElements).toBe(4);
    expect(content.map((run: { fileName: string }) => run.fileName)).toEqual([
      'nur-kopfzeile.csv',
      'katalog-semikolon.csv',
      'katalog-semikolon.csv',
      'katalog-fehler.csv',
    ]);
    expect(content[0]).toMatchObject({
      state: 'SUCCEEDED',
      warning: true,
      message: 'Die Datei enthält keine Datenzeilen.',
      createdCount: 0,
      hasErrorReport: false,
    });
    // The identical re-import changed nothing: unchanged, not "updated".
    expect(content[1]).toMatchObject({
      state: 'SUCCEEDED',
      warning: false,
      createdCount: 0,
      updatedCount: 0,
      unchangedCount: 4,
      errorCount: 0,
      hasErrorReport: false,
    });
    expect(content[2]).toMatchObject({ createdCount: 4, updatedCount: 0, unchangedCount: 0, warning: false });
    expect(content[3].errorCount).toBeGreaterThan(0);
    expect(content[3]).toMatchObject({
      state: 'SUCCEEDED',
      hasErrorReport: true,
      configTitle: 'Lieferantenkatalog',
    });
    expect(content[3].finishedAt).toEqual(expect.any(String));

    const second = (await get(`${runs}?page=1&paginationSize=3`)).json();
    expect(second).toMatchObject({ totalElements: 4, content: [{ fileName: 'katalog-fehler.csv' }] });
    expect(second.content).toHaveLength(1);
  });
});
