import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createStorage } from './index';

// Records when the S3 storage and the AWS SDK are loaded: a static import anywhere on the way from the
// face would load them together with this file, before any test runs.
const loaded = vi.hoisted(() => ({ s3Storage: 0, sdk: 0 }));
vi.mock('./s3-storage', async (importOriginal) => {
  loaded.s3Storage++;
  return importOriginal();
});
vi.mock('@aws-sdk/client-s3', async (importOriginal) => {
  loaded.sdk++;
  return importOriginal();
});

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-create-storage-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('createStorage', () => {
  it('keeps files under DATA_DIR/files without loading the S3 storage or the AWS SDK', async () => {
    const storage = await createStorage({ dataDir, s3: undefined });
    await storage.save('exportResult/a.csv', Readable.from(['a']));
    expect(await storage.stat('exportResult/a.csv')).toMatchObject({ size: 1 });
    expect(loaded).toEqual({ s3Storage: 0, sdk: 0 });
  });

  it('loads the S3 storage and the SDK when S3_BUCKET is set', async () => {
    const storage = await createStorage({
      dataDir,
      s3: { bucket: 'portal', endpoint: 'http://127.0.0.1:9', region: 'eu-central-1' },
    });
    expect(typeof storage.save).toBe('function');
    expect(loaded).toEqual({ s3Storage: 1, sdk: 1 });
  });
});
