import { mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../test/import-world';
import {
  openRowBomb,
  openRowSheet,
  sharedStringsBomb,
  sharedStringsXml,
  sheetXml,
  xlsxFile,
  type ZipOptions,
  zipFile,
} from '../../test/xlsx-files';
import {
  openSheet,
  readHeaderCells,
  readLeadingRows,
  SpreadsheetTooLargeError,
  WrongFormatError,
} from './open-sheet';
import { columnIndex, decodeExcelEscapes } from './sheet-xml';
import { UNPACK_LIMITS, type UnpackLimits } from './unpack-limits';
import { openXlsx } from './xlsx-reader';

const temporary = mkdtempSync(path.join(os.tmpdir(), 'portal-xlsx-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

let written = 0;
function file(content: Buffer): string {
  const target = path.join(temporary, `datei-${++written}.xlsx`);
  writeFileSync(target, content);
  return target;
}

async function rowsOf(localPath: string, limits?: UnpackLimits) {
  const rows: { line: number; cells: unknown[] }[] = [];
  for await (const chunk of (await openSheet(localPath, 'katalog.xlsx', { chunkRows: 2, limits })).chunks())
    rows.push(...chunk);
  return rows;
}

/** The error a promise rejects with (to check its class and text at once). */
async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('erwartete eine Ablehnung');
    },
    (error: Error) => error,
  );
}

const CELLS_ROW =
  '<row r="3"><c r="A3" t="s"><v>1</v></c><c r="C3"><v>12.5</v></c><c r="D3" t="inlineStr"><is><t>in&amp;line</t></is></c>' +
  '<c r="E3" t="b"><v>1</v></c><c r="F3" t="e"><v>#DIV/0!</v></c><c r="G3" s="2"/><c r="H3" t="str"><v>Formel</v></c></row>';
const CELLS = ['eins', undefined, 12.5, 'in&line', true, null, undefined, 'Formel'];
const cellsFile = (options?: ZipOptions) =>
  file(xlsxFile({ sheet: sheetXml(CELLS_ROW), sharedStrings: sharedStringsXml(['null', 'eins']) }, options));

describe('xlsx cells', () => {
  it('reads column letters and Excel escapes', () => {
    expect([columnIndex('A'), columnIndex('Z'), columnIndex('AA'), columnIndex('AB12')]).toEqual([
      0, 25, 26, 27,
    ]);
    expect(decodeExcelEscapes('a_x000D_b_x00e4_')).toBe('a\rbä');
  });

  it('reads shared, inline, number, boolean and error cells at their columns', async () => {
    expect(await rowsOf(cellsFile())).toEqual([{ line: 3, cells: CELLS }]);
  });

  it('reads rich text, entities, CDATA and prefixed elements; rows and cells without references', async () => {
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const sheet =
      `<x:worksheet xmlns:x="${main}"><x:dimension ref="A1:B5000"/><x:sheetData>` +
      '<x:row><x:c t="s"><x:v>0</x:v></x:c><x:c><x:v>2</x:v></x:c></x:row>' +
      '<x:row><x:c t="inlineStr"><x:is><x:r><x:t>A &amp; </x:t></x:r><x:r><x:t>B</x:t></x:r></x:is></x:c>' +
      '<x:c t="str"><x:v><![CDATA[<roh> & ]]>&#8364;</x:v></x:c></x:row></x:sheetData></x:worksheet>';
    const sharedStrings =
      `<sst xmlns="${main}"><si><r><t>Größe </t></r><r><t xml:space="preserve">&lt;1&gt;_x000D_</t></r>` +
      '<rPh sb="0" eb="1"><t>ルビ</t></rPh></si></sst>';
    const source = await openSheet(file(xlsxFile({ sheet, sharedStrings })), 'k.xlsx', { chunkRows: 1 });
    const rows = [];
    for await (const chunk of source.chunks()) rows.push(...chunk);
    expect(rows).toEqual([
      { line: 1, cells: ['Größe <1>\r', 2] },
      { line: 2, cells: ['A & B', '<roh> & €'] },
    ]);
    expect(source.estimatedRows()).toBe(5000);
    expect(source.progress()).toBe(1);
  });

  it('reads zips with data descriptors, zip64 records and stored parts like plain ones', async () => {
    for (const options of [
      { dataDescriptor: true },
      { zip64: true },
      { zip64: true, dataDescriptor: true },
    ]) {
      expect(await rowsOf(cellsFile(options)), JSON.stringify(options)).toEqual([{ line: 3, cells: CELLS }]);
    }
    const stored = zipFile([
      {
        name: 'xl/worksheets/sheet1.xml',
        content: sheetXml('<row r="1"><c r="A1"><v>7</v></c></row>'),
        stored: true,
      },
    ]);
    expect(await rowsOf(file(stored))).toEqual([{ line: 1, cells: [7] }]);
  });

  it('reads a workbook SheetJS wrote, with its first sheet', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Nr', 'Preis'],
        ['A-1', 1.5],
      ]),
      'Artikel',
    );
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['anderes Blatt']]), 'Notizen');
    const content = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true, bookSST: true });
    expect(await rowsOf(file(content))).toEqual([
      { line: 1, cells: ['Nr', 'Preis'] },
      { line: 2, cells: ['A-1', 1.5] },
    ]);
  });

  it('closes the file when the reading stops at the header row', async () => {
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    for (let round = 0; round < 20; round++) {
      expect(await readHeaderCells(path.join(FIXTURES, 'katalog.xlsx'), 'katalog.xlsx', 2)).toHaveLength(11);
    }
    expect(openFiles()).toBe(before);
  });
});

