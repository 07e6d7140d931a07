import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { TextDecoder } from 'node:util';
import type { CatalogRecord, CatalogRefusal } from '@portal/domain/rules/catalog-record';
import { DatanormAssembler } from '@portal/domain/rules/datanorm-assembly';
import {
  classifyLine,
  cp850FromLatin1,
  type DatanormEncoding,
  EncodingEvidence,
} from '@portal/domain/rules/datanorm-encoding';
import { parseDatanormHeader } from '@portal/domain/rules/datanorm-records';
import { WrongFormatError } from '../sheets/sheet-source';

const READ_CHUNK_BYTES = 1024 * 1024;
/** DATANORM lines are a few hundred characters; a "line" beyond this is no DATANORM file. */
const MAX_LINE_BYTES = 1024 * 1024;
const LF = 0x0a;
const CR = 0x0d;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the DOS end-of-file byte is the point
const DOS_END_OF_FILE = /\x1a+$/;

export interface DatanormOptions {
  /** Records (and refusals) per chunk handed on. */
  chunkRecords?: number;
}

export interface DatanormChunk {
  records: CatalogRecord[];
  refusals: CatalogRefusal[];
  /** Share of the file read so far (0-1). */
  progress: number;
}

function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * Splits a stream of bytes into whole lines (LF, CRLF) without decoding them: `onLines` gets a buffer that
 * ends after a line break, the rest waits for the next read. A line break never sits inside a character of
 * UTF-8, CP850 or Windows-1252, so each piece decodes on its own.
 */
async function* lineBlocks(path: string, onRead: (bytes: number) => void): AsyncGenerator<Buffer> {
  const stream = createReadStream(path, { highWaterMark: READ_CHUNK_BYTES });
  let carry: Buffer | null = null;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      onRead(chunk.length);
      const bytes: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const lastBreak = bytes.lastIndexOf(LF);
      if (lastBreak < 0) {
        if (bytes.length > MAX_LINE_BYTES) throw new WrongFormatError('Die Datei ist keine DATANORM-Datei.');
        carry = bytes;
        continue;
      }
      carry = lastBreak + 1 < bytes.length ? Buffer.from(bytes.subarray(lastBreak + 1)) : null;
      yield bytes.subarray(0, lastBreak + 1);
    }
    if (carry) yield carry;
  } finally {
    stream.destroy();
  }
}

const HIGH_BYTE = /[\x80-\xff]/g;

/**
 * First pass: reads every line's bytes and decides the encoding (domain/rules/datanorm-encoding.ts). Only
 * lines with bytes above 0x7F are looked at closely; the rest is counted.
 */
async function detectEncoding(path: string): Promise<DatanormEncoding> {
  const evidence = new EncodingEvidence();
  let line = 0;
  let first = true;
  for await (const block of lineBlocks(path, () => {})) {
    if (first) {
      first = false;
      const start = hasUtf8Bom(block) ? 3 : 0;
      if (block[start] !== 0x56 /* V */) {
        throw new WrongFormatError(
          'Die Datei ist keine DATANORM-Datei: Die erste Zeile ist kein Vorlaufsatz (V).',
        );
      }
      if (start === 3) evidence.note(1, 'utf-8');
    }
    const text = block.toString('latin1');
    let counted = 0;
    HIGH_BYTE.lastIndex = 0;
    for (let hit = HIGH_BYTE.exec(text); hit !== null; hit = HIGH_BYTE.exec(text)) {
      const lineStart = text.lastIndexOf('\n', hit.index) + 1;
      for (let at = text.indexOf('\n', counted); at >= 0 && at < lineStart; at = text.indexOf('\n', at + 1)) {
        line++;
        counted = at + 1;
      }
      const breakAt = text.indexOf('\n', hit.index);
      const lineEnd = breakAt < 0 ? text.length : breakAt;
      const end = lineEnd > lineStart && block[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd;
      const start = line === 0 && hasUtf8Bom(block) ? 3 : lineStart;
      evidence.note(line + 1, classifyLine(block, start, end));
      if (breakAt < 0) break;
      HIGH_BYTE.lastIndex = breakAt + 1;
    }
    for (let at = text.indexOf('\n', counted); at >= 0; at = text.indexOf('\n', at + 1)) line++;
  }
  const decision = evidence.decide();
  if ('error' in decision) throw new WrongFormatError(decision.error);
  return decision.encoding;
}

function decoderFor(encoding: DatanormEncoding): (bytes: Buffer) => string {
  switch (encoding) {
    case 'utf-8':
      return (bytes) => bytes.toString('utf8');
    case 'windows-1252': {
      const decoder = new TextDecoder('windows-1252');
      return (bytes) => decoder.decode(bytes);
    }
    case 'cp850':
      return (bytes) => cp850FromLatin1(bytes.toString('latin1'));
    default:
      return (bytes) => bytes.toString('latin1');
  }
}

/**
 * A DATANORM 4 or 5 file (article data DATANORM.001 or prices DATPREIS.001) read as catalog records, in
 * chunks, never whole in memory: a first pass decides the text encoding (refusing ambiguous or mixed files
 * with the line named), the second reads the records. Throws WrongFormatError (SPEC §8: 417) when the file
 * is no DATANORM file or its encoding cannot be told; records the reader cannot use come as refusals with
 * their line.
 */
export async function* readDatanorm(
  path: string,
  options: DatanormOptions = {},
): AsyncGenerator<DatanormChunk> {
  const chunkRecords = options.chunkRecords ?? 5000;
  const size = (await stat(path)).size;
  const encoding = await detectEncoding(path);
  const decode = decoderFor(encoding);
  let bytesRead = 0;
  const progress = () => (size === 0 ? 1 : Math.min(1, bytesRead / size));
  let assembler: DatanormAssembler | null = null;
  let line = 0;
  for await (const block of lineBlocks(path, (bytes) => {
    bytesRead += bytes;
  })) {
    const text = decode(line === 0 && hasUtf8Bom(block) ? block.subarray(3) : block);
    const lines = text.split('\n');
    // The piece ends with a line break except at the end of the file: the last element is that line's rest.
    const count = text.endsWith('\n') ? lines.length - 1 : lines.length;
    for (let index = 0; index < count; index++) {
      line++;
      let content = lines[index]!;
      if (content.endsWith('\r')) content = content.slice(0, -1);
      // DOS programs end a file with Ctrl-Z (0x1A); it is no content.
      content = content.replace(DOS_END_OF_FILE, '');
      if (assembler === null) {
        const header = parseDatanormHeader(content);
        if ('error' in header) throw new WrongFormatError(header.error);
        if (header.currency !== null && header.currency !== 'EUR') {
          throw new WrongFormatError(
            `Die Preise der Datei sind in „${header.currency}“ angegeben (Vorlaufsatz); das Portal rechnet in Euro.`,
          );
        }
        assembler = new DatanormAssembler(header);
        continue;
      }
      assembler.push(content, line);
      if (assembler.size >= chunkRecords) yield { ...assembler.drain(), progress: progress() };
    }
  }
  if (assembler === null) throw new WrongFormatError('Die Datei ist leer.');
  assembler.finish();
  yield { ...assembler.drain(), progress: 1 };
}
