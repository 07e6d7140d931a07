import { describe, expect, it } from 'vitest';
import {
  convertQuantity,
  countedUnitName,
  metresEach,
  packagesNeeded,
  quantityInArticleUnit,
  type UnitMeasure,
  unitMeasure,
  writtenLength,
} from './unit-dimensions';

const piece = (pack = 1): UnitMeasure => ({ dimension: 'PIECES', factor: 1, pack });

describe('unitMeasure', () => {
  it.each<[string, UnitMeasure]>([
    ['Stück', piece()],
    ['Stk', piece()],
    ['Stk.', piece()],
    ['St.', piece()],
    ['ST', piece()],
    ['Stck', piece()],
    ['pcs', piece()],
    ['Piece', piece()],
    ['C62', piece()],
    ['H87', piece()],
    ['PCE', piece()],
    ['EA', piece()],
    ['100 Stück', piece(100)],
    ['100 Stk', piece(100)],
    ['100 St', piece(100)],
    ['100 St.', piece(100)],
    ['50 pcs', piece(50)],
    ['VE 50', piece(50)],
    ['VPE 100', piece(100)],
    ['VE50', piece(50)],
    ['Pack 10', piece(10)],
    ['m', { dimension: 'LENGTH', factor: 1, pack: 1 }],
    ['M', { dimension: 'LENGTH', factor: 1, pack: 1 }],
    ['Meter', { dimension: 'LENGTH', factor: 1, pack: 1 }],
    ['lfm', { dimension: 'LENGTH', factor: 1, pack: 1 }],
    ['lfd. m', { dimension: 'LENGTH', factor: 1, pack: 1 }],
    ['MTR', { dimension: 'LENGTH', factor: 1, pack: 1 }],
    ['LM', { dimension: 'LENGTH', factor: 1, pack: 1 }],
    ['Meterware', { dimension: 'LENGTH', factor: 1, pack: 1 }],
    ['MMT', { dimension: 'LENGTH', factor: 0.001, pack: 1 }],
    ['mm', { dimension: 'LENGTH', factor: 0.001, pack: 1 }],
    ['CMT', { dimension: 'LENGTH', factor: 0.01, pack: 1 }],
    ['cm', { dimension: 'LENGTH', factor: 0.01, pack: 1 }],
    ['KMT', { dimension: 'LENGTH', factor: 1000, pack: 1 }],
    ['100 m', { dimension: 'LENGTH', factor: 1, pack: 100 }],
    ['kg', { dimension: 'WEIGHT', factor: 1, pack: 1 }],
    ['KGM', { dimension: 'WEIGHT', factor: 1, pack: 1 }],
    ['Kilogramm', { dimension: 'WEIGHT', factor: 1, pack: 1 }],
    ['GRM', { dimension: 'WEIGHT', factor: 0.001, pack: 1 }],
    ['g', { dimension: 'WEIGHT', factor: 0.001, pack: 1 }],
    ['TNE', { dimension: 'WEIGHT', factor: 1000, pack: 1 }],
    ['t', { dimension: 'WEIGHT', factor: 1000, pack: 1 }],
    ['2,5 kg', { dimension: 'WEIGHT', factor: 1, pack: 2.5 }],
    ['m²', { dimension: 'AREA', factor: 1, pack: 1 }],
    ['qm', { dimension: 'AREA', factor: 1, pack: 1 }],
    ['MTK', { dimension: 'AREA', factor: 1, pack: 1 }],
    ['cm²', { dimension: 'AREA', factor: 0.0001, pack: 1 }],
    ['LTR', { dimension: 'VOLUME', factor: 1, pack: 1 }],
    ['l', { dimension: 'VOLUME', factor: 1, pack: 1 }],
    ['Liter', { dimension: 'VOLUME', factor: 1, pack: 1 }],
    ['ml', { dimension: 'VOLUME', factor: 0.001, pack: 1 }],
    ['MTQ', { dimension: 'VOLUME', factor: 1000, pack: 1 }],
    ['m³', { dimension: 'VOLUME', factor: 1000, pack: 1 }],
  ])('%j is %o', (name, measure) => {
    expect(unitMeasure(name)).toEqual(measure);
  });

  it.each([
    'Packung',
    'Pkt',
    'Rolle',
    'Satz',
    'Karton',
    'Hundert',
    '',
    '0 Stück',
    '100 Kisten',
    'VE',
    'mm² Stk',
  ])('%j has no known measure (its size is not written in it)', (name) => {
    expect(unitMeasure(name)).toBeNull();
  });

  it('has no measure without a name', () => {
    expect(unitMeasure(null)).toBeNull();
    expect(unitMeasure(undefined)).toBeNull();
  });
});

