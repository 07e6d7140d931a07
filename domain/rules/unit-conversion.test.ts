import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LENGTH_UNITS, WEIGHT_UNITS } from '../enums';
import { roundTo, shiftDecimal, toCentimetres, toKilograms } from './unit-conversion';

describe('toCentimetres', () => {
  it.each([
    [516, 'MM', 51.6],
    [89.9, 'MM', 8.99],
    [0.1, 'MM', 0.01],
    [0.04, 'MM', 0],
    [0.05, 'MM', 0.01],
    [12.345, 'CM', 12.35],
    [3, 'DM', 30],
    [0.25, 'DM', 2.5],
    [2.5, 'M', 250],
    [0.001, 'M', 0.1],
  ] as const)('%s %s = %s cm', (value, unit, expected) => {
    expect(toCentimetres(value, unit)).toBe(expected);
  });

  it('is the identity for cm values with two decimals, and monotonic in every unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (hundredths) => {
        expect(toCentimetres(hundredths / 100, 'CM')).toBe(hundredths / 100);
      }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...LENGTH_UNITS),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (unit, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(toCentimetres(low, unit)).toBeLessThanOrEqual(toCentimetres(high, unit));
        },
      ),
    );
  });
});

describe('toKilograms', () => {
  it.each([
    [13180, 'G', 13.18],
    [15, 'G', 0.015],
    [0.4, 'G', 0.0004],
    [0.04, 'G', 0],
    [2500, 'MG', 0.0025],
    [49, 'MG', 0],
    [50, 'MG', 0.0001],
    [1.23456, 'KG', 1.2346],
    [7, 'KG', 7],
  ] as const)('%s %s = %s kg', (value, unit, expected) => {
    expect(toKilograms(value, unit)).toBe(expected);
  });

  it('converts through grams consistently: x mg = (x / 1000) g', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (milligrams) => {
        expect(toKilograms(milligrams, 'MG')).toBe(toKilograms(milligrams / 1000, 'G'));
      }),
    );
    for (const unit of WEIGHT_UNITS) expect(toKilograms(0, unit)).toBe(0);
  });
});

describe('shiftDecimal / roundTo', () => {
  it('shifts without binary noise', () => {
    expect(shiftDecimal(0.1, -1)).toBe(0.01);
    expect(shiftDecimal(8.99, 2)).toBe(899);
    expect(shiftDecimal(1.1, 1)).toBe(11);
    expect(shiftDecimal(0, 5)).toBe(0);
  });

  it('rounds half away from zero in decimal', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(1.00004, 4)).toBe(1);
    expect(roundTo(123456789.125, 2)).toBe(123456789.13);
  });
});

describe('the fast path agrees with exact decimal rounding', () => {
  /** The reference: decimal shift and rounding on the shortest decimal representation. */
  function reference(value: number, exponent: number, scale: number): number {
    const shifted = shiftDecimal(Math.abs(shiftDecimal(value, exponent)), scale);
    const rounded = shiftDecimal(Math.round(shifted), -scale);
    return value < 0 ? -rounded : rounded;
  }

  it('for random values of up to six decimals, every unit and both scales', () => {
    // Values as typed in a catalog: up to nine integer digits and up to six decimals, a few negative.
    const typed = fc
      .tuple(fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 6 }), fc.boolean())
      .map(
        ([digits, decimals, negative]) =>
          (negative ? -1 : 1) * Number((digits / 10 ** decimals).toFixed(decimals)),
      );
    fc.assert(
      fc.property(typed, (signed) => {
        for (const unit of LENGTH_UNITS) {
          expect(toCentimetres(signed, unit)).toBe(
            reference(signed, { MM: -1, CM: 0, DM: 1, M: 2 }[unit], 2) || 0,
          );
        }
        for (const unit of WEIGHT_UNITS) {
          expect(toKilograms(signed, unit)).toBe(reference(signed, { MG: -6, G: -3, KG: 0 }[unit], 4) || 0);
        }
        expect(roundTo(signed, 4)).toBe(reference(signed, 0, 4) || 0);
      }),
      { numRuns: 2_000, seed: 42 },
    );
  });

  it('for ties, which round away from zero', () => {
    expect(roundTo(0.125, 2)).toBe(0.13);
    expect(roundTo(-0.125, 2)).toBe(-0.13);
    expect(toCentimetres(0.05, 'MM')).toBe(0.01);
    expect(toKilograms(0.00005, 'KG')).toBe(0.0001);
    expect(toKilograms(1.5, 'MG')).toBe(0);
  });
});
