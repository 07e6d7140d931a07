import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { WrongFormatError } from './sheet-source';

/**
 * Just enough of the zip format to stream single entries out of an .xlsx: the central directory is read
 * from the end of the file, each entry is inflated as a stream (no entry is ever held whole in memory).
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_EOCD_LOCATOR = 0x07064b50;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Reads the zip's directory; throws WrongFormatError for anything that is not a zip file. */
export async function readZipDirectory(path: string): Promise<Map<string, ZipEntry>> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 65_557);
    const tail = await readAt(handle, size - tailLength, tailLength);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new WrongFormatError('Die Datei ist keine gültige Excel-Datei (.xlsx).');
    let count = tail.readUInt16LE(eocd + 10);
    let directorySize = tail.readUInt32LE(eocd + 12);
    let directoryOffset = tail.readUInt32LE(eocd + 16);
    if (directoryOffset === 0xffffffff && eocd >= 20 && tail.readUInt32LE(eocd - 20) === ZIP64_EOCD_LOCATOR) {
      const zip64Offset = Number(tail.readBigUInt64LE(eocd - 12));
      const record = await readAt(handle, zip64Offset, 56);
      count = Number(record.readBigUInt64LE(32));
      directorySize = Number(record.readBigUInt64LE(40));
      directoryOffset = Number(record.readBigUInt64LE(48));
    }
    if (directoryOffset + directorySize > size) throw new WrongFormatError('Die Excel-Datei ist beschädigt.');
    const directory = await readAt(handle, directoryOffset, directorySize);
    const entries = new Map<string, ZipEntry>();
    let at = 0;
    for (let index = 0; index < count && at + 46 <= directory.length; index++) {
      if (directory.readUInt32LE(at) !== CENTRAL_SIGNATURE)
        throw new WrongFormatError('Die Excel-Datei ist beschädigt.');
      const method = directory.readUInt16LE(at + 10);
      let compressedSize = directory.readUInt32LE(at + 20);
      let uncompressedSize = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      let localHeaderOffset = directory.readUInt32LE(at + 42);
      const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
      // Zip64: sizes and offset that do not fit 32 bits sit in the extra field 0x0001, in this order.
      let extra = at + 46 + nameLength;
      const extraEnd = extra + extraLength;
      while (extra + 4 <= extraEnd) {
        const id = directory.readUInt16LE(extra);
        const length = directory.readUInt16LE(extra + 2);
        if (id === 0x0001) {
          let field = extra + 4;
          if (uncompressedSize === 0xffffffff) {
            uncompressedSize = Number(directory.readBigUInt64LE(field));
            field += 8;
          }
          if (compressedSize === 0xffffffff) {
            compressedSize = Number(directory.readBigUInt64LE(field));
            field += 8;
          }
          if (localHeaderOffset === 0xffffffff) localHeaderOffset = Number(directory.readBigUInt64LE(field));
        }
        extra += 4 + length;
      }
      entries.set(name, { name, method, compressedSize, uncompressedSize, localHeaderOffset });
      at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/**
 * The uncompressed content of one entry as a stream. `onCompressedBytes` reports the bytes read from the
 * file (for progress).
 */
export async function openZipEntry(
  path: string,
  entry: ZipEntry,
  onCompressedBytes?: (bytes: number) => void,
): Promise<Readable> {
  const handle = await open(path, 'r');
  let header: Buffer;
  try {
    header = await readAt(handle, entry.localHeaderOffset, 30);
  } finally {
    await handle.close();
  }
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) {
    throw new WrongFormatError('Die Excel-Datei ist beschädigt.');
  }
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.compressedSize === 0) return Readable.from([]);
  const raw = createReadStream(path, {
    start,
    end: start + entry.compressedSize - 1,
    highWaterMark: 256 * 1024,
  });
  if (onCompressedBytes) raw.on('data', (chunk) => onCompressedBytes(chunk.length));
  if (entry.method === 0) return raw;
  if (entry.method !== 8)
    throw new WrongFormatError('Die Excel-Datei verwendet eine unbekannte Komprimierung.');
  const inflate = createInflateRaw();
  raw.on('error', (error) => inflate.destroy(error));
  return raw.pipe(inflate);
}

/** A small entry (workbook.xml, its relations) as text. */
export async function readZipText(path: string, entry: ZipEntry): Promise<string> {
  const stream = await openZipEntry(path, entry);
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}
