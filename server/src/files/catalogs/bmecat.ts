import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { CatalogRecord, CatalogRefusal } from '@portal/domain/rules/catalog-record';
import { SpreadsheetTooLargeError, WrongFormatError } from '../sheets/sheet-source';
import { openZip, type ZipArchive } from '../sheets/zip';
import { localName, XmlScanner, type XmlTag } from '../xml/xml-scanner';
import { ProductBuilder, type ProductContext } from './bmecat-product';
import type { CatalogChunk } from './catalog-chunk';

/**
 * SPEC §5 catalog import: a BMEcat catalog (1.2 with ARTICLE / SUPPLIER_AID, 2005 with PRODUCT /
 * SUPPLIER_PID; plain .xml or a .zip holding one), streamed with the XmlScanner: never the whole document in
 * memory (manufacturers' catalogs reach gigabytes), every byte looked at once.
 *
 * Hostile XML (ASVS 5.5.2) is refused in time linear in the bytes read: a DOCTYPE with an internal subset
 * (where entities are declared: billion laughs, external entities) is refused before any declaration in
 * it could matter, and the scanner expands only XML's own five entities; a bare DOCTYPE naming the BMEcat DTD
 * (as 1.2 catalogs carry it) is allowed, its DTD is never fetched. Nesting deeper than any BMEcat
 * (MAX_DEPTH) and a single element or text longer than MAX_ELEMENT_BYTES are refused too, which bounds
 * what the parser buffers; a zipped catalog obeys the unpack limits of the spreadsheet reader.
 */

export interface BmecatLimits {
  /** Deepest element nesting (BMEcat 2005 nests about 8 deep). */
  maxDepth: number;
  /** Longest run of bytes without a tag boundary (a long description is a few KB). */
  maxElementBytes: number;
  /** Largest unpacked catalog inside a .zip. */
  maxUnpackedBytes: number;
  /** Unpacked to packed (deflate's maximum is ~1,030:1, what zip bombs use; XML packs about 10–30:1). */
  maxRatio: number;
}

export const BMECAT_LIMITS: BmecatLimits = {
  maxDepth: 64,
  maxElementBytes: 8 * 1024 * 1024,
  maxUnpackedBytes: 4 * 1024 ** 3,
  maxRatio: 100,
};

const TRANSACTIONS: Record<string, CatalogRecord['kind']> = {
  T_NEW_CATALOG: 'ARTICLE',
  T_UPDATE_PRODUCTS: 'ARTICLE',
  T_UPDATE_PRICES: 'PRICES_ONLY',
};

const notBmecat = () =>
  new WrongFormatError('Die Datei ist keine BMEcat-Datei (das Wurzelelement BMECAT fehlt).');

/** The encoding the XML declaration names (UTF-8 without one); refuses those BMEcat files never use. */
function declaredEncoding(head: Buffer): string {
  if (head[0] === 0xfe || head[0] === 0xff || (head[0] === 0 && head[1] !== 0)) {
    throw new WrongFormatError('Die BMEcat-Datei ist in UTF-16 gespeichert; bitte als UTF-8 speichern.');
  }
  const declaration = /^(?:\uFEFF)?<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
    head.toString('latin1'),
  );
  const name = (declaration?.[1] ?? 'utf-8').toLowerCase();
  if (name === 'utf-8' || name === 'utf8') return 'utf-8';
  if (/^(iso-8859-1|iso-8859-15|latin1|windows-1252|cp1252)$/.test(name)) return 'windows-1252';
  throw new WrongFormatError(
    `Die Zeichenkodierung „${declaration?.[1]}“ der BMEcat-Datei wird nicht unterstützt (erlaubt: UTF-8, ISO-8859-1).`,
  );
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const isZip = (head: Buffer) => head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;

