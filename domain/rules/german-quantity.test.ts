import { describe, expect, it } from 'vitest';
import { parseGermanQuantity, readGermanQuantity } from './german-quantity';

describe('parseGermanQuantity', () => {
  it.each([
    ['1', 1],
    ['20', 20],
    ['1,5', 1.5],
    ['0,25', 0.25],
    [',5', 0.5],
    ['1.5', 1.5],
    ['0.125', 0.125],
    ['1.000', 1000],
    ['12.500', 12500],
    ['1.000,5', 1000.5],
    ['1.234.567', 1234567],
    ['1,234.5', 1234.5],
    ['1,000', 1],
    ['1 000', 1000],
    ['1\u00a0000', 1000],
    ["1'000", 1000],
    ['2.', 2],
    ['  3  ', 3],
    ['+4', 4],
    ['0', 0],
    ['-2', -2],
  ])('%j is %d', (text, quantity) => {
    expect(parseGermanQuantity(text)).toBe(quantity);
  });

  it('takes spreadsheet numbers as they are', () => {
    expect(parseGermanQuantity(1.5)).toBe(1.5);
    expect(parseGermanQuantity(0)).toBe(0);
    expect(parseGermanQuantity(Number.NaN)).toBeNull();
    expect(parseGermanQuantity(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it.each([
    '',
    '   ',
    'Stk',
    'ca. 5',
    'nach Bedarf',
    '2 oder 3',
    '1/2',
    '5 - 6',
    '2 3',
    '1.23.4',
    '1,2,3',
    '12 34',
    '-',
  ])('%j is no quantity', (text) => {
    expect(parseGermanQuantity(text)).toBeNull();
  });

  it('is null for empty and boolean cells', () => {
    expect(parseGermanQuantity(null)).toBeNull();
    expect(parseGermanQuantity(undefined)).toBeNull();
    expect(parseGermanQuantity(true)).toBeNull();
  });
});

describe('readGermanQuantity', () => {
  it.each([
    ['2 Stk', 2, 'Stk'],
    ['2 Stk.', 2, 'Stk.'],
    ['3Stk', 3, 'Stk'],
    ['2,5 m', 2.5, 'm'],
    ['1.000 Stück', 1000, 'Stück'],
    ['4 m²', 4, 'm²'],
    ['4 m2', 4, 'm2'],
    ['10 lfm', 10, 'lfm'],
    ['1 VPE', 1, 'VPE'],
    ['1,5', 1.5, null],
  ])('%j is %d %s', (text, quantity, unit) => {
    expect(readGermanQuantity(text)).toEqual({ quantity, unit });
  });

  it('refuses a number followed by more than one word', () => {
    expect(readGermanQuantity('2 Stk je Seite')).toEqual({ quantity: null, unit: null });
  });
});
