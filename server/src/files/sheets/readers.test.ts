import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { detectDelimiter, parseDelimited } from '@portal/domain/rules/delimited-text';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../test/import-world';
import { detectEncoding } from './delimited-reader';
import { headerNames, openSheet, readHeaderCells, WrongFormatError } from './open-sheet';

const temporary = mkdtempSync(path.join(os.tmpdir(), 'portal-readers-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const target = path.join(temporary, name);
  writeFileSync(target, content);
  return target;
}

async function allRows(localPath: string, name = path.basename(localPath), chunkRows = 2) {
  const rows: { line: number; cells: unknown[] }[] = [];
  for await (const chunk of (await openSheet(localPath, name, { chunkRows })).chunks()) rows.push(...chunk);
  return rows;
}

describe('parseDelimited', () => {
  it('splits plain lines, quoted cells, doubled quotes and line breaks inside quotes', () => {
    const text = 'a;b;c\r\n"x;1";"sagt ""hallo""";"zwei\nZeilen"\n\nende;;\n';
    expect(parseDelimited(text, ';', true).records).toEqual([
      ['a', 'b', 'c'],
      ['x;1', 'sagt "hallo"', 'zwei\nZeilen'],
      [],
      ['ende', '', ''],
    ]);
  });

  it('keeps an incomplete record for the next chunk', () => {
    const first = parseDelimited('a;b\n"offen;', ';', false);
    expect(first.records).toEqual([['a', 'b']]);
    expect(first.consumed).toBe(4);
    expect(parseDelimited('"offen;\nnoch";x\n', ';', false).records).toEqual([['offen;\nnoch', 'x']]);
  });

  it('gives the same records however the text is cut into chunks', () => {
    const cell = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('"', ';', '\n', '""', 'ä'));
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        (rows, cut) => {
          const text = rows
            .map((row) => row.map((value) => `"${value.replaceAll('"', '""')}"`).join(';'))
            .join('\n');
          const whole = parseDelimited(text, ';', true).records;
          const at = cut % (text.length + 1);
          const head = parseDelimited(text.slice(0, at), ';', false);
          const tail = parseDelimited(text.slice(head.consumed), ';', true);
          expect([...head.records, ...tail.records]).toEqual(whole);
          expect(whole).toEqual(rows);
        },
      ),
    );
  });

  it('is tolerant like spreadsheet programs, the same however malformed text is cut into chunks', () => {
    expect(parseDelimited('"ab"c;a"b;"x"y"z;"a\rb"\r\n"offen', ';', true).records).toEqual([
      ['abc', 'a"b', 'xy"z', 'a\rb'],
      ['offen'],
    ]);
    const text = fc
      .array(fc.constantFrom('a', 'ä', ' ', ';', '"', '""', '\n', '\r', '\r\n'), { maxLength: 30 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.nat(), (input, cut) => {
        const whole = parseDelimited(input, ';', true).records;
        const head = parseDelimited(input.slice(0, cut % (input.length + 1)), ';', false);
        const tail = parseDelimited(input.slice(head.consumed), ';', true);
        expect([...head.records, ...tail.records]).toEqual(whole);
      }),
      { numRuns: 2000 },
    );
  });

  it('detects the delimiter, not fooled by decimal commas', () => {
    expect(detectDelimiter('Nr;Preis;Breite\n1;1,5;2,5\n2;3,25;4,5')).toBe(';');
    expect(detectDelimiter('Nr\tPreis\n1\t1,5')).toBe('\t');
    expect(detectDelimiter('Nr,Preis,Breite\n1,"1,5",2')).toBe(',');
    expect(detectDelimiter('Nr|Preis\n1|2')).toBe('|');
  });
});

describe('detectEncoding', () => {
  it('reads byte-order marks, UTF-8 and falls back to Windows-1252', () => {
    expect(detectEncoding(Buffer.from([0xef, 0xbb, 0xbf, 0x41]))).toEqual({
      encoding: 'utf-8',
      bomLength: 3,
    });
    expect(detectEncoding(Buffer.from('Größe', 'utf8'))).toEqual({ encoding: 'utf-8', bomLength: 0 });
    expect(detectEncoding(Buffer.from('Größe', 'latin1'))).toEqual({
      encoding: 'windows-1252',
      bomLength: 0,
    });
    // A UTF-8 character cut at the end of the sample is still UTF-8.
    expect(detectEncoding(Buffer.from('aä', 'utf8').subarray(0, 2))).toEqual({
      encoding: 'utf-8',
      bomLength: 0,
    });
  });
});

describe('openSheet', () => {
  it('numbers rows as a spreadsheet does, also across chunks and blank lines', async () => {
    const rows = await allRows(file('zeilen.csv', 'sep=;\nA;B\n1;2\n\n"3\n3";4\n5;6'));
    expect(rows).toEqual([
      { line: 1, cells: ['A', 'B'] },
      { line: 2, cells: ['1', '2'] },
      { line: 3, cells: [] },
      { line: 4, cells: ['3\n3', '4'] },
      { line: 5, cells: ['5', '6'] },
    ]);
  });

  it('reads every fixture format alike', async () => {
    const csv = await allRows(path.join(FIXTURES, 'katalog-semikolon.csv'));
    const txt = await allRows(path.join(FIXTURES, 'katalog-tab.txt'));
    const xlsx = await allRows(path.join(FIXTURES, 'katalog.xlsx'));
    const xls = await allRows(path.join(FIXTURES, 'katalog.xls'));
    expect(csv[0]!.cells[0]).toBe('Hersteller');
    expect(txt.map((row) => row.cells[3])).toEqual(csv.map((row) => row.cells[3]));
    expect(xlsx[0]).toEqual({ line: 1, cells: ['Lieferantenkatalog Schaltschrankbau 2024'] });
    expect(xlsx.slice(1).map((row) => row.cells[3])).toEqual(csv.map((row) => row.cells[3]));
    expect(xls.slice(1).map((row) => row.cells[3])).toEqual(csv.map((row) => row.cells[3]));
    expect(xlsx[2]!.cells.slice(5)).toEqual([5.1, 47.5, 36.5, 6.2, 1.23, 0.89]);
    expect(xls[2]!.cells.slice(5)).toEqual([5.1, 47.5, 36.5, 6.2, 1.23, 0.89]);
  });

  it('reads the header row and offers each header once', async () => {
    const cells = await readHeaderCells(path.join(FIXTURES, 'katalog.xlsx'), 'katalog.xlsx', 2);
    expect(headerNames(cells)).toContain('Höhe (mm)');
    expect(headerNames([' A ', 'a', null, '', 'B  C'])).toEqual(['A', 'B C']);
    expect(await readHeaderCells(path.join(FIXTURES, 'katalog.xlsx'), 'katalog.xlsx', 99)).toEqual([]);
  });

  it('refuses files that are not what their name says', async () => {
    const garbage = Buffer.from(Array.from({ length: 3000 }, (_, index) => (index * 31) % 256));
    await expect(readHeaderCells(file('kaputt.xlsx', garbage), 'kaputt.xlsx', 1)).rejects.toBeInstanceOf(
      WrongFormatError,
    );
    await expect(readHeaderCells(file('kaputt.csv', garbage), 'kaputt.csv', 1)).rejects.toBeInstanceOf(
      WrongFormatError,
    );
    await expect(readHeaderCells(file('kaputt.xls', 'nur Text'), 'kaputt.xls', 1)).rejects.toBeInstanceOf(
      WrongFormatError,
    );
    await expect(openSheet(file('a.pdf', 'x'), 'a.pdf')).rejects.toBeInstanceOf(WrongFormatError);
  });
});
