import type { Readable } from 'node:stream';
import { type SheetRow, WrongFormatError } from './sheet-source';
import { allSharedStrings, collectSharedStrings, collectSheetRows, LaterSharedStrings } from './sheet-xml';
import { checkUnpackLimits, type UnpackLimits } from './unpack-limits';
import { createXmlParser, feedXml, localName, parseXml } from './xml-stream';
import { openZip, type ZipArchive, type ZipEntry } from './zip';

/**
 * Reading an .xlsx on the current thread: the first worksheet's XML is unpacked and parsed as a stream, the
 * shared strings are read once before it. Memory stays at the shared strings plus one chunk of rows, time is
 * linear in the unpacked size, and a file that would unpack beyond the limits is refused before anything is
 * unpacked. `xlsx-reader.ts` decides whether this runs here or on a worker thread.
 */

interface XlsxParts {
  sheet: ZipEntry;
  sharedStrings: ZipEntry | undefined;
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELATIONS = 'xl/_rels/workbook.xml.rels';

/** The parts read to find the first sheet: workbook.xml and its relations. */
function workbookParts(zip: ZipArchive): ZipEntry[] {
  return [WORKBOOK, WORKBOOK_RELATIONS].flatMap((name) => zip.entries.get(name) ?? []);
}

/** What `pick` finds in the first element of a small part it finds anything in; null when none. */
async function findInPart<T>(
  zip: ZipArchive,
  entry: ZipEntry,
  pick: (tag: { name: string; attributes: Record<string, string> }) => T | null,
): Promise<T | null> {
  let found: T | null = null;
  const parser = createXmlParser();
  parser.on('opentag', (tag) => {
    found ??= pick(tag);
  });
  await parseXml(await zip.open(entry), parser);
  return found;
}

/** The target of the first `<sheet>` of workbook.xml, as an entry name; null when the workbook does not say. */
async function firstSheetName(zip: ZipArchive): Promise<string | null> {
  const workbook = zip.entries.get(WORKBOOK);
  const relations = zip.entries.get(WORKBOOK_RELATIONS);
  if (!workbook || !relations) return null;
  const relationId = await findInPart(zip, workbook, (tag) =>
    localName(tag.name) === 'sheet'
      ? // The relationship namespace's prefix varies (r:id, x:id): the one id attribute with a prefix.
        (Object.entries(tag.attributes).find(([name]) => name.endsWith(':id'))?.[1] ?? null)
      : null,
  );
  if (relationId === null) return null;
  const target = await findInPart(zip, relations, (tag) =>
    localName(tag.name) === 'Relationship' && tag.attributes.Id === relationId
      ? (tag.attributes.Target ?? null)
      : null,
  );
  if (target === null) return null;
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

/** Finds the first sheet and checks that it, the shared strings and the workbook stay within `limits`. */
export async function locateParts(zip: ZipArchive, limits: UnpackLimits): Promise<XlsxParts> {
  checkUnpackLimits(workbookParts(zip), undefined, limits);
  const named = await firstSheetName(zip);
  const sheet =
    (named ? zip.entries.get(named) : undefined) ??
    zip.entries.get('xl/worksheets/sheet1.xml') ??
    [...zip.entries.values()].find((entry) => /^xl\/worksheets\/[^/]+\.xml$/.test(entry.fileName));
  if (!sheet) throw new WrongFormatError('Die Excel-Datei enthält kein Tabellenblatt.');
  const sharedStrings = zip.entries.get('xl/sharedStrings.xml');
  checkUnpackLimits(
    [...workbookParts(zip), sheet, ...(sharedStrings ? [sharedStrings] : [])],
    sharedStrings,
    limits,
  );
  return { sheet, sharedStrings };
}

/** The shared strings table, read no further than index `last` when given (-1: none needed). */
async function readSharedStrings(
  zip: ZipArchive,
  entry: ZipEntry | undefined,
  last = Number.POSITIVE_INFINITY,
): Promise<string[]> {
  if (!entry || last < 0) return [];
  const parser = createXmlParser();
  const strings = collectSharedStrings(parser);
  const stream = await zip.open(entry);
  try {
    for await (const _ of feedXml(stream, parser)) {
      if (strings.length > last) break;
    }
    return strings;
  } finally {
    stream.destroy();
  }
}

/** Anything that goes wrong inside the archive (bad deflate data, a size that lies, broken XML) is a damaged file. */
export function asWrongFormat(error: unknown): WrongFormatError {
  return error instanceof WrongFormatError
    ? error
    : new WrongFormatError('Die Excel-Datei ist beschädigt und kann nicht gelesen werden.');
}

export interface XlsxOptions {
  chunkRows: number;
  limits: UnpackLimits;
  /** Rows after this one are not read, nor the shared strings only they use (header row, sample rows). */
  lastRow?: number | undefined;
}

/** A chunk of rows with how far the sheet is read: unpacked bytes, rows as its `<dimension>` says. */
export interface XlsxChunk {
  rows: SheetRow[];
  unpacked: number;
  estimatedRows: number | null;
}

/** The rows of the first sheet in chunks of about `chunkRows`; throws WrongFormatError (or its kinds). */
export async function* readXlsxRows(path: string, options: XlsxOptions): AsyncGenerator<XlsxChunk> {
  if (options.lastRow !== undefined) {
    yield await readLeadingXlsxRows(path, options.lastRow, options.limits);
    return;
  }
  let zip: ZipArchive | null = null;
  let stream: Readable | null = null;
  let unpacked = 0;
  try {
    zip = await openZip(path);
    const parts = await locateParts(zip, options.limits);
    const sharedStrings = await readSharedStrings(zip, parts.sharedStrings);
    stream = await zip.open(parts.sheet);
    const parser = createXmlParser();
    const rows = collectSheetRows(parser, allSharedStrings(sharedStrings));
    let pending: SheetRow[] = [];
    for await (const _ of feedXml(stream, parser, (bytes) => {
      unpacked += bytes;
    })) {
      // One unpacked piece of XML holds at most a few thousand rows: the chunks stay small and bounded.
      pending = pending.length === 0 ? rows.take() : pending.concat(rows.take());
      while (pending.length >= options.chunkRows) {
        yield { rows: pending.splice(0, options.chunkRows), unpacked, estimatedRows: rows.estimatedRows() };
      }
    }
    pending = pending.concat(rows.take());
    if (pending.length > 0) yield { rows: pending, unpacked, estimatedRows: rows.estimatedRows() };
  } catch (error) {
    throw asWrongFormat(error);
  } finally {
    // The consumer may stop early (header row found): nothing more is unpacked.
    stream?.destroy();
    await zip?.close();
  }
}

/**
 * Rows 1 to `lastRow` in one chunk: the sheet is read up to the first row beyond, then the shared strings up
 * to the highest index those rows use. Excel writes the table in the order the strings first occur, so the
 * leading rows of a large BOM need a small part of it.
 */
async function readLeadingXlsxRows(path: string, lastRow: number, limits: UnpackLimits): Promise<XlsxChunk> {
  let zip: ZipArchive | null = null;
  let stream: Readable | null = null;
  let unpacked = 0;
  try {
    zip = await openZip(path);
    const parts = await locateParts(zip, limits);
    stream = await zip.open(parts.sheet);
    const parser = createXmlParser();
    const shared = new LaterSharedStrings();
    const rows = collectSheetRows(parser, shared);
    const leading: SheetRow[] = [];
    let beyond = false;
    for await (const _ of feedXml(stream, parser, (bytes) => {
      unpacked += bytes;
    })) {
      for (const row of rows.take()) {
        if (row.line > lastRow) beyond = true;
        else leading.push(row);
      }
      if (beyond) break;
    }
    if (!beyond) leading.push(...rows.take().filter((row) => row.line <= lastRow));
    stream.destroy();
    shared.fill(await readSharedStrings(zip, parts.sharedStrings, shared.highest()));
    return { rows: leading, unpacked, estimatedRows: rows.estimatedRows() };
  } catch (error) {
    throw asWrongFormat(error);
  } finally {
    stream?.destroy();
    await zip?.close();
  }
}
