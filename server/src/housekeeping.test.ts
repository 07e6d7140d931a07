import { randomUUID } from 'node:crypto';
import { utimesSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleImportRuns } from './db/schema';
import { startHousekeeping } from './housekeeping';
import { createTestApp, type TestContext } from './test/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

describe('housekeeping', () => {
  it('on start, ends an import whose process died and sweeps the storage, with one log line', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const upload = `articleImport/${randomUUID()}/katalog.csv`;
    await context.files.save(upload, Readable.from(['Bestellnummer\nK-1\n']));
    utimesSync(path.join(context.filesDir, ...upload.split('/')), twoHoursAgo, twoHoursAgo);
    const orphan = `offer/${randomUUID()}/${randomUUID()}`;
    await context.files.save(orphan, Readable.from(['%PDF-1.7']));
    utimesSync(path.join(context.filesDir, ...orphan.split('/')), twoHoursAgo, twoHoursAgo);
    const [run] = await context.db
      .insert(articleImportRuns)
      .values({
        configTitle: 'Katalog',
        fileName: 'katalog.csv',
        filePath: upload,
        state: 'RUNNING',
        heartbeatAt: sql`now() - interval '1 minute'`,
      })
      .returning();

    const info: string[] = [];
    const errors: string[] = [];
    const stop = startHousekeeping({
      database: context.database,
      files: context.files,
      log: { info: (line) => info.push(line), error: (line) => errors.push(line) },
    });
    try {
      await vi.waitFor(() => expect(info).toHaveLength(1), { timeout: 10_000 });
    } finally {
      stop();
    }
    expect(errors).toEqual([]);
    expect(info[0]).toMatch(/^Dateispeicher aufgeräumt: 1 Datei mit 8 Bytes entfernt/);
    const [ended] = await context.db
      .select()
      .from(articleImportRuns)
      .where(eq(articleImportRuns.id, run!.id));
    expect(ended!.state).toBe('FAILED');
    expect(await context.files.stat(upload)).toBeNull();
    expect(await context.files.stat(orphan)).toBeNull();
  });
});