describe('convertQuantity', () => {
  it.each<[number, string, string, number | null]>([
    [40, 'Stk', '100 Stück', 40],
    [2, '100 Stk', 'Stück', 200],
    [2, '100 Stück', '100 Stück', 200],
    [3, 'VE 50', 'Stk', 150],
    [250, 'cm', 'm', 2.5],
    [2, 'm', 'mm', 2000],
    [1500, 'g', 'kg', 1.5],
    [1, 'TNE', 'KGM', 1000],
    [2, 'qm', 'cm²', 20000],
    [500, 'ml', 'l', 0.5],
    [1, 'MTQ', 'LTR', 1000],
    [3, 'Stk', 'm', null],
    [2, 'm', 'kg', null],
    [1, 'm²', 'm', null],
    [1, 'l', 'kg', null],
  ])('%d %s in %s is %o', (quantity, from, to, result) => {
    const fromMeasure = unitMeasure(from);
    const toMeasure = unitMeasure(to);
    if (!fromMeasure || !toMeasure) throw new Error('both units are known');
    expect(convertQuantity(quantity, fromMeasure, toMeasure)).toBe(result);
  });
});

describe('packagesNeeded', () => {
  it.each<[number | null, string[], number | null]>([
    [40, ['100 Stück'], 1],
    [100, ['100 Stück'], 1],
    [101, ['100 Stück'], 2],
    [300, ['100 Stück', '100 Stk'], 3],
    [0.5, ['100 Stück'], 1],
    [120, ['VE 50'], 3],
    [120, ['Hundert', '100 Stk'], 2],
    [40, ['Stück', 'Stk'], null],
    [10, ['Meter', 'm'], null],
    [40, ['Packung'], null],
    [null, ['100 Stück'], null],
    [0, ['100 Stück'], null],
  ])('%o in %j are %o packages', (quantity, names, packages) => {
    expect(packagesNeeded(quantity, names)).toBe(packages);
  });
});

describe('writtenLength', () => {
  it.each<[string, string, number]>([
    ['ÖLFLEX CLASSIC 110 3G1,5 - 10.0 M', 'ÖLFLEX CLASSIC 110 3G1,5', 10],
    ['ÖLFLEX CLASSIC 110 3G1,5 - 10,5 m', 'ÖLFLEX CLASSIC 110 3G1,5', 10.5],
    ['ÖLFLEX CLASSIC 110 3G1,5 – 7 m', 'ÖLFLEX CLASSIC 110 3G1,5', 7],
    ['ÖLFLEX CLASSIC 110 3G1,5 -  250 cm', 'ÖLFLEX CLASSIC 110 3G1,5', 2.5],
    ['ÖLFLEX CLASSIC 110 3G1,5 - 2500mm', 'ÖLFLEX CLASSIC 110 3G1,5', 2.5],
    ['ÖLFLEX CLASSIC 110 3G1,5 - 12 Meter', 'ÖLFLEX CLASSIC 110 3G1,5', 12],
    ['H07V-K 1X1,5 (15 m)', 'H07V-K 1X1,5', 15],
    ['H07V-K 1X1,5, L = 3 m', 'H07V-K 1X1,5', 3],
    ['H07V-K 1X1,5 L=3m', 'H07V-K 1X1,5', 3],
    ['1120303 - 5 lfm', '1120303', 5],
  ])('%j is %j with %d m', (text, rest, metres) => {
    expect(writtenLength(text)).toEqual({ rest, metres });
  });

  it.each([
    '3RT2015-1BB41',
    '3RT2015 - 1BB41',
    'ÖLFLEX CLASSIC 110 3G1,5',
    'ÖLFLEX CLASSIC 110 4G1,5 mm²',
    'NYM-J 3x1,5 - 10 mm²',
    'Kabel - 10 Stk',
    'Kabel - 0 m',
    '- 10 m',
    'Kabel 10 m Ring',
    '',
  ])('%j carries no length', (text) => {
    expect(writtenLength(text)).toBeNull();
  });
});

