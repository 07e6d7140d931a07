import type { Readable } from 'node:stream';
import { type Cell, type SheetRow, type SheetSource, WrongFormatError } from './sheet-source';
import { openZipEntry, readZipDirectory, readZipText, type ZipEntry } from './zip';

/**
 * A streaming .xlsx reader: the first worksheet's XML is inflated and scanned row by row, the shared
 * strings are read once. Unlike reading the whole workbook (which needs about 4 KB per cell), memory stays
 * at the shared strings plus one chunk of rows, so 100,000-row catalogs read in seconds with little memory.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML entities and Excel's `_xHHHH_` escapes (e.g. `_x000D_` for a carriage return). */
export function decodeXmlText(text: string): string {
  let result = text;
  if (result.includes('&')) {
    result = result.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
      if (entity[0] === '#') {
        const code =
          entity[1] === 'x' || entity[1] === 'X'
            ? Number.parseInt(entity.slice(2), 16)
            : Number(entity.slice(1));
        return String.fromCodePoint(code);
      }
      return ENTITIES[entity.toLowerCase()] ?? '';
    });
  }
  if (result.includes('_x')) {
    result = result.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
  return result;
}

/** Column index of a cell reference: A1 → 0, Z9 → 25, AA1 → 26. */
export function columnIndex(reference: string): number {
  let index = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
}

/** Concatenated text of all `<t>` elements of a shared string or inline string, phonetic runs left out. */
function richText(xml: string): string {
  const withoutPhonetic = xml.includes('rPh') ? xml.replace(/<(\w+:)?rPh\b[\s\S]*?<\/(\w+:)?rPh>/g, '') : xml;
  let text = '';
  for (const match of withoutPhonetic.matchAll(/<(?:\w+:)?t(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?t>/g)) {
    text += match[1];
  }
  return decodeXmlText(text);
}

/**
 * Hands every complete `<tag …>…</tag>` element of an XML stream to `onElement`, in order, keeping only
 * the unfinished tail between chunks.
 */
async function scanElements(
  stream: Readable,
  tag: string,
  onElement: (xml: string) => void | Promise<void>,
  onPrefix?: (text: string) => void,
): Promise<void> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let prefixSeen = false;
  let open = '';
  let close = '';
  for await (const chunk of stream) {
    pending += decoder.decode(chunk as Buffer, { stream: true });
    if (!prefixSeen) {
      // Namespace prefixes (<x:row>) are used by some producers; learn it from the first element.
      const found = new RegExp(`<(\\w+:)?${tag}[\\s>/]`).exec(pending);
      if (!found) {
        if (pending.length > 1024 * 1024) onPrefix?.(pending);
        continue;
      }
      prefixSeen = true;
      onPrefix?.(pending.slice(0, found.index));
      open = `<${found[1] ?? ''}${tag}`;
      close = `</${found[1] ?? ''}${tag}>`;
    }
    let consumedUpTo = 0;
    let start = pending.indexOf(open);
    while (start >= 0) {
      const tagEnd = pending.indexOf('>', start);
      if (tagEnd < 0) break;
      const after = pending[start + open.length];
      if (
        after !== ' ' &&
        after !== '>' &&
        after !== '/' &&
        after !== '\t' &&
        after !== '\n' &&
        after !== '\r'
      ) {
        // A longer tag name with the same start (<rowBreaks>): not ours.
        consumedUpTo = start + 1;
        start = pending.indexOf(open, start + 1);
        continue;
      }
      let end: number;
      if (pending[tagEnd - 1] === '/') end = tagEnd + 1;
      else {
        const closeAt = pending.indexOf(close, tagEnd);
        if (closeAt < 0) break;
        end = closeAt + close.length;
      }
      await onElement(pending.slice(start, end));
      consumedUpTo = end;
      start = pending.indexOf(open, end);
    }
    // Keep an element still incomplete (from `start`), else only what follows the last complete one.
    pending = pending.slice(start >= 0 ? start : consumedUpTo);
  }
}

async function readSharedStrings(path: string, entry: ZipEntry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  await scanElements(await openZipEntry(path, entry), 'si', (xml) => {
    strings.push(richText(xml));
  });
  return strings;
}

