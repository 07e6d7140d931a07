import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { sharedStringsXml, sheetXml, xlsxFile } from './xlsx-files';

/**
 * Broken files for the fuzz tests of the file routes: every route that takes an upload or reads a stored
 * file must answer a 4xx, never a 5xx, whatever a customer's program or a hostile client sends. Built from
 * the repository's real fixtures with fast-check, so a failure names a reproducible case (fixed seed).
 */

export interface FuzzSeed {
  name: string;
  content: Buffer;
}

export interface FuzzFile extends FuzzSeed {
  /** What was done to the seed, for the failure message. */
  how: string;
}

/** fc.assert options of every fuzz test: the same cases on every run. */
export const FUZZ_RUNS = { seed: 42, numRuns: 200 } as const;

const SOURCE = path.join(import.meta.dirname, '..');

function fixture(name: string, ...segments: string[]): FuzzSeed {
  return { name, content: readFileSync(path.join(SOURCE, ...segments)) };
}

/** The fixtures of the repository, by what they are. */
export const FIXTURES = {
  bomXlsx: fixture('Stückliste.xlsx', 'modules', 'enquiry', 'testing', 'fixtures', 'stueckliste-eplan.xlsx'),
  bomXls: fixture('Stückliste.xls', 'modules', 'enquiry', 'testing', 'fixtures', 'stueckliste-eplan.xls'),
  bomCsv1252: fixture('Stückliste.csv', 'modules', 'enquiry', 'testing', 'fixtures', 'stueckliste-1252.csv'),
  bomCsv: fixture('Stückliste-Presse-3.csv', '..', '..', 'e2e', 'fixtures', 'Stückliste-Presse-3.csv'),
  catalogXlsx: fixture('katalog.xlsx', 'modules', 'article-import', 'fixtures', 'katalog.xlsx'),
  catalogXls: fixture('katalog.xls', 'modules', 'article-import', 'fixtures', 'katalog.xls'),
  catalogCsv: fixture('katalog.csv', 'modules', 'article-import', 'fixtures', 'katalog-semikolon.csv'),
  catalogTxt: fixture('katalog.txt', 'modules', 'article-import', 'fixtures', 'katalog-tab.txt'),
  pdf: fixture('Schaltplan.pdf', '..', '..', 'e2e', 'fixtures', 'Schaltplan-Presse-3.pdf'),
};

export const BOM_SEEDS: FuzzSeed[] = [
  FIXTURES.bomXlsx,
  FIXTURES.bomXls,
  FIXTURES.bomCsv1252,
  FIXTURES.bomCsv,
];
export const CATALOG_SEEDS: FuzzSeed[] = [
  FIXTURES.catalogXlsx,
  FIXTURES.catalogXls,
  FIXTURES.catalogCsv,
  FIXTURES.catalogTxt,
];

const extension = (name: string) => path.extname(name).toLowerCase();
const isText = (seed: FuzzSeed) => ['.csv', '.txt'].includes(extension(seed.name));

/** The seed's text: UTF-8 when it is valid UTF-8, else Windows-1252 read as Latin-1. */
function textOf(seed: FuzzSeed): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(seed.content);
  return utf8.includes('\ufffd') ? seed.content.toString('latin1') : utf8.replace(/^\ufeff/, '');
}

function utf16be(text: string): Buffer {
  const buffer = Buffer.from(text, 'utf16le');
  for (let i = 0; i + 1 < buffer.length; i += 2) {
    const low = buffer[i] as number;
    buffer[i] = buffer[i + 1] as number;
    buffer[i + 1] = low;
  }
  return buffer;
}

const ENCODINGS: Record<string, (text: string) => Buffer> = {
  latin1: (text) => Buffer.from(text, 'latin1'),
  'utf-16le': (text) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
  'utf-16be': (text) => Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]),
  'utf-16le ohne BOM': (text) => Buffer.from(text, 'utf16le'),
  'utf-8 mit doppeltem BOM': (text) =>
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]), Buffer.from(text)]),
  'utf-8 mit kaputten Bytes': (text) =>
    Buffer.concat([Buffer.from(text), Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0x80])]),
  'NUL-Zeichen': (text) => Buffer.from(text.replace(/;/g, ';\u0000')),
};

const seedOf = (seeds: readonly FuzzSeed[]) => fc.constantFrom(...seeds);

const truncated = (seeds: readonly FuzzSeed[]) =>
  fc.tuple(seedOf(seeds), fc.nat()).map(([seed, at]): FuzzFile => {
    const cut = at % (seed.content.length + 1);
    return { name: seed.name, content: seed.content.subarray(0, cut), how: `abgeschnitten bei ${cut}` };
  });

const bitFlips = (seeds: readonly FuzzSeed[]) =>
  fc
    .tuple(
      seedOf(seeds),
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 7 })), { minLength: 1, maxLength: 24 }),
    )
    .map(([seed, flips]): FuzzFile => {
      const content = Buffer.from(seed.content);
      for (const [at, bit] of flips) {
        const index = at % content.length;
        content[index] = (content[index] as number) ^ (1 << bit);
      }
      return { name: seed.name, content, how: `${flips.length} Bits gekippt` };
    });

