import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installErrorHandlers } from '../http/error-handler';
import { createLocalStorage } from './local-storage';
import { readMultipart, UPLOAD_LIMITS } from './multipart';
import { createS3Storage } from './s3-storage';
import type { FileStorage } from './storage';
import { type FakeS3, startFakeS3 } from './testing/fake-s3';
import { multipartForm } from './testing/multipart-form';

/**
 * ASVS 5.2.1: whatever ends an upload early (the size limit, the client breaking off, the storage failing),
 * nothing of it stays in the storage. 17 MiB instead of 200 MB: enough for S3 to take the multipart path
 * (it begins one once two 8 MiB parts arrived).
 */
const LIMIT = 17 * 1024 * 1024;

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-multipart-'));
let s3: FakeS3;

interface StorageCase {
  name: string;
  storage: () => FileStorage;
  /** Whatever the storage holds: files, partial files, unfinished multipart uploads. */
  leftovers: () => string[];
  /** Has the storage begun to write the upload? */
  writing: () => boolean;
  /** Empties the storage, so that each test starts from nothing. */
  clear: () => void;
}

const cases: StorageCase[] = [
  {
    name: 'local disk',
    storage: () => createLocalStorage(root),
    leftovers: () =>
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name),
    writing: () => readdirSync(root, { recursive: true }).some((name) => String(name).includes('.part-')),
    clear: () => {
      rmSync(root, { recursive: true, force: true });
      mkdirSync(root);
    },
  },
  {
    name: 'S3',
    storage: () =>
      createS3Storage({
        bucket: 'portal',
        endpoint: s3.url,
        region: 'eu-central-1',
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      }),
    leftovers: () => [...s3.objects.keys(), ...Array.from({ length: s3.pendingUploads }, () => 'upload')],
    writing: () => s3.pendingUploads > 0,
    clear: () => s3.objects.clear(),
  },
];

beforeAll(async () => {
  s3 = await startFakeS3('portal');
});
afterAll(async () => {
  await s3.close();
  rmSync(root, { recursive: true, force: true });
});

/** An upload route as the portal's are built: readMultipart streams the file part into the storage. */
async function uploadApp(storage: FileStorage): Promise<FastifyInstance> {
  const app = Fastify();
  installErrorHandlers(app);
  await app.register(multipart, { limits: { ...UPLOAD_LIMITS, fileSize: LIMIT } });
  app.post('/upload', async (request) => {
    const { file } = await readMultipart(request, (incoming) =>
      storage.save(`uploads/${incoming.filename}`, incoming.stream, { maxBytes: LIMIT }),
    );
    return file?.result ?? null;
  });
  return app;
}

function upload(app: FastifyInstance, bytes: number) {
  const form = multipartForm([{ name: 'file', filename: 'daten.bin', content: Buffer.alloc(bytes, 7) }]);
  return app.inject({ method: 'POST', url: '/upload', ...form });
}

/** Waits (up to 10 s) until the storage shows what the test expects of it. */
function until(condition: () => boolean): Promise<void> {
  return vi.waitFor(() => expect(condition()).toBe(true), { timeout: 10_000, interval: 25 });
}

describe.each(cases)('an upload into $name storage', (storageCase) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await uploadApp(storageCase.storage());
  });
  beforeEach(() => storageCase.clear());
  afterAll(async () => {
    await app.close();
  });

  it('keeps a file of exactly the limit', async () => {
    const response = await upload(app, LIMIT);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ size: LIMIT });
    expect(storageCase.leftovers()).toHaveLength(1);
  });

  it('refuses one byte more with 413 and keeps nothing of it', async () => {
    const response = await upload(app, LIMIT + 1);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('FILE_TOO_LARGE');
    expect(storageCase.leftovers()).toEqual([]);
    expect(await storageCase.storage().list('uploads/')).toEqual([]);
  });

  it('keeps nothing when the client breaks off in the middle', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const form = multipartForm([
      { name: 'file', filename: 'abbruch.bin', content: Buffer.alloc(LIMIT - 10, 1) },
    ]);
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/upload',
      headers: { ...form.headers, 'content-length': form.payload.length },
    });
    request.on('error', () => {});
    try {
      // More than two S3 parts (8 MiB each), so that S3 has begun a multipart upload.
      request.write(form.payload.subarray(0, LIMIT - 512 * 1024));
      await until(storageCase.writing);
      expect(storageCase.writing()).toBe(true);
    } finally {
      request.destroy();
    }
    await until(() => storageCase.leftovers().length === 0);
    expect(storageCase.leftovers()).toEqual([]);
  });
});

describe('an upload the S3 bucket refuses half-way', () => {
  it('is aborted and leaves no object and no unfinished upload', async () => {
    cases[1]!.clear();
    const app = await uploadApp(cases[1]!.storage());
    s3.refuseParts = true;
    try {
      const response = await upload(app, LIMIT - 1);
      expect(response.statusCode).toBe(500);
      expect(cases[1]!.leftovers()).toEqual([]);
    } finally {
      s3.refuseParts = false;
      await app.close();
    }
  });
});
