import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { CatalogRecord, CatalogRefusal } from '@portal/domain/rules/catalog-record';
import { DatanormAssembler } from '@portal/domain/rules/datanorm-assembly';
import {
  classifyLine,
  cp850FromLatin1,
  type DatanormEncoding,
  EncodingEvidence,
  windows1252FromLatin1,
} from '@portal/domain/rules/datanorm-encoding';
import { DatanormGroupCollector, type DatanormGroups } from '@portal/domain/rules/datanorm-groups';
import { type DatanormHeader, parseDatanormHeader } from '@portal/domain/rules/datanorm-records';
import { WrongFormatError } from '../sheets/sheet-source';

const READ_CHUNK_BYTES = 1024 * 1024;
/** DATANORM lines are a few hundred characters; a "line" beyond this is no DATANORM file. */
const MAX_LINE_BYTES = 1024 * 1024;
const LF = 0x0a;
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

/**
 * Splits a stream of bytes into blocks of whole lines (LF, CRLF) without decoding them: each block ends
 * after a line break (except the file's last), the rest waits for the next read. A line break never sits inside a character of
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

const HIGH_BYTE = /[\x80-\xff]/;
/** Lines waiting for a line that decides the encoding; a file with more undecided lines is refused. */
const MAX_UNDECIDED_LINES = 100_000;
const MAX_UNDECIDED_CHARS = 32 * 1024 * 1024;

function decoderFor(encoding: DatanormEncoding): (line: string) => string {
  switch (encoding) {
    case 'utf-8':
      return (line) => Buffer.from(line, 'latin1').toString('utf8');
    case 'windows-1252':
      return windows1252FromLatin1;
    case 'cp850':
      return cp850FromLatin1;
    default:
      return (line) => line;
  }
}

/** Decoded lines of one read block with their line numbers (a batch per block, not a promise per line). */
interface LineBatch {
  texts: string[];
  numbers: number[];
}

/**
 * The lines of a file with their numbers, decoded: every line is read byte for byte first (latin1), lines
 * with bytes above 0x7F are judged (domain/rules/datanorm-encoding.ts) and wait until a line has decided the
 * encoding. A line contradicting the decided encoding, or a file that never decides, ends the reading with
 * WrongFormatError naming the lines.
 */
async function* decodedLines(path: string, onRead: (bytes: number) => void): AsyncGenerator<LineBatch> {
  const evidence = new EncodingEvidence();
  let decode: ((line: string) => string) | null = null;
  let undecided: [string, number][] = [];
  let undecidedChars = 0;
  const undecidedFull = () =>
    undecided.length >= MAX_UNDECIDED_LINES || undecidedChars >= MAX_UNDECIDED_CHARS;
  let line = 0;
  for await (const block of lineBlocks(path, onRead)) {
    const batch: LineBatch = { texts: [], numbers: [] };
    let text = block.toString('latin1');
    if (line === 0 && text.startsWith('\xef\xbb\xbf')) {
      text = text.slice(3);
      evidence.note(1, 'utf-8');
    }
    if (line === 0 && !text.startsWith('V')) {
      throw new WrongFormatError(
        'Die Datei ist keine DATANORM-Datei: Die erste Zeile ist kein Vorlaufsatz (V).',
      );
    }
    const lines = text.split('\n');
    // The block ends with a line break except at the end of the file: then the last element is a line too.
    const count = text.endsWith('\n') ? lines.length - 1 : lines.length;
    for (let index = 0; index < count; index++) {
      line++;
      let content = lines[index]!;
      if (content.endsWith('\r')) content = content.slice(0, -1);
      // DOS programs end a file with Ctrl-Z (0x1A); it is no content.
      if (content.endsWith('\x1a')) content = content.replace(DOS_END_OF_FILE, '');
      if (HIGH_BYTE.test(content)) {
        evidence.note(line, classifyLine(content));
        const settled = evidence.settled();
        if (settled && 'error' in settled) throw new WrongFormatError(settled.error);
        if (!decode && settled) {
          decode = decoderFor(settled.encoding);
          for (const [waiting, number] of undecided) {
            batch.texts.push(decode(waiting));
            batch.numbers.push(number);
          }
          undecided = [];
          undecidedChars = 0;
        }
        if (!decode) {
          if (undecidedFull()) break;
          undecided.push([content, line]);
          undecidedChars += content.length;
          continue;
        }
        content = decode(content);
      } else if (!decode && undecided.length > 0) {
        if (undecidedFull()) break;
        undecided.push([content, line]);
        undecidedChars += content.length;
        continue;
      }
      batch.texts.push(content);
      batch.numbers.push(line);
    }
    if (batch.texts.length > 0) yield batch;
    if (undecidedFull()) break;
  }
  if (undecided.length > 0) {
    const decision = evidence.decide();
    if ('error' in decision) throw new WrongFormatError(decision.error);
    const last = decoderFor(decision.encoding);
    yield {
      texts: undecided.map(([waiting]) => last(waiting)),
      numbers: undecided.map(([, number]) => number),
    };
  }
}

