import { randomBytes } from 'node:crypto';
import http from 'node:http';

/**
 * A tiny S3-compatible server on loopback for the storage tests: objects, multipart uploads (and their
 * listing), list with prefix, delimiter and pages (max-keys, continuation-token), head, get and delete
 * (path-style URLs, no authentication checked).
 */
export interface FakeS3 {
  url: string;
  objects: Map<string, { body: Buffer; modified: Date }>;
  /** Bytes of the largest request body received (a multipart part or a single PUT). */
  largestRequest: number;
  /** Multipart uploads begun and neither completed nor aborted. */
  readonly pendingUploads: number;
  /** Key and start of each pending multipart upload by its id (a test may backdate `initiated`). */
  uploadsBegun: Map<string, { key: string; initiated: Date }>;
  /** Listing requests answered (object and upload listings), to see that a listing went page by page. */
  readonly listRequests: number;
  /** While true, every part upload is refused (403), as a bucket that ran out of quota or rights would. */
  refuseParts: boolean;
  close(): Promise<void>;
}

const xmlEscape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export async function startFakeS3(bucket: string): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; modified: Date }>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const uploadsBegun = new Map<string, { key: string; initiated: Date }>();
  const state = { largestRequest: 0, refuseParts: false, listRequests: 0 };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    state.largestRequest = Math.max(state.largestRequest, body.length);
    const [, bucketName, ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const send = (status: number, xml = '', headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/xml', ...headers });
      response.end(xml);
    };
    if (bucketName !== bucket) return send(404, '<Error><Code>NoSuchBucket</Code></Error>');
    const uploadId = url.searchParams.get('uploadId');
    if (request.method === 'GET' && !key && url.searchParams.has('uploads')) {
      state.listRequests += 1;
      const prefix = url.searchParams.get('prefix') ?? '';
      const listed = [...uploadsBegun.entries()]
        .filter(([, upload]) => upload.key.startsWith(prefix))
        .map(
          ([id, upload]) =>
            `<Upload><Key>${xmlEscape(upload.key)}</Key><UploadId>${id}</UploadId><Initiated>${upload.initiated.toISOString()}</Initiated></Upload>`,
        );
      return send(
        200,
        `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${listed.join('')}</ListMultipartUploadsResult>`,
      );
    }
    if (request.method === 'GET' && !key) {
      state.listRequests += 1;
      const prefix = url.searchParams.get('prefix') ?? '';
      const delimiter = url.searchParams.get('delimiter');
      const after = url.searchParams.get('continuation-token') ?? '';
      const maxKeys = Number(url.searchParams.get('max-keys') ?? 1000);
      const matching = [...objects.keys()]
        .filter(
          (name) =>
            name.startsWith(prefix) &&
            name > after &&
            !(delimiter && name.slice(prefix.length).includes(delimiter)),
        )
        .sort();
      const page = matching.slice(0, maxKeys);
      const truncated = matching.length > maxKeys;
      const contents = page.map((name) => {
        const object = objects.get(name)!;
        return `<Contents><Key>${xmlEscape(name)}</Key><Size>${object.body.length}</Size><LastModified>${object.modified.toISOString()}</LastModified></Contents>`;
      });
      const next = truncated
        ? `<NextContinuationToken>${xmlEscape(page.at(-1)!)}</NextContinuationToken>`
        : '';
      return send(
        200,
        `<ListBucketResult><Name>${bucket}</Name><IsTruncated>${truncated}</IsTruncated>${next}${contents.join('')}</ListBucketResult>`,
      );
    }
    if (request.method === 'POST' && url.searchParams.has('uploads')) {
      const id = randomBytes(8).toString('hex');
      uploads.set(id, new Map());
      uploadsBegun.set(id, { key, initiated: new Date() });
      return send(
        200,
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (request.method === 'PUT' && uploadId) {
      if (state.refuseParts) return send(403, '<Error><Code>AccessDenied</Code></Error>');
      uploads.get(uploadId)?.set(Number(url.searchParams.get('partNumber')), body);
      return send(200, '', { etag: `"part-${url.searchParams.get('partNumber')}"` });
    }
    if (request.method === 'POST' && uploadId) {
      const parts = uploads.get(uploadId);
      if (!parts) return send(404, '<Error><Code>NoSuchUpload</Code></Error>');
      const ordered = [...parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part);
      objects.set(key, { body: Buffer.concat(ordered), modified: new Date() });
      uploads.delete(uploadId);
      uploadsBegun.delete(uploadId);
      return send(
        200,
        `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`,
      );
    }
    if (request.method === 'DELETE' && uploadId) {
      uploads.delete(uploadId);
      uploadsBegun.delete(uploadId);
      return send(204);
    }
    if (request.method === 'PUT') {
      objects.set(key, { body, modified: new Date() });
      return send(200, '', { etag: '"put"' });
    }
    const object = objects.get(key);
    if (request.method === 'DELETE') {
      objects.delete(key);
      return send(204);
    }
    if (!object) {
      if (request.method === 'HEAD') return send(404);
      return send(404, `<Error><Code>NoSuchKey</Code><Key>${xmlEscape(key)}</Key></Error>`);
    }
    const headers = {
      'content-type': 'application/octet-stream',
      'content-length': String(object.body.length),
      'last-modified': object.modified.toUTCString(),
      etag: '"x"',
    };
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : object.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    get largestRequest() {
      return state.largestRequest;
    },
    get pendingUploads() {
      return uploads.size;
    },
    uploadsBegun,
    get listRequests() {
      return state.listRequests;
    },
    get refuseParts() {
      return state.refuseParts;
    },
    set refuseParts(value: boolean) {
      state.refuseParts = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