/** The one BMEcat of a .zip, checked against the unpack limits before anything is unpacked. */
async function openZippedCatalog(zip: ZipArchive, limits: BmecatLimits) {
  const catalogs = [...zip.entries.values()].filter(
    (entry) => /\.xml$/i.test(entry.fileName) && !entry.fileName.startsWith('__MACOSX/'),
  );
  if (catalogs.length !== 1) {
    throw new WrongFormatError(
      catalogs.length === 0
        ? 'Die ZIP-Datei enthält keine BMEcat-Datei (.xml).'
        : `Die ZIP-Datei enthält ${catalogs.length} XML-Dateien; bitte genau eine BMEcat-Datei je ZIP-Datei hochladen.`,
    );
  }
  const entry = catalogs[0] as (typeof catalogs)[number];
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
  if (entry.uncompressedSize > 1024 ** 2 && ratio > limits.maxRatio) {
    throw new SpreadsheetTooLargeError(
      `Die ZIP-Datei ist ungewöhnlich stark komprimiert (entpackt mehr als ${limits.maxRatio}-mal so groß) und wird zum Schutz des Portals nicht gelesen.`,
    );
  }
  if (entry.uncompressedSize > limits.maxUnpackedBytes) {
    throw new SpreadsheetTooLargeError(
      `Die BMEcat-Datei ist entpackt größer als ${Math.round(limits.maxUnpackedBytes / 1024 ** 3)} GB. Bitte teilen Sie den Katalog auf.`,
    );
  }
  return { stream: await zip.open(entry), size: entry.uncompressedSize };
}

/**
 * The products of a BMEcat file in chunks of about `chunkRecords`, each with the products refused (and
 * why). Throws WrongFormatError (SpreadsheetTooLargeError for a zip bomb) when the file is not a
 * readable, harmless BMEcat.
 */
export async function* readBmecat(
  path: string,
  options: { chunkRecords?: number; limits?: Partial<BmecatLimits> } = {},
): AsyncGenerator<CatalogChunk> {
  const limits = { ...BMECAT_LIMITS, ...options.limits };
  const chunkRecords = options.chunkRecords ?? 2000;
  const head = await readHead(path, 512);
  let zip: ZipArchive | null = null;
  let stream: Readable;
  let size: number;
  let encodingHead = head;
  if (isZip(head)) {
    zip = await openZip(path).catch(() => {
      throw new WrongFormatError('Die ZIP-Datei ist beschädigt und kann nicht gelesen werden.');
    });
    try {
      ({ stream, size } = await openZippedCatalog(zip, limits));
    } catch (error) {
      await zip.close();
      throw error;
    }
    encodingHead = Buffer.alloc(0);
  } else {
    stream = createReadStream(path, { highWaterMark: 256 * 1024 });
    size = (await stat(path)).size;
  }
  let decoder: InstanceType<typeof TextDecoder> | null =
    encodingHead.length > 0 ? new TextDecoder(declaredEncoding(encodingHead)) : null;
  const reader = new BmecatParser(limits);
  let consumed = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      decoder ??= new TextDecoder(declaredEncoding(chunk.subarray(0, 512)));
      consumed += chunk.length;
      reader.write(decoder.decode(chunk, { stream: true }));
      if (reader.records.length + reader.refusals.length >= chunkRecords) {
        yield reader.take(size === 0 ? 1 : Math.min(1, consumed / size));
      }
    }
    reader.write(decoder?.decode() ?? '');
    reader.close();
    yield reader.take(1);
  } finally {
    stream.destroy();
    await zip?.close();
  }
}

/** The scanner's handlers: a small state machine over the element path, building one product at a time. */
class BmecatParser {
  records: CatalogRecord[] = [];
  refusals: CatalogRefusal[] = [];
  private readonly parser = new XmlScanner();
  private readonly stack: string[] = [];
  private readonly context: ProductContext = { kind: 'ARTICLE', supplierName: null, mimeRoot: null };
  private transaction = false;
  private product: ProductBuilder | null = null;
  private productDepth = 0;
  /** Depth of the element whose text is being collected (the innermost open one), 0 for none. */
  private leafDepth = 0;
  private text = '';
  private lang: string | undefined;
  /** Characters since the last tag: bounds the text collected for one element. */
  private sinceTag = 0;

  constructor(private readonly limits: BmecatLimits) {
    const parser = this.parser;
    parser.on('doctype', (doctype) => {
      if (doctype.includes('[')) {
        throw new WrongFormatError(
          'Die BMEcat-Datei enthält eigene XML-Deklarationen (DOCTYPE mit Entitäten); solche Dateien werden zum Schutz des Portals nicht gelesen.',
        );
      }
    });
    parser.on('opentag', (tag) => this.openTag(tag));
    parser.on('closetag', () => this.closeTag());
    parser.on('text', (text) => {
      if (this.leafDepth === this.stack.length) this.text += text;
    });
    parser.on('cdata', (text) => {
      if (this.leafDepth === this.stack.length) this.text += text;
    });
  }