describe('metresEach', () => {
  it.each<[(string | null)[], number | null]>([
    [['ÖLFLEX CLASSIC 110 3G1,5 - 10.0 M', null], 10],
    [[null, 'ÖLFLEX CLASSIC 110 3G1,5 - 10.0 M'], 10],
    [['1120303', 'Steuerleitung, Meterware'], 1],
    [['1120303', 'METERWARE'], 1],
    [['1120303 - 5 m', 'Meterware'], 5],
    [['3RT2015-1BB41', 'Schütz'], null],
    [[null, null], null],
  ])('%j: %o m each', (texts, metres) => {
    expect(metresEach(texts)).toBe(metres);
  });
});

describe('quantityInArticleUnit', () => {
  const terminal = { unitId: 'u-100', unitNames: ['100 Stück', '100 Stk', 'Hundert'] };
  const cable = { unitId: 'u-m', unitNames: ['Meter', 'm', 'mtr', 'lfm'] };
  const pack = { unitId: 'u-pck', unitNames: ['Packung', 'Pck', 'PAK'] };
  const stk = { name: 'Stk', unitId: 'u-stk', unitNames: ['Stück', 'Stk', 'St.', 'pcs'] };
  const none = { name: null, unitId: null, unitNames: [] };

  it.each<
    [
      string,
      number,
      Parameters<typeof quantityInArticleUnit>[1],
      { unitId: string | null; unitNames: string[] },
      number | null,
    ]
  >([
    ['pieces against a pack of 100 count pieces', 40, stk, terminal, 40],
    [
      'an unresolved C62 against a pack of 100',
      40,
      { name: 'C62', unitId: null, unitNames: [] },
      terminal,
      40,
    ],
    [
      'the pack itself counts its pieces',
      2,
      { name: '100 Stk', unitId: 'u-100', unitNames: terminal.unitNames },
      terminal,
      200,
    ],
    ['no unit counts in the article unit', 40, none, terminal, 40],
    ['metres against metres', 10, { name: 'MTR', unitId: null, unitNames: [] }, cable, 10],
    ['centimetres against metres', 250, { name: 'cm', unitId: null, unitNames: [] }, cable, 2.5],
    ['pieces with a length in the number', 2, { ...stk, metresEach: 10 }, cable, 20],
    ['no unit with a length in the number', 1, { ...none, metresEach: 10 }, cable, 10],
    ['Meterware counted in pieces', 25, { ...stk, metresEach: 1 }, cable, 25],
    [
      'a length in the number against pieces is ignored',
      3,
      { ...stk, metresEach: 10 },
      { unitId: 'u-stk', unitNames: ['Stück'] },
      3,
    ],
    ['pieces against metres are a wrong unit', 3, stk, cable, null],
    ['kg against metres are a wrong unit', 3, { name: 'kg', unitId: null, unitNames: [] }, cable, null],
    ['pieces against a pack of unknown size are a wrong unit', 3, stk, pack, null],
    ['a pack against itself by a variant', 3, { name: 'PAK', unitId: null, unitNames: [] }, pack, 3],
    [
      'an article without unit takes the quantity',
      3,
      { name: 'kg', unitId: null, unitNames: [] },
      { unitId: null, unitNames: [] },
      3,
    ],
  ])('%s', (_, quantity, line, article, result) => {
    expect(quantityInArticleUnit(quantity, line, article)).toBe(result);
  });
});

describe('countedUnitName', () => {
  it.each<[string | null, string | null]>([
    ['100 Stück', 'Stück'],
    ['100 St.', 'St.'],
    ['VE 50', 'Stück'],
    ['100 m', 'm'],
    ['Stück', 'Stück'],
    ['Meter', 'Meter'],
    ['Packung', 'Packung'],
    [null, null],
  ])('%j counts %j', (name, counted) => {
    expect(countedUnitName(name)).toBe(counted);
  });
});