it('reads for the leading rows only the shared strings they use', async () => {
  // 5,000 rows of distinct texts; the table is broken after them, which only a reading of all rows meets.
  const count = 5000;
  const texts = Array.from({ length: count }, (_, index) => `Text ${index}`);
  const rowsXml = texts
    .map((_, index) => `<row r="${index + 1}"><c r="A${index + 1}" t="s"><v>${index}</v></c></row>`)
    .join('');
  const sharedStrings = sharedStringsXml(texts).replace('</sst>', '<si><t>abgebrochen</sst>');
  const broken = file(xlsxFile({ sheet: sheetXml(rowsXml), sharedStrings }));

  expect(await readHeaderCells(broken, 'k.xlsx', 3)).toEqual(['Text 2']);
  const leading = await readLeadingRows(broken, 'k.xlsx', 30);
  expect(leading).toHaveLength(30);
  expect(leading.at(-1)).toEqual({ line: 30, cells: ['Text 29'] });
  await expect(rowsOf(broken)).rejects.toBeInstanceOf(WrongFormatError);
});

describe('xlsx on a worker thread', () => {
  /** Rows, estimate and progress of a file read on a worker thread (as large sheets are). */
  async function readInWorker(localPath: string, chunkRows = 1) {
    const source = await openXlsx(localPath, { chunkRows, workerFromBytes: 0 });
    const rows = [];
    for await (const chunk of source.chunks()) rows.push(...chunk);
    return { rows, estimated: source.estimatedRows(), progress: source.progress() };
  }

  it('reads the same rows as on the import thread', async () => {
    expect(await readInWorker(cellsFile())).toEqual({
      rows: [{ line: 3, cells: CELLS }],
      estimated: null,
      progress: 1,
    });
    const fixture = path.join(FIXTURES, 'katalog.xlsx');
    expect((await readInWorker(fixture, 2)).rows).toEqual(await rowsOf(fixture));
  });

  it('hands on why the worker could not read a file, and ends the worker when reading stops early', async () => {
    const disguised = xlsxFile({ sheet: openRowSheet(64), sheetDeclaredSize: 1024 });
    const error = await failure(readInWorker(file(disguised)));
    expect(error).toBeInstanceOf(WrongFormatError);
    expect(error.message).toBe('Die Excel-Datei ist beschädigt und kann nicht gelesen werden.');
    const source = await openXlsx(path.join(FIXTURES, 'katalog.xlsx'), { chunkRows: 1, workerFromBytes: 0 });
    for await (const chunk of source.chunks()) {
      expect(chunk).toEqual([{ line: 1, cells: ['Lieferantenkatalog Schaltschrankbau 2024'] }]);
      break;
    }
  });
});

