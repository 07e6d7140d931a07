import type { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/**
 * Streaming ZIP archives (ARCHITECTURE §3 "archives": entries piped from storage to the response, never a
 * whole archive in memory). yazl writes each entry's local header before its data with CRC-32 and sizes in
 * a data descriptor, UTF-8 names, and switches to the Zip64 records by itself once offsets pass 4 GiB
 * (many files of up to 200 MB). Readers: yauzl (tests), Windows Explorer, macOS Archive Utility, Info-ZIP,
 * 7-Zip.
 */

export interface ZipSource {
  /** The entry's name in the archive (a file name; '/' would make folders). */
  name: string;
  /** Shown as the entry's modification time. */
  date: Date;
  /** Deflate the content (false for formats that are compressed already: PDF, images, Office files). */
  compress: boolean;
  /** Opens the content; called only when the entry's turn has come. */
  open(): Promise<Readable>;
}

export interface ZipOptions {
  /** Always write the Zip64 records (tests of the large-archive path without 4 GiB of data). */
  forceZip64?: boolean;
}

/** A regular file, rw-r--r--. */
const FILE_MODE = 0o100644;

/**
 * The archive of `sources` as a stream: each source is opened when its turn comes and read as fast as the
 * consumer takes the archive. A failing source fails the archive and nothing after it is opened. When the
 * consumer goes away (the browser cancels), the open source is closed.
 */
export function zipStream(sources: readonly ZipSource[], options: ZipOptions = {}): Readable {
  const zip = new ZipFile();
  // yazl's typings call it a NodeJS.ReadableStream; it is a PassThrough.
  const output = zip.outputStream as PassThrough;
  const forceZip64Format = options.forceZip64 === true;
  let current: Readable | undefined;
  let finished = false;

  // yazl emits a source's error on the ZipFile (it does not watch streams it is handed); the consumer
  // only sees the archive stream, so the error ends that stream.
  zip.on('error', (error: Error) => {
    current?.destroy();
    output.destroy(error);
  });
  output.on('end', () => {
    finished = true;
  });
  output.on('close', () => {
    if (!finished) current?.destroy();
  });

  for (const source of sources) {
    zip.addReadStreamLazy(
      source.name,
      { mtime: source.date, mode: FILE_MODE, compress: source.compress, forceZip64Format },
      (callback) => {
        if (output.destroyed) return;
        source.open().then(
          (content) => {
            if (output.destroyed) {
              content.destroy();
              return;
            }
            current = content;
            content.on('error', (error) => zip.emit('error', error));
            callback(null, content);
          },
          (error: Error) => callback(error, undefined as unknown as Readable),
        );
      },
    );
  }
  zip.end({ forceZip64Format, comment: '' });
  return output;
}
