import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { germanNumber } from './german-number';
import {
  compileImportPlan,
  type FieldMapping,
  headerKey,
  IMPORT_FIELD_NAMES,
  IMPORT_FIELDS,
  type ImportPlan,
  type ImportUnits,
  mapImportRow,
  parseBooleanCell,
  parseDecimal,
} from './import-mapping';

const CM_KG: ImportUnits = { unitWidth: 'CM', unitHeight: 'CM', unitDepth: 'CM', unitWeight: 'KG' };
const MM_G: ImportUnits = { unitWidth: 'MM', unitHeight: 'MM', unitDepth: 'MM', unitWeight: 'G' };

function plan(headers: string[], mapping: FieldMapping[], units = CM_KG): ImportPlan {
  const result = compileImportPlan(headers, mapping, units);
  if (!result.ok) throw new Error(`missing ${result.missingHeaders.join(', ')}`);
  return result.plan;
}

describe('parseDecimal', () => {
  it.each([
    ['1.234,56', 1234.56],
    ['1234,56', 1234.56],
    ['541,99', 541.99],
    ['89.9', 89.9],
    ['1.000', 1000],
    ['12.500', 12500],
    ['0.125', 0.125],
    ['1.25', 1.25],
    ['1.2345', 1.2345],
    ['1,234.56', 1234.56],
    ['1.234.567', 1234567],
    ['1,234,567', 1234567],
    ['1 234,5', 1234.5],
    ['12,50 €', 12.5],
    ['  7 ', 7],
    ['-3,5', -3.5],
    [',5', 0.5],
    [42, 42],
    [0, 0],
  ])('%j → %s', (cell, expected) => {
    expect(parseDecimal(cell)).toBe(expected);
  });

  it.each([['abc'], ['1.23.4'], ['12 mm'], ['1e5'], ['--1'], [true], [Number.POSITIVE_INFINITY]])(
    '%j is not a number',
    (cell) => {
      expect(parseDecimal(cell)).toBeNaN();
    },
  );

  it('is null for empty cells', () => {
    for (const cell of ['', '   ', null, undefined]) expect(parseDecimal(cell)).toBeNull();
  });

  it('reads back any amount written in German notation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (cents) => {
        const german = germanNumber(cents / 100, 3, 2);
        expect(parseDecimal(german)).toBe(cents / 100);
      }),
    );
  });
});

describe('parseBooleanCell', () => {
  it('reads the usual yes/no words', () => {
    for (const cell of ['ja', 'JA', 'x', '1', 'true', 'Wahr', 'y', true])
      expect(parseBooleanCell(cell)).toBe(true);
    for (const cell of ['nein', 'N', '0', 'false', 'falsch', '-', false])
      expect(parseBooleanCell(cell)).toBe(false);
    expect(parseBooleanCell('')).toBeNull();
    expect(parseBooleanCell('vielleicht')).toBeUndefined();
  });
});

describe('compileImportPlan', () => {
  it('finds headers case- and whitespace-insensitively', () => {
    const result = compileImportPlan(
      ['Hersteller', ' Bestell-Nr. ', 'BREITE  (mm)'],
      [
        { importHeader: 'bestell-nr.', articleField: 'orderNumber' },
        { importHeader: 'Breite (mm)', articleField: 'width' },
      ],
      CM_KG,
    );
    expect(result).toEqual({
      ok: true,
      plan: {
        columns: [
          { field: 'orderNumber', index: 1 },
          { field: 'width', index: 2 },
        ],
        units: CM_KG,
      },
    });
    expect(headerKey('  Höhe   (mm) ')).toBe('höhe (mm)');
  });

  it('names every mapped header the file lacks', () => {
    const result = compileImportPlan(
      ['Artikel'],
      [
        { importHeader: 'Bestellnummer', articleField: 'orderNumber' },
        { importHeader: 'Gewicht', articleField: 'weight' },
      ],
      CM_KG,
    );
    expect(result).toEqual({ ok: false, missingHeaders: ['Bestellnummer', 'Gewicht'] });
  });
});

