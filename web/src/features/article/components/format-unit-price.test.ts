import { describe, expect, it } from 'vitest';
import { formatPiecePrice, formatUnitPrice } from './format-unit-price';

// Intl writes a narrow no-break space before the euro sign; compare with plain spaces.
const plain = (text: string | null) => text?.replace(/\u00a0|\u202f/g, ' ') ?? null;

describe('formatUnitPrice: the price per price unit with the price of one piece', () => {
  it('shows a price per 100 with its unit and the price of one piece', () => {
    const text = formatUnitPrice(98, 100, 'Stk');
    expect(plain(text.price)).toBe('98,00 € / 100 Stk');
    expect(plain(text.perPiece)).toBe('0,98 € / Stk');
  });

  it('keeps up to four decimals for the piece and names a fallback unit', () => {
    const text = formatUnitPrice(12.5, 1000, null);
    expect(plain(text.price)).toBe('12,50 € / 1.000 Stück');
    expect(plain(text.perPiece)).toBe('0,0125 € / Stück');
    expect(plain(formatUnitPrice(7, 2.5, 'm').perPiece)).toBe('2,80 € / m');
  });

  it('shows a price of one piece as it is and no price as a dash', () => {
    expect(formatUnitPrice(312.4, 1, 'Stk')).toEqual({
      price: expect.stringMatching(/^312,40\s€$/),
      perPiece: null,
    });
    expect(formatUnitPrice(312.4, null, 'Stk').perPiece).toBeNull();
    expect(formatUnitPrice(312.4, 0, 'Stk').perPiece).toBeNull();
    expect(formatUnitPrice(null, 100, 'Stk')).toEqual({ price: '–', perPiece: null });
    expect(plain(formatPiecePrice(0.98))).toBe('0,98 €');
  });
});
