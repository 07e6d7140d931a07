import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleImportRuns, enquiryFiles, importConfigs } from '../db/schema';
import { createDraft, enquiryApi, SAMPLES, useEnquiryWorld } from '../test/enquiry-world';
import { sweepStorage } from './janitor';
import { createS3Storage } from './s3-storage';
import { takeLease } from './sweep-lease';
import { type FakeS3, startFakeS3 } from './testing/fake-s3';

const world = useEnquiryWorld();
const api = enquiryApi(world);
const MB = 1024 * 1024;
const twoHoursAgo = () => new Date(Date.now() - 2 * 60 * 60 * 1000);

/** A file of `bytes` under the storage root (sparse, so 50 MB are written at once), last changed `modified`. */
async function plant(key: string, bytes: number, modified = new Date()): Promise<string> {
  const target = path.join(world().ctx.filesDir, ...key.split('/'));
  mkdirSync(path.dirname(target), { recursive: true });
  const handle = await open(target, 'w');
  await handle.truncate(bytes);
  await handle.close();
  utimesSync(target, modified, modified);
  return target;
}

/** Rows that name stored files: an import configuration's sample and two import runs, one still active. */
async function insertOwners(keys: { sample: string; activeUpload: string; finishedUpload: string }) {
  const { db } = world().ctx;
  await db.insert(importConfigs).values({ title: 'Muster', description: '', samplePath: keys.sample });
  await db.insert(articleImportRuns).values([
    { configTitle: 'Muster', fileName: 'a.csv', filePath: keys.activeUpload, state: 'PREVIEW' },
    { configTitle: 'Muster', fileName: 'b.csv', filePath: keys.finishedUpload, state: 'FAILED' },
  ]);
}

describe('the storage janitor on the local disk', () => {
  it('removes old partial files and old files no row references; keeps referenced, young and foreign files', async () => {
    const { ctx, customer } = world();
    const enquiryId = await createDraft(api, customer);
    expect((await api.upload(customer, enquiryId, 'Schaltplan.pdf', SAMPLES.pdf)).statusCode).toBe(201);
    const [stored] = await ctx.db.select().from(enquiryFiles).where(eq(enquiryFiles.enquiryId, enquiryId));
    const referenced = path.join(ctx.filesDir, ...stored!.storageKey.split('/'));
    utimesSync(referenced, twoHoursAgo(), twoHoursAgo());
    const keys = {
      sample: `importSample/${randomUUID()}/muster.csv`,
      activeUpload: `articleImport/${randomUUID()}/katalog.csv`,
      finishedUpload: `articleImport/${randomUUID()}/alt.csv`,
    };
    await insertOwners(keys);

    // What a crash left: a 50 MB upload cut off mid-way, a file whose row never committed, and the like.
    const cutOff = await plant(
      `enquiry/${enquiryId}/${randomUUID()}.part-0a1b2c3d4e5f`,
      50 * MB,
      twoHoursAgo(),
    );
    const orphan = await plant(`enquiry/${enquiryId}/${randomUUID()}`, 50 * MB, twoHoursAgo());
    const orphanAttachment = await plant(`conversation/${randomUUID()}/${randomUUID()}`, 300, twoHoursAgo());
    const finishedUpload = await plant(keys.finishedUpload, 200, twoHoursAgo());
    const unusedSample = await plant(`importSample/${randomUUID()}/verworfen.csv`, 100, twoHoursAgo());
    // What stays: referenced files, young ones (their save or row may be on its way), foreign folders.
    const sample = await plant(keys.sample, 10, twoHoursAgo());
    const activeUpload = await plant(keys.activeUpload, 10, twoHoursAgo());
    const youngPart = await plant(`offer/${randomUUID()}/${randomUUID()}.part-0a1b2c3d4e60`, 10);
    const youngOrphan = await plant(`business-data/${randomUUID()}/${randomUUID()}`, 10);
    const exported = await plant('exportResult/artikel.csv', 10, twoHoursAgo());
    const ownFolder = await plant(`articleImport/eigene-ablage/${randomUUID()}`, 10, twoHoursAgo());

    const log: string[] = [];
    const report = await sweepStorage(
      { db: ctx.db, storage: ctx.files, log: (line) => log.push(line) },
      { batchSize: 2 },
    );

    expect(report).toEqual({
      leftovers: { count: 1, bytes: 50 * MB },
      unreferenced: { count: 4, bytes: 50 * MB + 600 },
    });
    for (const gone of [cutOff, orphan, orphanAttachment, finishedUpload, unusedSample]) {
      expect(existsSync(gone), gone).toBe(false);
    }
    for (const kept of [referenced, sample, activeUpload, youngPart, youngOrphan, exported, ownFolder]) {
      expect(existsSync(kept), kept).toBe(true);
    }
    expect(log).toEqual([
      'Dateispeicher aufgeräumt: 5 Dateien mit 104.858.200 Bytes entfernt (1 unvollständig gespeicherte mit 52.428.800 Bytes, 4 ohne zugehörigen Datensatz mit 52.429.400 Bytes).',
    ]);
    const download = await api.download(customer, enquiryId, stored!.id);
    expect(download.statusCode).toBe(200);
  });

  it('leaves the sweep to the process that holds the lease', async () => {
    const { ctx } = world();
    const orphan = await plant(`offer/${randomUUID()}/${randomUUID()}`, 10, twoHoursAgo());
    const other = await takeLease(ctx.db, 'storage_sweep', 60_000);
    expect(other).not.toBeNull();
    const deps = { db: ctx.db, storage: ctx.files, log: () => {} };
    expect(await sweepStorage(deps)).toBeNull();
    expect(existsSync(orphan)).toBe(true);
    await other!.release();
    expect(await sweepStorage(deps)).toMatchObject({ unreferenced: { count: 1, bytes: 10 } });
    expect(existsSync(orphan)).toBe(false);
  });
});

