import { describe, expect, it } from 'vitest';
import { listPricePerPiece, priceUnitDivisor, purchasePricePerPiece } from './article-price';

describe('purchasePricePerPiece', () => {
  it('is null without any price', () => {
    expect(
      purchasePricePerPiece({ purchasePrice: null, listPrice: null, priceUnitSize: 1, discountPercent: 10 }),
    ).toBeNull();
  });

  it('divides the purchase price by the price unit size when there is no list price', () => {
    expect(
      purchasePricePerPiece({
        purchasePrice: 12.5,
        listPrice: null,
        priceUnitSize: 100,
        discountPercent: 40,
      }),
    ).toBe(0.125);
    // A missing or zero price unit means one piece.
    expect(
      purchasePricePerPiece({
        purchasePrice: 12.5,
        listPrice: null,
        priceUnitSize: 0,
        discountPercent: null,
      }),
    ).toBe(12.5);
  });

  it('takes the list price less the group discount unless the purchase price is lower', () => {
    expect(
      purchasePricePerPiece({ purchasePrice: null, listPrice: 100, priceUnitSize: 1, discountPercent: 35 }),
    ).toBe(65);
    expect(
      purchasePricePerPiece({ purchasePrice: 70, listPrice: 100, priceUnitSize: 1, discountPercent: 35 }),
    ).toBe(65);
    expect(
      purchasePricePerPiece({ purchasePrice: 60, listPrice: 100, priceUnitSize: 1, discountPercent: 35 }),
    ).toBe(60);
    expect(
      purchasePricePerPiece({
        purchasePrice: null,
        listPrice: 48.9,
        priceUnitSize: 10,
        discountPercent: null,
      }),
    ).toBe(4.89);
  });

  it('rounds to four decimals (per-piece prices of small parts)', () => {
    expect(
      purchasePricePerPiece({ purchasePrice: 1, listPrice: null, priceUnitSize: 3, discountPercent: 0 }),
    ).toBe(0.3333);
    expect(
      purchasePricePerPiece({ purchasePrice: null, listPrice: 10, priceUnitSize: 1, discountPercent: 33.33 }),
    ).toBe(6.667);
  });
});

describe('listPricePerPiece: the price of one piece from a price per price unit', () => {
  it('divides the list price by the price unit size', () => {
    expect(listPricePerPiece(98, 100)).toBe(0.98);
    expect(listPricePerPiece(12.5, 1000)).toBe(0.0125);
    expect(listPricePerPiece(541.99, 1)).toBe(541.99);
  });

  it('takes a missing or zero price unit as one piece and no list price as none', () => {
    expect(listPricePerPiece(98, null)).toBe(98);
    expect(listPricePerPiece(98, 0)).toBe(98);
    expect(listPricePerPiece(null, 100)).toBeNull();
    expect(priceUnitDivisor(undefined)).toBe(1);
    expect(priceUnitDivisor(100)).toBe(100);
  });
});