/** A cell of up to 60,000 characters (quoted, unquoted or an open quote) in a text seed. */
const hugeCell = (seeds: readonly FuzzSeed[]) =>
  fc
    .tuple(
      seedOf(seeds.filter(isText)),
      fc.nat(),
      fc.constantFrom('x', 'Ä', ' ', '"', '€'),
      fc.integer({ min: 3_000, max: 60_000 }),
      fc.constantFrom('plain', 'quoted', 'open'),
    )
    .map(([seed, at, unit, length, quoting]): FuzzFile => {
      const text = textOf(seed);
      const breaks = [...text.matchAll(/[;\t\n]/g)].map((match) => (match.index ?? 0) + 1);
      const index = breaks.length > 0 ? (breaks[at % breaks.length] as number) : 0;
      const body = unit.repeat(length);
      const cell = quoting === 'plain' ? body : quoting === 'quoted' ? `"${body}"` : `"${body}`;
      return {
        name: seed.name,
        content: Buffer.from(text.slice(0, index) + cell + text.slice(index)),
        how: `Zelle mit ${length}× „${unit}“ (${quoting})`,
      };
    });

const wrongEncoding = (seeds: readonly FuzzSeed[]) =>
  fc.tuple(seedOf(seeds.filter(isText)), fc.constantFrom(...Object.keys(ENCODINGS))).map(
    ([seed, encoding]): FuzzFile => ({
      name: seed.name,
      content: (ENCODINGS[encoding] as (text: string) => Buffer)(textOf(seed)),
      how: `Kodierung ${encoding}`,
    }),
  );

/** Columns and characters per cell of the wide CSVs: up to 20,000 columns, up to 3,000 characters a cell. */
const WIDE_SHAPES: [number, number][] = [
  [20_000, 3],
  [2_000, 12],
  [501, 12],
  [500, 200],
  [499, 201],
  [3, 3_000],
  [1, 201],
];

/** A CSV of thousands of columns or long cells, one to three rows, each no more than about 100 KB. */
const wideCsv = (names: readonly string[]) =>
  fc
    .tuple(
      fc.constantFrom(...names),
      fc.constantFrom(...WIDE_SHAPES),
      fc.constantFrom(';', ',', '\t'),
      fc.integer({ min: 1, max: 3 }),
    )
    .map(([name, [columns, width], separator, rows]): FuzzFile => {
      const row = (line: number) =>
        Array.from({ length: columns }, (_, column) => `${line}-${column}-`.padEnd(width, 'k')).join(
          separator,
        );
      const text = Array.from({ length: rows }, (_, line) => row(line)).join('\n');
      return {
        name,
        content: Buffer.from(text),
        how: `${columns} Spalten zu ${width} Zeichen, ${rows} Zeilen`,
      };
    });

const CELLS = [
  '<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>',
  '<c r="A2"><v>2</v></c><c r="B2" t="inlineStr"><is><t>3RT2015-1BB41</t></is></c>',
];

