import path from 'node:path';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { FileStorage } from './storage';

export type { FileStorage, StoredFile } from './storage';

/** ARCHITECTURE §4: S3-compatible storage when `S3_BUCKET` is set, else `DATA_DIR/files/`. */
export function createStorage(config: {
  dataDir: string;
  s3: { bucket: string; endpoint: string | undefined; region: string | undefined } | undefined;
}): FileStorage {
  if (config.s3) {
    return createS3Storage({
      bucket: config.s3.bucket,
      endpoint: config.s3.endpoint,
      region: config.s3.region,
    });
  }
  return createLocalStorage(path.join(config.dataDir, 'files'));
}