  write(text: string): void {
    this.sinceTag += text.length;
    try {
      this.parser.write(text);
    } catch (error) {
      throw this.refusal(error);
    }
    if (this.sinceTag > this.limits.maxElementBytes) {
      throw new WrongFormatError(
        `Die BMEcat-Datei enthält ab Zeile ${this.parser.line} ein Element von mehr als ${Math.round(this.limits.maxElementBytes / 1024 ** 2)} MB; solche Dateien werden zum Schutz des Portals nicht gelesen.`,
      );
    }
  }

  close(): void {
    try {
      this.parser.close();
    } catch (error) {
      throw this.refusal(error);
    }
    if (!this.transaction) {
      throw new WrongFormatError(
        'Die BMEcat-Datei enthält keinen Katalog (T_NEW_CATALOG, T_UPDATE_PRODUCTS oder T_UPDATE_PRICES).',
      );
    }
  }

  take(progress: number): CatalogChunk {
    const chunk = { records: this.records, refusals: this.refusals, progress };
    this.records = [];
    this.refusals = [];
    return chunk;
  }

  private refusal(error: unknown): Error {
    if (error instanceof WrongFormatError) return error;
    const detail = (error as Error).message;
    return new WrongFormatError(
      `Die BMEcat-Datei ist kein gültiges XML (Zeile ${this.parser.line}): ${detail.slice(0, 200)}`,
    );
  }

  private openTag(tag: XmlTag): void {
    this.sinceTag = 0;
    const name = localName(tag.name);
    const parent = this.stack.at(-1);
    if (parent === undefined && name !== 'BMECAT') throw notBmecat();
    this.stack.push(name);
    const depth = this.stack.length;
    if (depth > this.limits.maxDepth) {
      throw new WrongFormatError(
        `Die BMEcat-Datei ist tiefer als ${this.limits.maxDepth} Ebenen verschachtelt (Zeile ${this.parser.line}); solche Dateien werden zum Schutz des Portals nicht gelesen.`,
      );
    }
    this.leafDepth = depth;
    this.text = '';
    this.lang = tag.attributes.lang;
    if (this.product) {
      this.product.open(name, tag.attributes);
    } else if (parent !== undefined && parent in TRANSACTIONS && (name === 'PRODUCT' || name === 'ARTICLE')) {
      this.product = new ProductBuilder(this.parser.line, this.context, tag.attributes.mode === 'delete');
      this.productDepth = depth;
    } else if (name in TRANSACTIONS && parent === 'BMECAT') {
      this.transaction = true;
      this.context.kind = TRANSACTIONS[name] as CatalogRecord['kind'];
    }
  }

  private closeTag(): void {
    this.sinceTag = 0;
    const depth = this.stack.length;
    // The scanner checked that this end tag closes the innermost element: its name is on the stack.
    const name = this.stack[depth - 1] as string;
    const parent = this.stack[depth - 2] ?? '';
    const leaf = this.leafDepth === depth;
    const text = leaf ? this.text : '';
    this.leafDepth = 0;
    this.text = '';
    const product = this.product;
    if (product && depth === this.productDepth) {
      const result = product.finish();
      if ('record' in result) this.records.push(result.record);
      else this.refusals.push({ line: product.line, reason: result.reason });
      this.product = null;
    } else if (product) {
      if (leaf) product.leaf(name, parent, text, this.lang);
      product.close(name);
    } else if (leaf) {
      this.headerLeaf(name, parent, text);
    }
    this.stack.pop();
  }

  private headerLeaf(name: string, parent: string, text: string): void {
    const value = text.trim();
    if (value === '') return;
    if (name === 'SUPPLIER_NAME' && parent === 'SUPPLIER') this.context.supplierName ??= value;
    else if (name === 'MIME_ROOT' && parent === 'CATALOG') this.context.mimeRoot ??= value;
  }
}
