import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ERRORS } from '@portal/domain/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleImportRuns, articles } from '../../db/schema';
import { multipartForm } from '../../files/testing/multipart-form';
import {
  createFixtureConfig,
  createImportWorld,
  fixture,
  type ImportWorld,
  postImport,
} from '../../test/import-world';
import { as, createTestApp, type TestContext } from '../../test/test-app';
import { sharedStringsBomb } from '../../test/xlsx-files';

/** ASVS 5.2.3: an .xlsx that would unpack beyond the limits is refused with 417 and a German text. */

let context: TestContext;
let world: ImportWorld;
let configId: string;
const bomb = sharedStringsBomb(64);
const RATIO_TEXT =
  'Die Excel-Datei ist ungewöhnlich stark komprimiert (entpackt mehr als 100-mal so groß) und wird zum Schutz des Portals nicht gelesen. Bitte teilen Sie den Katalog auf mehrere Dateien auf oder speichern Sie ihn als CSV-Datei.';

beforeAll(async () => {
  context = await createTestApp();
  world = await createImportWorld(context);
  configId = await createFixtureConfig(context.db, world, { headerRowIndex: 2 });
});
afterAll(async () => {
  await context.close();
});

describe('spreadsheets that unpack too far', () => {
  it('417 SPREADSHEET_TOO_LARGE when an import is started with one; no run is queued', async () => {
    const response = await postImport(context, world.admin, configId, 'katalog.xlsx', bomb);
    expect(response.statusCode).toBe(417);
    expect(response.json()).toEqual({ code: 'SPREADSHEET_TOO_LARGE', message: RATIO_TEXT });
    expect(ERRORS.SPREADSHEET_TOO_LARGE.status).toBe(417);
    expect(await context.db.$count(articleImportRuns)).toBe(0);
  });

  it('417 SPREADSHEET_TOO_LARGE when the headers of such a sample are read', async () => {
    const response = await as(context.app, world.admin, {
      method: 'POST',
      url: '/api/import/config/header',
      ...multipartForm([
        { name: 'headerRowIndex', value: '1' },
        { name: 'file', filename: 'katalog.xlsx', content: bomb },
      ]),
    });
    expect(response.statusCode).toBe(417);
    expect(response.json()).toEqual({ code: 'SPREADSHEET_TOO_LARGE', message: RATIO_TEXT });
  });

  it('ends a queued run with the German text when its file is refused while it is read', async () => {
    const started = await postImport(context, world.admin, configId, 'katalog.xlsx', fixture('katalog.xlsx'));
    expect(started.statusCode, started.body).toBe(201);
    const [run] = await context.db
      .select()
      .from(articleImportRuns)
      .where(eq(articleImportRuns.id, started.json().run.id));
    // The stored upload is swapped before the job reads it (the check at the start saw the good file).
    writeFileSync(path.join(context.filesDir, run!.filePath), bomb);
    expect(await context.drainJobs()).toBe(1);
    const status = (await as(context.app, world.admin, { method: 'GET', url: '/api/article/import' })).json();
    expect(status.run).toMatchObject({
      state: 'FAILED',
      message: `${RATIO_TEXT} Es wurden keine Artikel übernommen.`,
    });
    expect(await context.db.$count(articles)).toBe(0);
  });
});