/** The first worksheet's entry, found through workbook.xml and its relations. */
async function firstSheet(path: string, entries: Map<string, ZipEntry>): Promise<ZipEntry> {
  const workbook = entries.get('xl/workbook.xml');
  const relations = entries.get('xl/_rels/workbook.xml.rels');
  if (workbook && relations) {
    const sheetTag = /<(?:\w+:)?sheet\b[^>]*?\br:id="([^"]+)"/.exec(await readZipText(path, workbook));
    if (sheetTag) {
      const relationXml = await readZipText(path, relations);
      for (const relation of relationXml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
        if (!relation[0].includes(`Id="${sheetTag[1]}"`)) continue;
        const target = /Target="([^"]+)"/.exec(relation[0])?.[1] ?? '';
        const name = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
        const entry = entries.get(name);
        if (entry) return entry;
      }
    }
  }
  const fallback =
    entries.get('xl/worksheets/sheet1.xml') ??
    [...entries.values()].find((entry) => /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name));
  if (!fallback) throw new WrongFormatError('Die Excel-Datei enthält kein Tabellenblatt.');
  return fallback;
}

const CELL = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g;
const VALUE = /<(?:\w+:)?v>([\s\S]*?)<\/(?:\w+:)?v>/;

/** The cells of one `<row>` element. */
export function parseRow(xml: string, sharedStrings: readonly string[]): Cell[] {
  const cells: Cell[] = [];
  let next = 0;
  for (const match of xml.matchAll(CELL)) {
    const attributes = match[1] ?? '';
    const body = match[2];
    const reference = /\br="([A-Z]+)\d*"/.exec(attributes)?.[1];
    const index = reference ? columnIndex(reference) : next;
    next = index + 1;
    if (body === undefined) continue;
    const type = /\bt="(\w+)"/.exec(attributes)?.[1] ?? 'n';
    let value: Cell = null;
    if (type === 'inlineStr') value = richText(body);
    else {
      const raw = VALUE.exec(body)?.[1];
      if (raw === undefined) continue;
      if (type === 's') value = sharedStrings[Number(raw)] ?? '';
      else if (type === 'n') value = raw === '' ? null : Number(raw);
      else if (type === 'b') value = raw === '1';
      else if (type === 'e') value = null;
      else value = decodeXmlText(raw);
    }
    cells[index] = value;
  }
  return cells;
}

/** SPEC §5 import format .xlsx, streamed. */
export async function openXlsx(path: string, options: { chunkRows?: number } = {}): Promise<SheetSource> {
  const chunkRows = options.chunkRows ?? 5000;
  const entries = await readZipDirectory(path);
  const sheet = await firstSheet(path, entries);
  let consumed = 0;
  let estimated: number | null = null;

  async function* chunks(): AsyncGenerator<SheetRow[]> {
    const sharedStrings = await readSharedStrings(path, entries.get('xl/sharedStrings.xml'));
    const stream = await openZipEntry(path, sheet, (bytes) => {
      consumed += bytes;
    });
    // scanElements pushes rows; the generator hands them on in chunks (bounded by the stream's pace).
    const queue: SheetRow[][] = [];
    let current: SheetRow[] = [];
    let lastLine = 0;
    let done = false;
    let cancelled = false;
    let failure: unknown = null;
    let wake: (() => void) | null = null;
    const notify = () => {
      wake?.();
      wake = null;
    };
    const scanning = scanElements(
      stream,
      'row',
      async (xml) => {
        if (cancelled) throw new Error('cancelled');
        const lineAttribute = /^<(?:\w+:)?row\b[^>]*?\br="(\d+)"/.exec(xml)?.[1];
        lastLine = lineAttribute ? Number(lineAttribute) : lastLine + 1;
        current.push({ line: lastLine, cells: parseRow(xml, sharedStrings) });
        if (current.length >= chunkRows) {
          queue.push(current);
          current = [];
          notify();
          // Back-pressure: wait while the consumer has two chunks still to take.
          while (queue.length >= 2 && !cancelled) await new Promise<void>((resolve) => setImmediate(resolve));
        }
      },
      (head) => {
        const dimension = /<(?:\w+:)?dimension\b[^>]*\bref="[A-Z]+(\d+)(?::[A-Z]+(\d+))?"/.exec(head);
        if (dimension) estimated = Number(dimension[2] ?? dimension[1]);
      },
    )
      .then(() => {
        if (current.length > 0) queue.push(current);
      })
      .catch((error: unknown) => {
        failure = error;
      })
      .finally(() => {
        done = true;
        notify();
      });
    try {
      for (;;) {
        const chunk = queue.shift();
        if (chunk) {
          yield chunk;
          continue;
        }
        if (failure) {
          throw failure instanceof WrongFormatError
            ? failure
            : new WrongFormatError('Die Excel-Datei ist beschädigt und kann nicht gelesen werden.');
        }
        if (done) break;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    } finally {
      // The consumer may stop early (header row found): end the scan too.
      cancelled = true;
      stream.destroy();
      await scanning;
    }
  }

  return {
    chunks,
    progress: () => (sheet.compressedSize === 0 ? 1 : Math.min(1, consumed / sheet.compressedSize)),
    estimatedRows: () => estimated,
  };
}