describe('mapImportRow', () => {
  const headers = [
    'Nr',
    'HerstNr',
    'Text',
    'Breite',
    'Höhe',
    'Tiefe',
    'Gewicht',
    'Preis',
    'Lieferzeit',
    'RoHS',
    'Link',
  ];
  const mapping: FieldMapping[] = [
    { importHeader: 'Nr', articleField: 'orderNumber' },
    { importHeader: 'HerstNr', articleField: 'manufacturerNumber' },
    { importHeader: 'Text', articleField: 'description' },
    { importHeader: 'Breite', articleField: 'width' },
    { importHeader: 'Höhe', articleField: 'height' },
    { importHeader: 'Tiefe', articleField: 'depth' },
    { importHeader: 'Gewicht', articleField: 'weight' },
    { importHeader: 'Preis', articleField: 'listPrice' },
    { importHeader: 'Lieferzeit', articleField: 'deliveryTime' },
    { importHeader: 'RoHS', articleField: 'rohs' },
    { importHeader: 'Link', articleField: 'manufacturerLink' },
  ];

  it('converts millimetres and grams to cm and kg', () => {
    const result = mapImportRow(
      [
        '  2866763 ',
        'PC-1',
        'Netzteil 24 V',
        '516',
        '89,9',
        '1,2',
        '13180',
        '1.234,5678',
        '3',
        'ja',
        'www.example.com/a',
      ],
      plan(headers, mapping, MM_G),
    );
    expect(result).toEqual({
      kind: 'row',
      row: {
        orderNumber: '2866763',
        manufacturerNumber: 'PC-1',
        description: 'Netzteil 24 V',
        width: 51.6,
        height: 8.99,
        depth: 0.12,
        weight: 13.18,
        listPrice: 1234.5678,
        deliveryTime: 3,
        rohs: true,
        manufacturerLink: 'https://www.example.com/a',
      },
    });
  });

  it('keeps cm and kg as they are and takes numbers from spreadsheets directly', () => {
    const result = mapImportRow(
      ['A1', null, null, 12.5, 3, 0.25, 1.5, 10, null, null, null],
      plan(headers, mapping),
    );
    expect(result).toMatchObject({
      kind: 'row',
      row: { width: 12.5, height: 3, depth: 0.25, weight: 1.5, listPrice: 10 },
    });
  });

  it('names every problem of a refused row in German', () => {
    const result = mapImportRow(
      ['A1', '', '', 'breit', '-1', '', '', '', '2,5', 'vielleicht', 'kein link'],
      plan(headers, mapping),
    );
    expect(result).toEqual({
      kind: 'error',
      orderNumber: 'A1',
      reason:
        'Breite: „breit“ ist keine Zahl. Höhe: Der Wert darf nicht negativ sein. Lieferzeit (Tage): „2,5“ ist keine ganze Zahl. RoHS: „vielleicht“ ist kein Ja/Nein-Wert. Herstellerlink: „kein link“ ist keine gültige URL.',
    });
  });

  it('needs an order number or a manufacturer number', () => {
    expect(mapImportRow(['', '', 'nur Text'], plan(headers, mapping))).toEqual({
      kind: 'error',
      orderNumber: null,
      reason: 'Bestellnummer und Herstellernummer fehlen.',
    });
    expect(mapImportRow(['', 'H-1'], plan(headers, mapping))).toMatchObject({ kind: 'row' });
  });

  it('skips rows without any mapped value', () => {
    expect(mapImportRow([], plan(headers, mapping))).toEqual({ kind: 'empty' });
    expect(mapImportRow(['  ', null, ''], plan(headers, mapping))).toEqual({ kind: 'empty' });
  });

  it('refuses too long texts and too large amounts', () => {
    const result = mapImportRow(
      ['A', '', 'x'.repeat(4001), '', '', '', '', '2000000000'],
      plan(headers, mapping),
    );
    expect(result).toEqual({
      kind: 'error',
      orderNumber: 'A',
      reason: 'Beschreibung: Höchstens 4000 Zeichen. Listenpreis: Der Wert ist zu groß.',
    });
  });

  it('never throws, whatever the cells hold', () => {
    const everyField = plan(
      IMPORT_FIELD_NAMES.map((field) => field),
      IMPORT_FIELD_NAMES.map((field) => ({ importHeader: field, articleField: field })),
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.double(), fc.boolean(), fc.constant(null)), {
          maxLength: IMPORT_FIELD_NAMES.length,
        }),
        (cells) => {
          const result = mapImportRow(cells, everyField);
          expect(['empty', 'row', 'error']).toContain(result.kind);
        },
      ),
    );
  });

  it('has a German label for every field', () => {
    for (const field of IMPORT_FIELD_NAMES) expect(IMPORT_FIELDS[field].label.length).toBeGreaterThan(1);
  });
});
