import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-storage';
import { StoredFileNotFoundError, UploadTooLargeError } from './storage';
import { type FakeS3, startFakeS3 } from './testing/fake-s3';

let s3: FakeS3;
let storage: ReturnType<typeof createS3Storage>;
/** The temporary folder of the local copies (`withLocalFile`), one of its own for this file. */
const copies = mkdtempSync(path.join(os.tmpdir(), 'portal-s3-copies-'));

beforeAll(async () => {
  s3 = await startFakeS3('portal');
  storage = createS3Storage({
    bucket: 'portal',
    endpoint: s3.url,
    region: 'eu-central-1',
    prefix: 'test/',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    listPageSize: 2,
    localCopyDir: copies,
  });
});
afterAll(async () => {
  await s3.close();
  rmSync(copies, { recursive: true, force: true });
});

/** `megabytes` MB generated while read, in 64 KB chunks. */
function generated(megabytes: number): Readable {
  let left = megabytes * 16;
  return new Readable({
    read() {
      this.push(left-- > 0 ? Buffer.alloc(64 * 1024, left % 251) : null);
    },
  });
}

describe('S3-compatible storage', () => {
  it('saves small files in one request and reads, lists, stats and removes them', async () => {
    expect(await storage.save('exportResult/a.csv', Readable.from(['Größe;1']))).toEqual({ size: 9 });
    await storage.save('exportResult/unter/b.csv', Readable.from(['b']));
    expect(s3.objects.has('test/exportResult/a.csv')).toBe(true);
    expect(await text(await storage.open('exportResult/a.csv'))).toBe('Größe;1');
    expect(await storage.stat('exportResult/a.csv')).toMatchObject({
      name: 'a.csv',
      path: 'exportResult/a.csv',
      size: 9,
    });
    expect((await storage.list('exportResult/')).map((file) => file.path)).toEqual(['exportResult/a.csv']);
    expect(
      await storage.withLocalFile('exportResult/a.csv', async (local) => readFileSync(local, 'utf8')),
    ).toBe('Größe;1');
    expect(await storage.remove('exportResult/a.csv')).toBe(true);
    expect(await storage.remove('exportResult/a.csv')).toBe(false);
    expect(await storage.stat('exportResult/a.csv')).toBeNull();
    await expect(storage.open('exportResult/a.csv')).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it('streams large files as a multipart upload of 8 MB parts', async () => {
    const result = await storage.save('articleImport/gross.bin', generated(20));
    expect(result).toEqual({ size: 20 * 1024 * 1024 });
    expect(s3.objects.get('test/articleImport/gross.bin')?.body.length).toBe(20 * 1024 * 1024);
    // No request carried more than one part: the file was never held whole.
    expect(s3.largestRequest).toBeLessThanOrEqual(8 * 1024 * 1024);
  });

  it('aborts an oversized upload and keeps nothing', async () => {
    await expect(
      storage.save('articleImport/zu-gross.bin', generated(20), { maxBytes: 12 * 1024 * 1024 }),
    ).rejects.toBeInstanceOf(UploadTooLargeError);
    expect(s3.objects.has('test/articleImport/zu-gross.bin')).toBe(false);
  });
});

describe('what a crash leaves in the bucket', () => {
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);

  it('lists every object under the prefix page by page', async () => {
    for (const key of ['alle/a', 'alle/b/c', 'alle/d', 'alle/e/f/g', 'alle/h']) {
      await storage.save(key, Readable.from([key]));
    }
    s3.objects.set('anderes-portal/x', { body: Buffer.from('x'), modified: new Date() });
    const before = s3.listRequests;
    const listed: string[] = [];
    for await (const file of storage.listAll()) listed.push(file.path);
    expect(listed.filter((key) => key.startsWith('alle/')).sort()).toEqual([
      'alle/a',
      'alle/b/c',
      'alle/d',
      'alle/e/f/g',
      'alle/h',
    ]);
    // Exactly this portal's objects (its key prefix), as paths inside the storage.
    const ours = [...s3.objects.keys()].filter((key) => key.startsWith('test/'));
    expect(listed.map((key) => `test/${key}`).sort()).toEqual(ours.sort());
    // Two keys a page: the listing was never asked for all at once.
    expect(s3.listRequests - before).toBeGreaterThanOrEqual(3);
  });

  it('aborts old unfinished multipart uploads and removes old local copies, nothing younger', async () => {
    const begin = async (key: string) => {
      const answer = await fetch(`${s3.url}/portal/test/${key}?uploads`, { method: 'POST' });
      return /<UploadId>(.+)<\/UploadId>/.exec(await answer.text())![1]!;
    };
    const crashed = await begin('enquiry/e1/abgebrochen');
    const running = await begin('enquiry/e1/laeuft');
    s3.uploadsBegun.get(crashed)!.initiated = twoHoursAgo;
    const plantCopy = (name: string, modified: Date) => {
      const folder = path.join(copies, name);
      mkdirSync(folder);
      writeFileSync(path.join(folder, 'katalog.xlsx'), Buffer.alloc(1000));
      utimesSync(folder, modified, modified);
      return folder;
    };
    const oldCopy = plantCopy('portal-s3-alt', twoHoursAgo);
    const youngCopy = plantCopy('portal-s3-neu', new Date());
    const foreign = plantCopy('andere-anwendung', twoHoursAgo);

    expect(await storage.removeLeftovers(anHourAgo)).toEqual({ count: 2, bytes: 1000 });
    expect([...s3.uploadsBegun.keys()]).toEqual([running]);
    expect(existsSync(oldCopy)).toBe(false);
    expect(existsSync(youngCopy)).toBe(true);
    expect(existsSync(foreign)).toBe(true);
  });
});
