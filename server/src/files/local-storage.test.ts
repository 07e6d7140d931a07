import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { StoredFileNotFoundError, UploadTooLargeError } from './storage';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-storage-'));
const storage = createLocalStorage(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local file storage', () => {
  it('saves, stats, opens, lists and removes files', async () => {
    expect(await storage.save('exportResult/a.csv', Readable.from(['Hallo ', 'Welt']))).toEqual({ size: 10 });
    await storage.save('exportResult/b.csv', Readable.from(['b']));
    await storage.save('exportResult/unter/c.csv', Readable.from(['c']));
    expect(await text(await storage.open('exportResult/a.csv'))).toBe('Hallo Welt');
    expect(await storage.stat('exportResult/a.csv')).toMatchObject({ name: 'a.csv', size: 10 });
    expect((await storage.list('exportResult/')).map((file) => file.path)).toEqual([
      'exportResult/a.csv',
      'exportResult/b.csv',
    ]);
    expect(await storage.list('leer/')).toEqual([]);
    expect(await storage.remove('exportResult/b.csv')).toBe(true);
    expect(await storage.remove('exportResult/b.csv')).toBe(false);
    expect(await storage.stat('exportResult/b.csv')).toBeNull();
    await expect(storage.open('exportResult/b.csv')).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it('replaces a file only once the new content arrived completely', async () => {
    await storage.save('x/datei.txt', Readable.from(['alt']));
    const incoming = new PassThrough();
    const saving = storage.save('x/datei.txt', incoming);
    incoming.write('neu, aber noch nicht fertig');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readFileSync(path.join(root, 'x', 'datei.txt'), 'utf8')).toBe('alt');
    expect((await storage.list('x/')).map((file) => file.name)).toEqual(['datei.txt']);
    incoming.end();
    await saving;
    expect(readFileSync(path.join(root, 'x', 'datei.txt'), 'utf8')).toBe('neu, aber noch nicht fertig');
  });

  it('stops an oversized upload while it streams and keeps nothing', async () => {
    const endless = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
      },
    });
    await expect(storage.save('gross/datei.bin', endless, { maxBytes: 1024 * 1024 })).rejects.toBeInstanceOf(
      UploadTooLargeError,
    );
    expect(readdirSync(path.join(root, 'gross'))).toEqual([]);
  });

  it('keeps nothing when the source fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('Verbindung abgebrochen'));
      },
    });
    await expect(storage.save('kaputt/datei.bin', failing)).rejects.toThrow('Verbindung abgebrochen');
    expect(readdirSync(path.join(root, 'kaputt'))).toEqual([]);
  });

  it('refuses paths that leave the storage folder', async () => {
    await expect(storage.save('../draussen.txt', Readable.from(['x']))).rejects.toThrow(
      'Ungültiger Speicherpfad',
    );
    await expect(storage.stat('a/../../b')).rejects.toThrow('Ungültiger Speicherpfad');
  });

  it('hands out the local file for random access', async () => {
    await storage.save('z/zufall.bin', Readable.from([Buffer.from([1, 2, 3])]));
    const bytes = await storage.withLocalFile('z/zufall.bin', async (local) => [...readFileSync(local)]);
    expect(bytes).toEqual([1, 2, 3]);
  });
});
