import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeCsvError } from './csv';
import {
  type DiscountGroupCsvRow,
  formatDiscountGroupCsv,
  parseDiscountGroupCsv,
} from './discount-group-csv';
import { nameKey } from './name-variants';

// With the characters that start a spreadsheet formula (=, +, -, @) and the apostrophe that guards them.
const name = fc
  .string({
    unit: fc.constantFrom('a', 'B', 'ü', 'ß', ' ', ',', ';', '"', ':', '&', '1', '=', '+', '-', '@', "'"),
  })
  .map((value) => value.trim())
  .filter((value) => value !== '');

const groupRow: fc.Arbitrary<DiscountGroupCsvRow> = fc
  .record({
    manufacturer: name,
    displayName: name,
    nameVariants: fc.uniqueArray(name, { maxLength: 3, selector: nameKey }),
    percent: fc.integer({ min: 0, max: 10000 }).map((hundredths) => hundredths / 100),
    wholesalerDiscounts: fc.uniqueArray(
      fc.record({ wholesaler: name, percent: fc.integer({ min: 0, max: 10000 }).map((h) => h / 100) }),
      { maxLength: 3, selector: (entry) => nameKey(entry.wholesaler) },
    ),
  })
  .filter((row) => !row.nameVariants.some((variant) => nameKey(variant) === nameKey(row.displayName)));

describe('discount group CSV', () => {
  it('reads back every file it writes', () => {
    fc.assert(
      fc.property(fc.array(groupRow, { maxLength: 5 }), (rows) => {
        const parsed = parseDiscountGroupCsv(formatDiscountGroupCsv(rows));
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(parsed.value.map((entry) => entry.group)).toEqual(rows);
      }),
    );
  });

  it('writes a formula-like name as text and reads it back unchanged', () => {
    const row: DiscountGroupCsvRow = {
      manufacturer: '=HYPERLINK("http://x","y")',
      displayName: '-A1',
      nameVariants: ['@B2', "'=C3"],
      percent: 12.5,
      wholesalerDiscounts: [{ wholesaler: '+Großhandel', percent: 3 }],
    };
    const text = formatDiscountGroupCsv([row]);
    expect(text.split('\r\n')[1]).toBe(
      `"'=HYPERLINK(""http://x"",""y"")","'-A1","'@B2\n'=C3","12,5","'+Großhandel: 3"`,
    );
    const parsed = parseDiscountGroupCsv(text);
    expect(parsed.ok && parsed.value[0]?.group).toEqual(row);
  });

  it('names the row and column of a bad percent', () => {
    const text = formatDiscountGroupCsv([
      { manufacturer: 'ABB', displayName: 'A', nameVariants: [], percent: 1, wholesalerDiscounts: [] },
    ]).replace('"1"', '"1,234"');
    const parsed = parseDiscountGroupCsv(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(describeCsvError(parsed.error)).toMatch(/^Zeile 2, Spalte „Rabatt in %“: /);
  });
});
