import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  describeCsvError,
  formatCsv,
  formatDecimal,
  neutralizeCsvCell,
  parseCsv,
  parseDecimal,
  readCsvTable,
  requiredText,
  restoreCsvCell,
} from './csv';
import { NUL_MESSAGE } from './nul-character';

const cellText = fc.string({
  unit: fc.constantFrom(
    'a',
    'Ä',
    'ö',
    'ß',
    ' ',
    ',',
    ';',
    '"',
    '\n',
    '\r\n',
    'x',
    '€',
    // what starts a spreadsheet formula, and the apostrophe that guards it (ASVS 1.2.10)
    '=',
    '+',
    '-',
    '@',
    '\t',
    '\r',
    // the full-width forms that spreadsheets read as =, +, -, @
    '\uFF1D',
    '\uFF0B',
    '\uFF0D',
    '\uFF20',
    "'",
    '1',
  ),
});

describe('formatCsv', () => {
  it('writes a BOM, quotes every cell, doubles quotes and ends rows with CRLF', () => {
    expect(
      formatCsv(
        [
          ['a', 'b "c"'],
          ['', 'Ü'],
        ],
        ',',
      ),
    ).toBe(`${CSV_BOM}"a","b ""c"""\r\n"","Ü"\r\n`);
  });
});

describe('formula cells (ASVS 1.2.10)', () => {
  it('writes a cell that a spreadsheet would run as a formula with a leading apostrophe', () => {
    expect(formatCsv([['=HYPERLINK("http://x","y")', '@SUMME(A1)', '+49 7161 12345']], ';')).toBe(
      `${CSV_BOM}"'=HYPERLINK(""http://x"",""y"")";"'@SUMME(A1)";"'+49 7161 12345"\r\n`,
    );
    for (const cell of ['=1+1', '+1+1', '-1+1', '@A1', '\t=1', '\r=1', '-', "'=1", "''+1"]) {
      expect(neutralizeCsvCell(cell), JSON.stringify(cell)).toBe(`'${cell}`);
    }
  });

  it('also guards the full-width ＝ ＋ － ＠, signed numbers written with them included', () => {
    for (const cell of ['＝1+1', '＝HYPERLINK("http://x")', '＋1', '－5', '＠SUMME(A1)', "'＝1"]) {
      expect(neutralizeCsvCell(cell), JSON.stringify(cell)).toBe(`'${cell}`);
      expect(restoreCsvCell(neutralizeCsvCell(cell))).toBe(cell);
    }
    expect(formatCsv([['＝1+1', 'Teil ＝ Ersatz']], ';')).toBe(`${CSV_BOM}"'＝1+1";"Teil ＝ Ersatz"\r\n`);
  });

  it('leaves numbers and ordinary text alone', () => {
    for (const cell of [
      '-12,50',
      '-5',
      '-3,5',
      '+5',
      '12',
      'Schütz 3-polig',
      "O'Neill",
      "'Zitat'",
      '',
      'a=b',
    ]) {
      expect(neutralizeCsvCell(cell), JSON.stringify(cell)).toBe(cell);
    }
  });

  it('removes exactly the apostrophe it added', () => {
    expect(restoreCsvCell("'=1+1")).toBe('=1+1');
    expect(restoreCsvCell("''=1")).toBe("'=1");
    expect(restoreCsvCell("'Zitat'")).toBe("'Zitat'");
    expect(restoreCsvCell('-12,50')).toBe('-12,50');
  });

  it('no written cell starts a formula, and every cell reads back as it was', () => {
    fc.assert(
      fc.property(fc.oneof(cellText, fc.string({ unit: 'grapheme' })), (cell) => {
        const written = neutralizeCsvCell(cell);
        expect(
          /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(written) && !/^[+-]\d+(?:[.,]\d+)?$/.test(written),
        ).toBe(false);
        expect(restoreCsvCell(written)).toBe(cell);
      }),
    );
  });
});

