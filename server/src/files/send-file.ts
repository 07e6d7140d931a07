import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A stored file as a download: type from the name, its length, attachment with the original name (also as
 * `x-filename` for the web app), never cached.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { name: string; size: number },
  stream: Readable,
): FastifyReply {
  reply.header('content-length', String(file.size));
  return sendAttachment(reply, file.name, contentTypeOf(file.name), stream);
}

/**
 * A download made for this request (a ZIP, an export, a report): the same headers as a stored file
 * (attachment under its name, `x-filename` for the web app, never cached), without a known length.
 */
export function sendAttachment(
  reply: FastifyReply,
  filename: string,
  contentType: string,
  body: Readable | Buffer,
): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', attachmentHeader(filename))
    .header('x-filename', encodeURIComponent(filename))
    .header('cache-control', 'no-store')
    .send(body);
}

/** RFC 6266 attachment header with an ASCII fallback and the UTF-8 name. */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replaceAll('"', '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

export function contentTypeOf(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