/** The header record, refused when it is none or names prices in another currency than euros (SPEC §9). */
function checkedHeader(content: string): DatanormHeader {
  const header = parseDatanormHeader(content);
  if ('error' in header) throw new WrongFormatError(header.error);
  if (header.currency !== null && header.currency !== 'EUR') {
    throw new WrongFormatError(
      `Die Preise der Datei sind in „${header.currency}“ angegeben (Vorlaufsatz); das Portal rechnet in Euro.`,
    );
  }
  return header;
}

/**
 * A DATANORM 4 or 5 file (article data DATANORM.001 or prices DATPREIS.001) read as catalog records, in
 * chunks, never whole in memory, in one pass: the lines decide the text encoding as they come (mixed or
 * ambiguous files are refused with the line named). Throws WrongFormatError (SPEC §8: 417) when the file
 * is no DATANORM file or its encoding cannot be told; records the reader cannot use come as refusals with
 * their line.
 */
export async function* readDatanorm(
  path: string,
  options: DatanormOptions = {},
): AsyncGenerator<DatanormChunk> {
  const chunkRecords = options.chunkRecords ?? 5000;
  const size = (await stat(path)).size;
  let bytesRead = 0;
  const progress = () => (size === 0 ? 1 : Math.min(1, bytesRead / size));
  let assembler: DatanormAssembler | null = null;
  const batches = decodedLines(path, (bytes) => {
    bytesRead += bytes;
  });
  for await (const { texts, numbers } of batches) {
    for (let index = 0; index < texts.length; index++) {
      const content = texts[index]!;
      if (assembler === null) {
        assembler = new DatanormAssembler(checkedHeader(content));
        continue;
      }
      assembler.push(content, numbers[index]!);
      if (assembler.size >= chunkRecords) yield { ...assembler.drain(), progress: progress() };
    }
  }
  if (assembler === null) throw new WrongFormatError('Die Datei ist leer.');
  assembler.finish();
  yield { ...assembler.drain(), progress: 1 };
}

/** Group files are a few hundred lines; more than this is no DATANORM.RAB or DATANORM.WRG. */
const MAX_GROUP_LINES = 200_000;

/**
 * A DATANORM discount group file (DATANORM.RAB, R records) or product group file (DATANORM.WRG, S records)
 * read whole: the same header and encoding checks as the article file (WrongFormatError naming the line),
 * records of other kinds refused with their line (domain/rules/datanorm-groups.ts).
 */
export async function readDatanormGroups(path: string): Promise<DatanormGroups> {
  let collector: DatanormGroupCollector | null = null;
  let lines = 0;
  for await (const { texts, numbers } of decodedLines(path, () => {})) {
    for (let index = 0; index < texts.length; index++) {
      const content = texts[index]!;
      if (collector === null) {
        collector = new DatanormGroupCollector(checkedHeader(content).version);
        continue;
      }
      if (++lines > MAX_GROUP_LINES) {
        throw new WrongFormatError(
          `Die Datei hat mehr als ${MAX_GROUP_LINES.toLocaleString('de-DE')} Zeilen und ist keine Rabatt- oder Warengruppendatei.`,
        );
      }
      collector.push(content, numbers[index]!);
    }
  }
  if (collector === null) throw new WrongFormatError('Die Datei ist leer.');
  return collector.result();
}