describe('parseCsv', () => {
  it('reads quoted and unquoted cells, CRLF and LF, with and without BOM', () => {
    const text = 'a,"b,c"\r\n"d ""e""",f\ng,"h\r\ni"\n';
    const expected = [
      { row: 1, cells: ['a', 'b,c'] },
      { row: 2, cells: ['d "e"', 'f'] },
      { row: 3, cells: ['g', 'h\r\ni'] },
    ];
    expect(parseCsv(text, ',')).toEqual({ ok: true, value: expected });
    expect(parseCsv(`${CSV_BOM}${text}`, ',')).toEqual({ ok: true, value: expected });
  });

  it('counts blank lines as rows without records', () => {
    expect(parseCsv('a\n\nb\r\n', ',')).toEqual({
      ok: true,
      value: [
        { row: 1, cells: ['a'] },
        { row: 3, cells: ['b'] },
      ],
    });
  });

  it('reports an unclosed quote and text after a closing quote with the row', () => {
    expect(parseCsv('a\n"b', ',')).toEqual({
      ok: false,
      error: { row: 2, message: 'Ein Anführungszeichen wird nicht geschlossen.' },
    });
    const after = parseCsv('"a"b,c', ',');
    expect(after.ok).toBe(false);
    if (!after.ok) expect(after.error.row).toBe(1);
  });

  it('reads back what formatCsv wrote, for any cells and either separator', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cellText, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(',' as const, ';' as const),
        (rows, separator) => {
          const parsed = parseCsv(formatCsv(rows, separator), separator);
          expect(parsed.ok).toBe(true);
          if (parsed.ok) expect(parsed.value.map((record) => record.cells)).toEqual(rows);
        },
      ),
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '"', ',', '\n', '\r', ' ', CSV_BOM) }), (text) => {
        const result = parseCsv(text, ',');
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});

describe('readCsvTable', () => {
  const columns = [requiredText('Name'), requiredText('Ort')] as const;

  it('checks the header and names the first bad row and column', () => {
    expect(readCsvTable('Name,Stadt\n', ',', columns)).toEqual({
      ok: false,
      error: { row: 1, column: 'Ort', message: 'In der Kopfzeile steht „Stadt“ statt „Ort“.' },
    });
    const result = readCsvTable('"Name","Ort"\n"A","B"\n"C",""\n', ',', columns);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(describeCsvError(result.error)).toBe('Zeile 3, Spalte „Ort“: Der Wert fehlt.');
  });

  it('ignores empty trailing cells and empty rows, refuses extra cells', () => {
    expect(readCsvTable('Name,Ort,,\nA,B,\n,,\n', ',', columns)).toEqual({
      ok: true,
      value: [{ row: 2, values: ['A', 'B'] }],
    });
    const extra = readCsvTable('Name,Ort\nA,B,C\n', ',', columns);
    expect(extra.ok).toBe(false);
  });

  it('refuses a cell holding NUL, naming row and column (ASVS 2.2.1)', () => {
    expect(readCsvTable('Name,Ort\nA,B\u0000\n', ',', columns)).toEqual({
      ok: false,
      error: { row: 2, column: 'Ort', message: NUL_MESSAGE },
    });
  });

  it('reports an empty file', () => {
    expect(readCsvTable(CSV_BOM, ',', columns)).toEqual({
      ok: false,
      error: { row: 1, message: 'Die Datei enthält keine Kopfzeile.' },
    });
  });
});

describe('decimals', () => {
  it('reads German and English decimals within bounds', () => {
    const range = { min: 0, max: 100, decimals: 2 };
    expect(parseDecimal('12,5', range)).toBe(12.5);
    expect(parseDecimal(' 12.50 % ', range)).toBe(12.5);
    expect(parseDecimal('100', range)).toBe(100);
    expect(parseDecimal('100,01', range)).toBeNull();
    expect(parseDecimal('1,234', range)).toBeNull();
    expect(parseDecimal('-1', range)).toBeNull();
    expect(parseDecimal('abc', range)).toBeNull();
  });

  it('writes German decimals that read back to the same value', () => {
    expect(formatDecimal(12.5, 2)).toBe('12,5');
    expect(formatDecimal(7, 2)).toBe('7');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10000 }), (hundredths) => {
        const value = hundredths / 100;
        expect(parseDecimal(formatDecimal(value, 2), { min: 0, max: 100, decimals: 2 })).toBe(value);
      }),
    );
  });
});
