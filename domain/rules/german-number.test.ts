import { describe, expect, it } from 'vitest';
import { germanNumber, germanPiecePrice, germanPrice, germanWholeEuros } from './german-number';

describe('germanNumber', () => {
  it('writes what toLocaleString("de-DE") writes by default', () => {
    for (const value of [0, 1, 1234, 1234.5678, -0.5, 1e9]) {
      expect(germanNumber(value)).toBe(value.toLocaleString('de-DE'));
    }
    expect(germanNumber(1234.5678)).toBe('1.234,568');
  });

  it('keeps at most the given decimals and at least the minimum', () => {
    expect(germanNumber(1234.5678, 2)).toBe('1.234,57');
    expect(germanNumber(12, 2)).toBe('12');
    expect(germanNumber(12, 3, 2)).toBe('12,00');
    expect(germanNumber(0.1234567, 6)).toBe('0,123457');
  });
});

/** Intl puts a no-break space between amount and currency sign. */
const euro = (amount: string) => `${amount}\u00a0€`;

describe('prices', () => {
  it('writes euros with cents, a piece price with up to four decimals and whole euros', () => {
    expect(germanPrice(12500)).toBe(euro('12.500,00'));
    expect(germanPiecePrice(0.98)).toBe(euro('0,98'));
    expect(germanPiecePrice(0.0125)).toBe(euro('0,0125'));
    expect(germanWholeEuros(1234.4)).toBe(euro('1.234'));
  });
});
