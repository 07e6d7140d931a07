import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeCsvError } from './csv';
import { eclassExportFileName, formatEclassCsv, parseEclassCsv } from './eclass-csv';

// With the characters that start a spreadsheet formula (=, +, -, @) and the apostrophe that guards them.
const text = fc
  .string({
    unit: fc.constantFrom('a', 'B', 'ü', 'ß', ' ', ',', ';', '"', ':', '&', '1', '=', '+', '-', '@', "'"),
  })
  .map((value) => value.trim())
  .filter((value) => value !== '');

describe('E-Class CSV', () => {
  it('reads back every file it writes', () => {
    const entry = fc.record({
      eclassNumber: fc.integer({ min: 10_000_000, max: 99_999_999 }).map(String),
      description: text,
      workTime: fc.integer({ min: 0, max: 100000 }).map((hundredths) => hundredths / 100),
      firstLevelOrder: fc.nat({ max: 1000 }),
      secondLevelOrder: fc.nat({ max: 1000 }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(entry, { maxLength: 5, selector: (e) => e.eclassNumber }), (rows) => {
        const parsed = parseEclassCsv(formatEclassCsv(rows));
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(parsed.value.map((e) => e.entry)).toEqual(rows);
      }),
    );
  });

  it('names the export with the German date in Berlin', () => {
    expect(eclassExportFileName(new Date('2026-11-20T23:30:00Z'))).toBe('E-Class_21.11.2026.csv');
  });
});

describe('E-Class CSV import', () => {
  it('takes commas or semicolons and hyphenated numbers, and names the first bad row', () => {
    const parsed = parseEclassCsv(
      'E-Class-Nummer,Beschreibung,Arbeitszeit in Minuten pro Stück,Sortierung 1. Ebene,Sortierung 2. Ebene\n27-37-10-01,Schütz,"1,5",27,37\n',
    );
    expect(parsed).toEqual({
      ok: true,
      value: [
        {
          row: 2,
          entry: {
            eclassNumber: '27371001',
            description: 'Schütz',
            workTime: 1.5,
            firstLevelOrder: 27,
            secondLevelOrder: 37,
          },
        },
      ],
    });
    const bad = parseEclassCsv(
      'E-Class-Nummer;Beschreibung;Arbeitszeit in Minuten pro Stück;Sortierung 1. Ebene;Sortierung 2. Ebene\n2737100;X;1;1;1\n',
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(describeCsvError(bad.error)).toBe(
        'Zeile 2, Spalte „E-Class-Nummer“: Die E-Class-Nummer muss aus genau 8 Ziffern bestehen.',
      );
  });
});
