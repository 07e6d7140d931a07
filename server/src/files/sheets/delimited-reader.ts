import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { TextDecoder } from 'node:util';
import { restoreCsvCell } from '@portal/domain/rules/csv';
import { type Delimiter, detectDelimiter, parseDelimited } from '@portal/domain/rules/delimited-text';
import { type SheetRow, type SheetSource, WrongFormatError } from './sheet-source';

/** A record still open after this many characters is a quote that never closes. */
const MAX_PENDING_CHARS = 16 * 1024 * 1024;
const READ_CHUNK_BYTES = 1024 * 1024;

type Encoding = 'utf-8' | 'utf-16le' | 'windows-1252';

/**
 * The text encoding of a file from its first bytes: a byte-order mark decides; else UTF-8 when the start
 * is valid UTF-8, otherwise Windows-1252 (what German spreadsheet programs write as "CSV").
 */
export function detectEncoding(head: Buffer): { encoding: Encoding; bomLength: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  // A multi-byte character may be cut at the end of the sample: leave that incomplete sequence out.
  let end = head.length;
  for (let back = 1; back <= Math.min(3, head.length); back++) {
    const byte = head[head.length - back]!;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      if (length > back) end = head.length - back;
      break;
    }
    if (byte < 0x80) break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return { encoding: 'utf-8', bomLength: 0 };
  } catch {
    // not UTF-8
  }
  return { encoding: 'windows-1252', bomLength: 0 };
}

/** Binary content (NUL bytes, many control characters) is no text table, whatever the file is called. */
function looksBinary(text: string): boolean {
  if (text.includes('\u0000')) return true;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: counting control characters is the point
  const controls = text.match(/[\u0001-\u0008\u000b\u000c\u000e-\u001f]/g)?.length ?? 0;
  return controls > Math.max(8, text.length / 200);
}

/** A file exported by the portal carries formula guards (ASVS 1.2.10); its cells come back without them. */
function restored(cells: string[]): string[] {
  for (let index = 0; index < cells.length; index++) cells[index] = restoreCsvCell(cells[index]!);
  return cells;
}

export interface DelimitedOptions {
  /** `.txt` files prefer the tab as delimiter. */
  preferTab?: boolean;
  /** Rows per chunk handed on. */
  chunkRows?: number;
}

/** A CSV or text file read as a stream (SPEC §5 import formats .csv and .txt). */
export async function openDelimited(path: string, options: DelimitedOptions = {}): Promise<SheetSource> {
  const size = (await stat(path)).size;
  const chunkRows = options.chunkRows ?? 5000;
  let bytesRead = 0;

  async function* chunks(): AsyncGenerator<SheetRow[]> {
    const stream = createReadStream(path, { highWaterMark: READ_CHUNK_BYTES });
    let decoder: TextDecoder | null = null;
    let delimiter: Delimiter = ';';
    let pending = '';
    // A record longer than a read chunk is parsed again only once its text has doubled: each character is
    // parsed a bounded number of times, so reading stays linear in the file size.
    let parseAt = 0;
    let line = 0;
    let out: SheetRow[] = [];
    let first = true;
    try {
      for await (const buffer of stream as AsyncIterable<Buffer>) {
        bytesRead += buffer.length;
        let text: string;
        if (!decoder) {
          const { encoding, bomLength } = detectEncoding(buffer.subarray(0, 64 * 1024));
          decoder = new TextDecoder(encoding);
          text = decoder.decode(buffer.subarray(bomLength), { stream: true });
          if (looksBinary(text.slice(0, 64 * 1024)))
            throw new WrongFormatError('Die Datei ist keine Texttabelle.');
        } else {
          text = decoder.decode(buffer, { stream: true });
        }
        pending += text;
        if (first) {
          first = false;
          // Excel writes "sep=;" as first line when asked to name the separator.
          const sep = /^sep=(.)\r?\n/i.exec(pending);
          if (sep) pending = pending.slice(sep[0].length);
          delimiter =
            (sep?.[1] as Delimiter | undefined) ??
            detectDelimiter(pending.slice(0, 256 * 1024), options.preferTab);
        }
        if (pending.length < parseAt) continue;
        const parsed = parseDelimited(pending, delimiter, false);
        pending = pending.slice(parsed.consumed);
        parseAt = 2 * pending.length;
        if (pending.length > MAX_PENDING_CHARS) {
          throw new WrongFormatError(`Ein Anführungszeichen in Zeile ${line + 1} wird nicht geschlossen.`);
        }
        for (const cells of parsed.records) {
          line++;
          out.push({ line, cells: restored(cells) });
          if (out.length >= chunkRows) {
            yield out;
            out = [];
          }
        }
      }
      pending += decoder?.decode() ?? '';
      const parsed = parseDelimited(pending, delimiter, true);
      for (const cells of parsed.records) {
        line++;
        out.push({ line, cells: restored(cells) });
      }
      if (out.length > 0) yield out;
    } finally {
      stream.destroy();
    }
  }

  return {
    chunks,
    progress: () => (size === 0 ? 1 : Math.min(1, bytesRead / size)),
    estimatedRows: () => null,
  };
}
