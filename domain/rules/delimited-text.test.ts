import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, formatCsv } from './csv';
import { parseDelimited, TEXT_AFTER_QUOTE_MESSAGE, UNCLOSED_QUOTE_MESSAGE } from './delimited-text';

const cellText = fc.string({
  unit: fc.constantFrom('a', 'ä', ' ', ',', ';', '"', '""', '\n', '\r', '\r\n', '\t'),
});

describe('parseDelimited, strict (the portal’s own CSV formats)', () => {
  it('reads what formatCsv writes exactly as the tolerant reading does, for either separator', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cellText, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(',' as const, ';' as const),
        (rows, separator) => {
          const text = formatCsv(rows, separator).slice(CSV_BOM.length);
          const strict = parseDelimited(text, separator, true, { strict: true });
          expect(strict.error).toBeUndefined();
          expect(strict).toEqual(parseDelimited(text, separator, true));
        },
      ),
    );
  });

  it('refuses an unclosed quote and text after a closing quote, keeping the records before', () => {
    expect(parseDelimited('a;b\n"offen', ';', true, { strict: true })).toEqual({
      records: [['a', 'b']],
      consumed: 4,
      error: UNCLOSED_QUOTE_MESSAGE,
    });
    expect(parseDelimited('"a"b;c', ';', true, { strict: true }).error).toBe(TEXT_AFTER_QUOTE_MESSAGE);
    expect(parseDelimited('"a"b;c', ';', true).records).toEqual([['ab', 'c']]);
  });

  it('drops blanks after a closing quote and ends a line at a lone CR', () => {
    expect(parseDelimited('"a" \t;b\rc\r\rd', ';', true, { strict: true }).records).toEqual([
      ['a', 'b'],
      ['c'],
      [],
      ['d'],
    ]);
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '"', ',', '\n', '\r', ' ', '\t') }), (text) => {
        const parsed = parseDelimited(text, ',', true, { strict: true });
        expect(parsed.consumed).toBeLessThanOrEqual(text.length);
      }),
    );
  });
});
