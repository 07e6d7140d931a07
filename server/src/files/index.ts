import path from 'node:path';
import { createLocalStorage } from './local-storage';
import type { FileStorage } from './storage';

export type { FileStorage, StoredFile } from './storage';

/**
 * ARCHITECTURE §4: S3-compatible storage when `S3_BUCKET` is set, else `DATA_DIR/files/`. The S3 storage
 * (and with it the AWS SDK, the largest dependency) is loaded only when it is used, so a portal on local
 * files starts without it.
 */
export async function createStorage(config: {
  dataDir: string;
  s3: { bucket: string; endpoint: string | undefined; region: string | undefined } | undefined;
}): Promise<FileStorage> {
  if (config.s3) {
    const { createS3Storage } = await import('./s3-storage');
    return createS3Storage({
      bucket: config.s3.bucket,
      endpoint: config.s3.endpoint,
      region: config.s3.region,
    });
  }
  return createLocalStorage(path.join(config.dataDir, 'files'));
}