describe('hostile spreadsheet files (ASVS 5.2.3)', () => {
  it('refuses the 66 KB file whose shared strings unpack to 64 MiB, before unpacking it', async () => {
    const bomb = sharedStringsBomb(64);
    expect(bomb.length).toBeLessThan(70_000);
    const error = await failure(readHeaderCells(file(bomb), 'katalog.xlsx', 1));
    expect(error).toBeInstanceOf(SpreadsheetTooLargeError);
    expect(error.message).toBe(
      'Die Excel-Datei ist ungewöhnlich stark komprimiert (entpackt mehr als 100-mal so groß) und wird zum Schutz des Portals nicht gelesen. Bitte teilen Sie den Katalog auf mehrere Dateien auf oder speichern Sie ihn als CSV-Datei.',
    );
  });

  it('refuses a sheet whose first row stays open for 64 MiB', async () => {
    const error = await failure(readHeaderCells(file(openRowBomb(64)), 'katalog.xlsx', 1));
    expect(error).toBeInstanceOf(SpreadsheetTooLargeError);
  });

  it('parses a bomb in one pass when the limits allow it', async () => {
    const unlimited = { maxUnpackedBytes: 2 ** 40, maxSharedStringsBytes: 2 ** 40, maxRatio: 1e9 };
    expect(await rowsOf(file(openRowBomb(16)), unlimited)).toEqual([{ line: 1, cells: [1] }]);
    expect(await rowsOf(file(sharedStringsBomb(16)), unlimited)).toEqual([
      { line: 1, cells: ['Bestellnummer'] },
    ]);
  });

  it('refuses files beyond the unpacked size and the size of the texts, naming the limit', async () => {
    const texts = Array.from({ length: 60_000 }, (_, index) => `Artikel ${index * 7919}`);
    const large = file(
      xlsxFile({
        sheet: sheetXml('<row r="1"><c r="A1" t="s"><v>59999</v></c></row>'),
        sharedStrings: sharedStringsXml(texts),
      }),
    );
    expect(await rowsOf(large)).toEqual([{ line: 1, cells: [texts[59_999]] }]);
    const total = await failure(rowsOf(large, { ...UNPACK_LIMITS, maxUnpackedBytes: 1024 ** 2 }));
    expect(total).toBeInstanceOf(SpreadsheetTooLargeError);
    expect(total.message).toMatch(/^Die Excel-Datei ist entpackt größer als 1 MB\. Bitte teilen Sie/);
    const texts1MB = await failure(rowsOf(large, { ...UNPACK_LIMITS, maxSharedStringsBytes: 1024 ** 2 }));
    expect(texts1MB.message).toMatch(/^Die Texte der Excel-Datei sind entpackt größer als 1 MB\./);
    expect(UNPACK_LIMITS).toEqual({
      maxUnpackedBytes: 1024 ** 3,
      maxSharedStringsBytes: 256 * 1024 ** 2,
      maxRatio: 100,
    });
  });

  it('stops at the size the zip directory gives, so a part cannot unpack to more than was checked', async () => {
    const row = '<row r="1"><c r="A1"><v>1</v></c></row>';
    const understated = xlsxFile({ sheet: sheetXml(row.repeat(1000)), sheetDeclaredSize: 200 });
    const error = await failure(rowsOf(file(understated)));
    expect(error).toBeInstanceOf(WrongFormatError);
    expect(error).not.toBeInstanceOf(SpreadsheetTooLargeError);
    expect(error.message).toBe('Die Excel-Datei ist beschädigt und kann nicht gelesen werden.');
    // A bomb that claims to be small passes the ratio check and is cut off after the claimed size.
    const disguised = xlsxFile({ sheet: openRowSheet(64), sheetDeclaredSize: 1024 });
    expect((await failure(rowsOf(file(disguised)))).message).toBe(error.message);
  });

  it('refuses an old-format .xls over 64 MB before reading it whole', async () => {
    const large = path.join(temporary, 'gross.xls');
    writeFileSync(large, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
    truncateSync(large, 64 * 1024 * 1024 + 1);
    const error = await failure(openSheet(large, 'gross.xls'));
    expect(error).toBeInstanceOf(SpreadsheetTooLargeError);
    expect(error.message).toBe(
      'Die Excel-Datei (.xls) ist größer als 64 MB. Bitte speichern Sie den Katalog als .xlsx- oder CSV-Datei.',
    );
  });

  it('refuses a DOCTYPE (entity expansion) and more parts than a workbook has', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<worksheet><sheetData><row r="1"><c r="A1" t="str"><v>&b;</v></c></row></sheetData></worksheet>';
    expect(await failure(rowsOf(file(xlsxFile({ sheet: laughs }))))).toBeInstanceOf(WrongFormatError);
    // A readable sheet among 10,000 further parts: more than any workbook has.
    const sheet = {
      name: 'xl/worksheets/sheet1.xml',
      content: sheetXml('<row r="1"><c r="A1"><v>1</v></c></row>'),
    };
    const media = Array.from({ length: 10_000 }, (_, index) => ({
      name: `xl/media/bild${index}.xml`,
      content: '',
      stored: true,
    }));
    const many = await failure(rowsOf(file(zipFile([sheet, ...media]))));
    expect(many.message).toBe('Die Excel-Datei ist beschädigt und kann nicht gelesen werden.');
  });
});
