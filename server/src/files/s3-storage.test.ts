import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-storage';
import { StoredFileNotFoundError, UploadTooLargeError } from './storage';
import { type FakeS3, startFakeS3 } from './testing/fake-s3';

let s3: FakeS3;
let storage: ReturnType<typeof createS3Storage>;

beforeAll(async () => {
  s3 = await startFakeS3('portal');
  storage = createS3Storage({
    bucket: 'portal',
    endpoint: s3.url,
    region: 'eu-central-1',
    prefix: 'test/',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
});
afterAll(async () => {
  await s3.close();
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
