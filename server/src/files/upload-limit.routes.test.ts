import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleImportRuns } from '../db/schema';
import { createFixtureConfig, createImportWorld, type ImportWorld, postImport } from '../test/import-world';
import { as, createTestApp, type Session, type TestContext } from '../test/test-app';
import { multipartForm } from './testing/multipart-form';

/**
 * ASVS 5.2.1 through the real upload routes: an upload over the limit is answered 413 and leaves nothing in
 * the storage, neither listed nor on disk. The limit is the shared SPEC constant; 64 KiB stand in for 200 MB
 * here, so that the test needs no 200 MB body.
 */
const LIMIT = 64 * 1024;
vi.mock('@portal/domain/rules/file-type', async (original) => ({
  ...(await original<typeof import('@portal/domain/rules/file-type')>()),
  MAX_UPLOAD_BYTES: 64 * 1024,
}));

let context: TestContext;
let world: ImportWorld;

beforeAll(async () => {
  context = await createTestApp();
  world = await createImportWorld(context);
});
afterAll(async () => {
  await context.close();
});

/** The files on disk under a storage folder, partial ones included. */
function onDisk(folder: string): string[] {
  const directory = path.join(context.filesDir, folder);
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/** A CSV file of `bytes` bytes. */
function csvOf(bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 'A;1\n');
  Buffer.from('Bestellnummer;Listenpreis\n').copy(file);
  return file;
}

function uploadFile(session: Session, filename: string, bytes: number) {
  const form = multipartForm([
    { name: 'path', value: 'exportResult/' },
    { name: 'file', filename, content: csvOf(bytes) },
  ]);
  return as(context.app, session, { method: 'POST', url: '/api/file/', ...form });
}

describe('an upload over the limit', () => {
  it('POST /api/file/: 413, not listed and not on disk; one byte less is stored', async () => {
    const refused = await uploadFile(world.admin, 'zu-gross.csv', LIMIT);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    const accepted = await uploadFile(world.admin, 'passt.csv', LIMIT - 1);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const names = await as(context.app, world.admin, {
      method: 'GET',
      url: '/api/file/names?path=exportResult/',
    });
    expect((names.json() as { name: string }[]).map((file) => file.name)).toEqual(['passt.csv']);
    expect(onDisk('exportResult')).toEqual(['passt.csv']);
  });

  it('POST /api/import/config/header: 413 and no sample kept', async () => {
    const form = multipartForm([
      { name: 'headerRowIndex', value: '1' },
      { name: 'file', filename: 'beispiel.csv', content: csvOf(LIMIT) },
    ]);
    const response = await as(context.app, world.admin, {
      method: 'POST',
      url: '/api/import/config/header',
      ...form,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(onDisk('importSample')).toEqual([]);
  });

  it('POST /api/article/import: 413, no import run and no file kept', async () => {
    const configId = await createFixtureConfig(context.db, world);
    const response = await postImport(context, world.admin, configId, 'katalog.csv', csvOf(LIMIT));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(await context.db.$count(articleImportRuns)).toBe(0);
    expect(onDisk('articleImport')).toEqual([]);
  });
});
