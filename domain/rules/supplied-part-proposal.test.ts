import { describe, expect, it } from 'vitest';
import type { BomFieldMappingEntry } from '../schemas/bom';
import { proposeSuppliedPartColumn, withSuppliedPartColumn } from './supplied-part-proposal';

const headers = ['BMK\n-', 'Teileart', 'Bezeichnung', 'Bemerkung'];

describe('proposeSuppliedPartColumn', () => {
  it.each([
    ['Beistellung', 'beistellung'],
    ['BEIGESTELLT', 'beigestellt'],
    ['vom Kunden beigestellt', 'beigestellt'],
    ['Kundenbeistellung', 'beistellung'],
  ])('a column with %j is proposed with the text %j', (value, text) => {
    expect(
      proposeSuppliedPartColumn(headers, [
        ['-K1', 'Elektrotechnik', 'Schütz', null],
        ['-K2', value],
      ]),
    ).toEqual({ importHeader: 'Teileart', text });
  });

  it('takes the column with the most such cells and its most frequent word', () => {
    const rows = [
      ['-K1', 'Beistellung', 'Schütz', 'beigestellt'],
      ['-K2', 'Beistellung', 'Schütz', null],
      ['-K3', 'beigestellt', null, null],
      ['-K4', 'Beistellung', null, null],
    ];
    expect(proposeSuppliedPartColumn(headers, rows)).toEqual({
      importHeader: 'Teileart',
      text: 'beistellung',
    });
  });

  it('the leftmost column on a tie; the header with its line break written as a space', () => {
    expect(proposeSuppliedPartColumn(['Beist.\nText', 'Notiz'], [['beigestellt', 'beigestellt']])).toEqual({
      importHeader: 'Beist. Text',
      text: 'beigestellt',
    });
  });

  it.each<[string, (string | number | null)[][]]>([
    ['no such word', [['-K1', 'Elektrotechnik', 'Schütz', 'x']]],
    ['no rows', []],
    ['only numbers and empty cells', [[1, 2, null, '']]],
  ])('nothing with %s', (_case, rows) => {
    expect(proposeSuppliedPartColumn(headers, rows)).toBeNull();
  });

  it('ignores values below an empty header and a repeated header', () => {
    expect(proposeSuppliedPartColumn(['A', '', 'a'], [['x', 'beigestellt', 'Beistellung']])).toBeNull();
  });
});

describe('withSuppliedPartColumn', () => {
  const base: BomFieldMappingEntry[] = [
    { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
    { importHeader: 'Bezeichnung', bomField: 'description' },
  ];

  it('adds the column found by its values with its word', () => {
    expect(withSuppliedPartColumn(base, { importHeader: 'Teileart', text: 'beistellung' })).toEqual({
      mapping: [...base, { importHeader: 'Teileart', bomField: 'isSuppliedPart' }],
      suppliedPartString: 'beistellung',
    });
  });

  it('replaces a supplied-part column proposed by its name only', () => {
    const named = [...base, { importHeader: 'Beigestellt', bomField: 'isSuppliedPart' as const }];
    expect(withSuppliedPartColumn(named, { importHeader: 'teileart', text: 'beigestellt' })).toEqual({
      mapping: [...base, { importHeader: 'teileart', bomField: 'isSuppliedPart' }],
      suppliedPartString: 'beigestellt',
    });
  });

  it('keeps a column the name already proposed as supplied-part column and proposes the text', () => {
    const named = [...base, { importHeader: 'Beistellung', bomField: 'isSuppliedPart' as const }];
    expect(withSuppliedPartColumn(named, { importHeader: 'BEISTELLUNG', text: 'beistellung' })).toEqual({
      mapping: named,
      suppliedPartString: 'beistellung',
    });
  });

  it('leaves a column mapped to another field alone and proposes no text', () => {
    expect(withSuppliedPartColumn(base, { importHeader: 'Bezeichnung', text: 'beistellung' })).toEqual({
      mapping: base,
      suppliedPartString: null,
    });
  });

  it('without a proposal the mapping stays', () => {
    expect(withSuppliedPartColumn(base, null)).toEqual({ mapping: base, suppliedPartString: null });
  });
});