/** Sheet parts a program (or an attacker) could write: each breaks the reader's expectations somewhere. */
const BROKEN_SHEETS: Record<string, () => { sheet: string; sharedStrings?: string }> = {
  'Verweis auf fehlenden Text': () => ({
    sheet: sheetXml('<row r="1"><c r="A1" t="s"><v>99999</v></c><c r="B1" t="s"><v>-1</v></c></row>'),
    sharedStrings: sharedStringsXml(['Menge']),
  }),
  'Zelle XFD1048576': () => ({
    sheet: sheetXml('<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>Menge</t></is></c></row>'),
  }),
  'Zeilennummer kein Zahl': () => ({ sheet: sheetXml('<row r="x"><c r="ZZ"><v>abc</v></c></row>') }),
  'Zahl kein Zahl': () => ({
    sheet: sheetXml(
      '<row r="1"><c r="A1" t="n"><v>1e99999</v></c><c r="B1" t="d"><v>kein Datum</v></c></row>',
    ),
  }),
  'riesiger Inline-Text': () => ({
    sheet: sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'Ü'.repeat(100_000)}</t></is></c></row>`),
  }),
  '20.000 Spalten': () => ({
    sheet: sheetXml(
      `<row r="1">${Array.from({ length: 20_000 }, (_, i) => `<c t="inlineStr"><is><t>S${i}</t></is></c>`).join('')}</row>`,
    ),
  }),
  Entität: () => ({
    sheet: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "${'a'.repeat(1000)}"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>${sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>&b;</t></is></c></row>`).replace(/^<\?xml[^>]*\?>/, '')}`,
  }),
  'kein XML': () => ({ sheet: 'Menge;Bestellnummer\n1;2\n', sharedStrings: '\u0000\u0001' }),
};

/** An .xlsx whose zip is sound but whose sheet or shared strings part is broken. */
const brokenXlsx = (names: readonly string[]) =>
  fc
    .tuple(
      fc.constantFrom(...names),
      fc.constantFrom(...Object.keys(BROKEN_SHEETS), 'abgeschnittenes XML', 'gekipptes XML'),
      fc.nat(),
    )
    .map(([name, kind, at]): FuzzFile => {
      const build = BROKEN_SHEETS[kind];
      if (build) return { name, content: xlsxFile(build()), how: `xlsx: ${kind}` };
      const sheet = sheetXml(`<row r="1">${CELLS[0]}</row><row r="2">${CELLS[1]}</row>`);
      const strings = sharedStringsXml(['Menge', 'Bestellnummer']);
      const index = at % sheet.length;
      const broken =
        kind === 'abgeschnittenes XML'
          ? sheet.slice(0, index)
          : `${sheet.slice(0, index)}${String.fromCharCode(sheet.charCodeAt(index) ^ 0x20 || 0x3c)}${sheet.slice(index + 1)}`;
      return {
        name,
        content: xlsxFile({ sheet: broken, sharedStrings: strings }),
        how: `xlsx: ${kind} bei ${index}`,
      };
    });

/** Another seed's content under this seed's name (a PDF named .csv, an .xls named .xlsx). */
const swappedName = (seeds: readonly FuzzSeed[], others: readonly FuzzSeed[]) =>
  fc.tuple(seedOf(seeds), seedOf([...seeds, ...others])).map(
    ([named, content]): FuzzFile => ({
      name: named.name,
      content: content.content,
      how: `Inhalt von ${content.name}`,
    }),
  );

const randomBytes = (names: readonly string[]) =>
  fc.tuple(fc.constantFrom(...names), fc.uint8Array({ maxLength: 4096 })).map(
    ([name, bytes]): FuzzFile => ({
      name,
      content: Buffer.from(bytes),
      how: `${bytes.length} zufällige Bytes`,
    }),
  );

/** Names a client may send: upper-case extension, none, a path, quotes, control characters, 300 characters. */
const STRANGE_NAMES = [
  (name: string) => name.toUpperCase(),
  (name: string) => path.basename(name, path.extname(name)),
  (name: string) => `../../${name}`,
  (name: string) => `C:\\Temp\\${name}`,
  (name: string) => `"${name}"`,
  (name: string) => `a\u0000b${path.extname(name)}`,
  (name: string) => `${'ß'.repeat(300)}${path.extname(name)}`,
  (name: string) => `${name}.exe`,
  (name: string) => ` ${name} `,
];

/**
 * A broken file made from `seeds`: truncated, bits flipped, a huge cell, another encoding, thousands of
 * columns, an .xlsx with a broken part, another file's content, random bytes or an empty file; one case in
 * eight also under a strange name. `others` are seeds of other kinds whose content may come under a seed's
 * name (the real PDF by default).
 */
export function fuzzFile(
  seeds: readonly FuzzSeed[],
  others: readonly FuzzSeed[] = [FIXTURES.pdf],
): fc.Arbitrary<FuzzFile> {
  const names = [...new Set(seeds.map((seed) => seed.name))];
  const textNames = names.filter((name) => ['.csv', '.txt'].includes(extension(name)));
  const xlsxNames = names.filter((name) => extension(name) === '.xlsx');
  const kinds: fc.WeightedArbitrary<FuzzFile>[] = [
    { weight: 4, arbitrary: truncated(seeds) },
    { weight: 4, arbitrary: bitFlips(seeds) },
    { weight: 1, arbitrary: swappedName(seeds, others) },
    { weight: 1, arbitrary: randomBytes(names) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...names)
        .map((name): FuzzFile => ({ name, content: Buffer.alloc(0), how: 'leer' })),
    },
  ];
  if (seeds.some(isText)) {
    kinds.push({ weight: 2, arbitrary: hugeCell(seeds) }, { weight: 2, arbitrary: wrongEncoding(seeds) });
  }
  if (textNames.length > 0) kinds.push({ weight: 2, arbitrary: wideCsv(textNames) });
  if (xlsxNames.length > 0) kinds.push({ weight: 3, arbitrary: brokenXlsx(xlsxNames) });
  return fc
    .tuple(fc.oneof(...kinds), fc.option(fc.constantFrom(...STRANGE_NAMES), { freq: 8, nil: null }))
    .map(([file, rename]) =>
      rename
        ? { ...file, name: rename(file.name), how: `${file.how}, Name „${rename(file.name).slice(0, 40)}“` }
        : file,
    );
}

/** The failure message of a case: what was sent and what came back. */
export function fuzzCase(file: FuzzFile, response: { statusCode: number; body: string }): string {
  return `${file.how} (${file.name.slice(0, 60)}, ${file.content.length} Bytes): ${response.statusCode} ${response.body.slice(0, 300)}`;
}
