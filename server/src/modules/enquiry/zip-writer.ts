import { Readable, Transform, type TransformCallback } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming ZIP writer (ARCHITECTURE §3 "archives": entries piped from storage to the response, never a
 * whole archive in memory). The server has no ZIP writer among its dependencies and the format needed
 * here is small: each entry's local header is written before its data, CRC-32 and sizes follow in a data
 * descriptor (general purpose bit 3), names are UTF-8 (bit 11), and the central directory closes the
 * archive. Offsets beyond 4 GiB (many files of up to 200 MB) switch to the Zip64 records; a single entry is
 * always far below 4 GiB (the upload limit), so local headers and data descriptors stay 32-bit.
 * Readers: yauzl (tests), Windows Explorer, macOS Archive Utility, Info-ZIP, 7-Zip.
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

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const FLAGS = 0x0008 | 0x0800;

function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** Counts and checksums the uncompressed bytes on their way to the deflater (or straight out). */
class Measure extends Transform {
  crc = 0;
  size = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.crc = crc32(chunk, this.crc);
    this.size += chunk.length;
    callback(null, chunk);
  }
}

interface Written {
  name: Buffer;
  method: number;
  time: number;
  day: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

function localHeader(name: Buffer, method: number, time: number, day: number): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(method, 8);
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(day, 12);
  // CRC and sizes (14..25) follow in the data descriptor.
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor(entry: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.compressedSize, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralEntry(entry: Written, zip64: boolean): Buffer {
  const offset64 = zip64 || entry.offset >= MAX32;
  const extra = Buffer.alloc(offset64 ? 12 : 0);
  if (offset64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(8, 2);
    extra.writeBigUInt64LE(BigInt(entry.offset), 4);
  }
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE((3 << 8) | 45, 4); // made by: Unix, spec 4.5
  header.writeUInt16LE(offset64 ? 45 : 20, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt16LE(entry.time, 12);
  header.writeUInt16LE(entry.day, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressedSize, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt32LE(0o100644 * 0x10000, 38); // external attributes: a regular file, rw-r--r--
  header.writeUInt32LE(offset64 ? MAX32 : entry.offset, 42);
  return Buffer.concat([header, entry.name, extra]);
}

function endRecords(count: number, directoryOffset: number, directorySize: number, force: boolean): Buffer {
  const zip64 = force || count >= MAX16 || directoryOffset >= MAX32 || directorySize >= MAX32;
  const parts: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE((3 << 8) | 45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(directorySize), 40);
    record.writeBigUInt64LE(BigInt(directoryOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? MAX16 : count, 8);
  end.writeUInt16LE(zip64 ? MAX16 : count, 10);
  end.writeUInt32LE(zip64 ? MAX32 : directorySize, 12);
  end.writeUInt32LE(zip64 ? MAX32 : directoryOffset, 16);
  parts.push(end);
  return Buffer.concat(parts);
}

async function* zipChunks(sources: readonly ZipSource[], options: ZipOptions): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for (const source of sources) {
    const name = Buffer.from(source.name, 'utf8');
    const method = source.compress ? 8 : 0;
    const { time, day } = dosDateTime(source.date);
    const header = localHeader(name, method, time, day);
    const entryOffset = offset;
    yield header;
    offset += header.length;
    const measure = new Measure();
    const content = await source.open();
    content.on('error', (error) => measure.destroy(error));
    const output = source.compress ? content.pipe(measure).pipe(createDeflateRaw()) : content.pipe(measure);
    if (source.compress) measure.on('error', (error) => output.destroy(error));
    let compressedSize = 0;
    try {
      for await (const chunk of output as AsyncIterable<Buffer>) {
        compressedSize += chunk.length;
        yield chunk;
      }
    } finally {
      content.destroy();
    }
    if (measure.size >= MAX32 || compressedSize >= MAX32) throw new Error('ZIP-Eintrag über 4 GiB');
    const entry = {
      name,
      method,
      time,
      day,
      crc: measure.crc,
      compressedSize,
      size: measure.size,
      offset: entryOffset,
    };
    written.push(entry);
    const descriptor = dataDescriptor(entry);
    yield descriptor;
    offset += compressedSize + descriptor.length;
  }
  const directory = Buffer.concat(written.map((entry) => centralEntry(entry, options.forceZip64 === true)));
  yield directory;
  yield endRecords(written.length, offset, directory.length, options.forceZip64 === true);
}

/**
 * The archive of `sources` as a stream: each source is opened when its turn comes and read as fast as the
 * consumer takes the archive. When the consumer goes away (the browser cancels), the open source is closed.
 */
export function zipStream(sources: readonly ZipSource[], options: ZipOptions = {}): Readable {
  return Readable.from(zipChunks(sources, options), { objectMode: false });
}