describe('the storage janitor on S3', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3('portal');
  });
  afterAll(async () => {
    await s3.close();
  });

  it('removes old objects no row references and old unfinished uploads; keeps the rest', async () => {
    const { ctx, customer } = world();
    const storage = createS3Storage({
      bucket: 'portal',
      endpoint: s3.url,
      prefix: 'portal/',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      listPageSize: 2,
      localCopyDir: ctx.filesDir,
    });
    const enquiryId = await createDraft(api, customer);
    expect((await api.upload(customer, enquiryId, 'Schaltplan.pdf', SAMPLES.pdf)).statusCode).toBe(201);
    const [stored] = await ctx.db.select().from(enquiryFiles).where(eq(enquiryFiles.enquiryId, enquiryId));
    const put = (key: string, bytes: number, modified = twoHoursAgo()) =>
      s3.objects.set(`portal/${key}`, { body: Buffer.alloc(bytes), modified });
    const referenced = stored!.storageKey;
    const orphan = `enquiry/${enquiryId}/${randomUUID()}`;
    const young = `enquiry/${enquiryId}/${randomUUID()}`;
    put(referenced, 30);
    put(orphan, 5 * MB);
    put(young, 10, new Date());
    put('exportResult/artikel.csv', 10);
    const begun = await fetch(`${s3.url}/portal/portal/offer/${randomUUID()}/x?uploads`, { method: 'POST' });
    const uploadId = /<UploadId>(.+)<\/UploadId>/.exec(await begun.text())![1]!;
    s3.uploadsBegun.get(uploadId)!.initiated = twoHoursAgo();

    const log: string[] = [];
    const report = await sweepStorage({ db: ctx.db, storage, log: (line) => log.push(line) });

    expect(report).toEqual({ leftovers: { count: 1, bytes: 0 }, unreferenced: { count: 1, bytes: 5 * MB } });
    expect([...s3.objects.keys()].sort()).toEqual(
      [`portal/${referenced}`, `portal/${young}`, 'portal/exportResult/artikel.csv'].sort(),
    );
    expect(s3.pendingUploads).toBe(0);
    expect(log[0]).toContain('2 Dateien mit 5.242.880 Bytes entfernt');
  });
});
