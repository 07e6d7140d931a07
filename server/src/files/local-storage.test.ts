import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it, vi } from 'vitest';
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
    // The new content is on the disk under its temporary name; the file itself is still the old one.
    await vi.waitFor(() => {
      const partial = readdirSync(path.join(root, 'x')).find((name) => name.includes('.part-'));
      expect(partial && statSync(path.join(root, 'x', partial)).size).toBeGreaterThan(0);
    });
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

describe('what a crash leaves in the local storage', () => {
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
  /** Writes `bytes` (sparse: written in no time) under the storage root, last changed at `modified`. */
  async function plant(relative: string, bytes: number, modified = new Date()) {
    const target = path.join(root, 'liegengeblieben', ...relative.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    const handle = await open(target, 'w');
    await handle.truncate(bytes);
    await handle.close();
    utimesSync(target, modified, modified);
    return target;
  }

  it('lists every stored file in every folder, streamed, without files still being written', async () => {
    const allRoot = mkdtempSync(path.join(os.tmpdir(), 'portal-storage-all-'));
    const files = createLocalStorage(allRoot);
    await files.save('a/eins.txt', Readable.from(['1']));
    await files.save('a/b/c/zwei.txt', Readable.from(['22']));
    await files.save('drei.txt', Readable.from(['333']));
    const incoming = new PassThrough();
    const saving = files.save('a/b/unfertig.txt', incoming);
    incoming.write('noch nicht fertig');
    await vi.waitFor(() =>
      expect(readdirSync(path.join(allRoot, 'a', 'b')).some((name) => name.includes('.part-'))).toBe(true),
    );
    const listed: { path: string; size: number }[] = [];
    for await (const file of files.listAll()) listed.push({ path: file.path, size: file.size });
    expect(listed.sort((x, y) => x.path.localeCompare(y.path))).toEqual([
      { path: 'a/b/c/zwei.txt', size: 2 },
      { path: 'a/eins.txt', size: 1 },
      { path: 'drei.txt', size: 3 },
    ]);
    incoming.end();
    await saving;
    rmSync(allRoot, { recursive: true, force: true });
  });

  it('removes partial files older than the given time, with their bytes, and nothing else', async () => {
    const crashed = await plant('enquiry/e1/f1.part-0a1b2c3d4e5f', 50 * 1024 * 1024, twoHoursAgo);
    const young = await plant('enquiry/e1/f2.part-0a1b2c3d4e60', 10);
    const stored = await plant('enquiry/e1/f3', 20, twoHoursAgo);
    expect(await storage.removeLeftovers(anHourAgo)).toEqual({ count: 1, bytes: 50 * 1024 * 1024 });
    expect(existsSync(crashed)).toBe(false);
    expect(existsSync(young)).toBe(true);
    expect(existsSync(stored)).toBe(true);
    expect(await storage.removeLeftovers(anHourAgo)).toEqual({ count: 0, bytes: 0 });
  });
});
