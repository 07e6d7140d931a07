import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, opendir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { ByteLimit } from './byte-limit';
import {
  baseName,
  type FileStorage,
  type RemovedLeftovers,
  type StoredFile,
  StoredFileNotFoundError,
} from './storage';

/** S3 parts are at least 5 MiB; 8 MiB parts bound the memory one upload holds. */
const PART_BYTES = 8 * 1024 * 1024;

export interface S3StorageOptions {
  bucket: string;
  endpoint?: string;
  region?: string;
  /** Key prefix inside the bucket (several portals may share one). */
  prefix?: string;
  /** Only for tests against a local fake; production takes the SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Keys per listing request (S3 answers at most 1000); tests page with a few. */
  listPageSize?: number;
  /** Where `withLocalFile` puts its temporary copies (the system's temporary folder by default). */
  localCopyDir?: string;
}

/** Prefix of the temporary folders `withLocalFile` copies into. */
const LOCAL_COPY = 'portal-s3-';

/**
 * Removes temporary local copies older than `before` (a process that died while reading one left it). The
 * folder is shared with other programs: only our own folders are looked at, one entry at a time.
 */
async function removeOldCopies(directory: string, before: Date): Promise<RemovedLeftovers> {
  const removed = { count: 0, bytes: 0 };
  for await (const entry of await opendir(directory)) {
    if (!entry.isDirectory() || !entry.name.startsWith(LOCAL_COPY)) continue;
    const folder = path.join(directory, entry.name);
    try {
      if ((await stat(folder)).mtime >= before) continue;
      for await (const copy of await opendir(folder)) {
        removed.bytes += (await stat(path.join(folder, copy.name))).size;
        removed.count += 1;
      }
      await rm(folder, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}

function isNotFound(error: unknown): boolean {
  const candidate = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    candidate.name === 'NotFound' ||
    candidate.name === 'NoSuchKey' ||
    candidate.$metadata?.httpStatusCode === 404
  );
}

/**
 * An S3-compatible bucket (ARCHITECTURE §5: shared by every server process). Uploads stream in 8 MiB parts
 * (multipart upload), so a 200 MB file never sits in memory; an upload that fails is aborted and leaves nothing.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region ?? 'us-east-1',
    // Checksums only where S3 requires them: S3-compatible stores do not all support the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const Bucket = options.bucket;
  const prefix = options.prefix ?? '';
  const keyOf = (storagePath: string) => `${prefix}${storagePath}`;
  const MaxKeys = options.listPageSize;
  const localCopyDir = options.localCopyDir ?? os.tmpdir();

  function listed(item: { Key?: string; Size?: number; LastModified?: Date }): StoredFile {
    const storagePath = item.Key!.slice(prefix.length);
    return {
      path: storagePath,
      name: baseName(storagePath),
      size: Number(item.Size ?? 0),
      lastModified: item.LastModified ?? new Date(0),
    };
  }

  /** Aborts multipart uploads begun before `before` whose process died before completing or aborting them. */
  async function abortOldUploads(before: Date): Promise<number> {
    let aborted = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const page = await client.send(
        new ListMultipartUploadsCommand({
          Bucket,
          Prefix: prefix || undefined,
          KeyMarker,
          UploadIdMarker,
          MaxUploads: MaxKeys,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
        await client.send(
          new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }),
        );
        aborted += 1;
      }
      KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (KeyMarker);
    return aborted;
  }

  async function statFile(storagePath: string): Promise<StoredFile | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(storagePath) }));
      return {
        path: storagePath,
        name: baseName(storagePath),
        size: Number(head.ContentLength ?? 0),
        lastModified: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Cuts `source` into parts of PART_BYTES (at most one part is held in memory). */
  async function* partsOf(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for await (const chunk of source) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= PART_BYTES) {
        const joined = Buffer.concat(pending, pendingBytes);
        yield joined.subarray(0, PART_BYTES);
        const rest = joined.subarray(PART_BYTES);
        pending = rest.length > 0 ? [rest] : [];
        pendingBytes = rest.length;
      }
    }
    if (pendingBytes > 0 || pending.length === 0) yield Buffer.concat(pending, pendingBytes);
  }

  return {
    kind: 's3',

    async save(storagePath, source, saveOptions = {}) {
      const Key = keyOf(storagePath);
      const limit = new ByteLimit(saveOptions.maxBytes);
      source.on('error', (error) => limit.destroy(error));
      source.pipe(limit);
      const parts = partsOf(limit);
      const first = await parts.next();
      const firstPart = first.done ? Buffer.alloc(0) : first.value;
      const second = first.done ? { done: true as const, value: undefined } : await parts.next();
      if (second.done) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: firstPart }));
        return { size: limit.bytes };
      }
      const created = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
      const UploadId = created.UploadId!;
      try {
        const uploaded: { ETag: string; PartNumber: number }[] = [];
        const upload = async (Body: Buffer) => {
          const PartNumber = uploaded.length + 1;
          const answer = await client.send(
            new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body }),
          );
          uploaded.push({ ETag: answer.ETag!, PartNumber });
        };
        await upload(firstPart);
        await upload(second.value);
        for await (const part of parts) await upload(part);
        await client.send(
          new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: uploaded } }),
        );
        return { size: limit.bytes };
      } catch (error) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
        source.resume();
        throw error;
      }
    },

    async open(storagePath) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(storagePath) }));
        return answer.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new StoredFileNotFoundError(storagePath);
        throw error;
      }
    },

    stat: statFile,

    async list(folder) {
      const files: StoredFile[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: keyOf(folder), Delimiter: '/', ContinuationToken }),
        );
        for (const item of page.Contents ?? []) if (item.Key) files.push(listed(item));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files.sort((a, b) => a.name.localeCompare(b.name, 'de'));
    },

    async *listAll() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken, MaxKeys }),
        );
        for (const item of page.Contents ?? []) if (item.Key) yield listed(item);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async removeLeftovers(before) {
      const uploads = await abortOldUploads(before);
      const copies = await removeOldCopies(localCopyDir, before);
      return { count: uploads + copies.count, bytes: copies.bytes };
    },

    async remove(storagePath) {
      if (!(await statFile(storagePath))) return false;
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(storagePath) }));
      return true;
    },

    async withLocalFile(storagePath, work) {
      const directory = await mkdtemp(path.join(localCopyDir, LOCAL_COPY));
      const local = path.join(directory, `${randomBytes(4).toString('hex')}-${baseName(storagePath)}`);
      try {
        await pipeline(await this.open(storagePath), createWriteStream(local));
        return await work(local);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  };
}
