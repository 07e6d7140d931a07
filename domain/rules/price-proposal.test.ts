import { describe, expect, it } from 'vitest';
import {
  applyMarkup,
  type PriceProposal,
  type PriceProposalArticle,
  proposePrice,
  roundToCents,
  type SupplierPricingTerms,
} from './price-proposal';

const article = (values: Partial<PriceProposalArticle>): PriceProposalArticle => ({
  purchasePrice: null,
  listPrice: null,
  priceUnitSize: 1,
  discountGroup: null,
  wholesalerPrice: null,
  ...values,
});
const terms = (values: Partial<SupplierPricingTerms> = {}): SupplierPricingTerms => ({
  ownDiscountPercent: null,
  markupPercent: 0,
  ...values,
});
const group = { name: 'PG 110', percent: 40 };
const sonepar = { name: 'Sonepar', purchasePrice: 50 };

describe('proposePrice: the source of each line price', () => {
  const cases: [string, PriceProposalArticle, SupplierPricingTerms, PriceProposal | null][] = [
    [
      'the wholesaler of choice first, even with list price and group',
      article({ wholesalerPrice: sonepar, listPrice: 100, discountGroup: group, purchasePrice: 20 }),
      terms(),
      { basePricePerPiece: 50, pricePerPiece: 50, source: 'WHOLESALER', sourceName: 'Sonepar' },
    ],
    [
      'else the list price less the group percent',
      article({ listPrice: 100, discountGroup: group, purchasePrice: 20 }),
      terms(),
      { basePricePerPiece: 60, pricePerPiece: 60, source: 'DISCOUNT_GROUP', sourceName: 'PG 110' },
    ],
    [
      "the supplier's own discount replaces the group's percent",
      article({ listPrice: 100, discountGroup: group }),
      terms({ ownDiscountPercent: 55 }),
      { basePricePerPiece: 45, pricePerPiece: 45, source: 'DISCOUNT_GROUP', sourceName: 'PG 110' },
    ],
    [
      'an own discount of 0 is a discount of 0, not the group percent',
      article({ listPrice: 100, discountGroup: group }),
      terms({ ownDiscountPercent: 0 }),
      { basePricePerPiece: 100, pricePerPiece: 100, source: 'DISCOUNT_GROUP', sourceName: 'PG 110' },
    ],
    [
      'a discount above 100 % is clamped (never a negative price)',
      article({ listPrice: 100, discountGroup: group }),
      terms({ ownDiscountPercent: 150 }),
      { basePricePerPiece: 0, pricePerPiece: 0, source: 'DISCOUNT_GROUP', sourceName: 'PG 110' },
    ],
    [
      'without a group the article purchase price',
      article({ listPrice: 100, purchasePrice: 70 }),
      terms(),
      { basePricePerPiece: 70, pricePerPiece: 70, source: 'CATALOG', sourceName: null },
    ],
    [
      'without a group and purchase price the list price',
      article({ listPrice: 100 }),
      terms(),
      { basePricePerPiece: 100, pricePerPiece: 100, source: 'CATALOG', sourceName: null },
    ],
    [
      'a group without list price falls back to the purchase price',
      article({ discountGroup: group, purchasePrice: 12 }),
      terms(),
      { basePricePerPiece: 12, pricePerPiece: 12, source: 'CATALOG', sourceName: null },
    ],
    ['no price at all: no proposal', article({ discountGroup: group }), terms({ markupPercent: 20 }), null],
  ];
  for (const [name, input, pricing, expected] of cases) {
    it(name, () => expect(proposePrice(input, pricing)).toEqual(expected));
  }
});

describe('proposePrice: price units of 100', () => {
  const cases: [string, PriceProposalArticle, number][] = [
    [
      'wholesaler price per 100',
      article({ priceUnitSize: 100, wholesalerPrice: { name: 'W', purchasePrice: 98 } }),
      0.98,
    ],
    [
      'list price per 100 less 40 %',
      article({ priceUnitSize: 100, listPrice: 12.25, discountGroup: group }),
      0.0735,
    ],
    ['purchase price per 100', article({ priceUnitSize: 100, purchasePrice: 7 }), 0.07],
    ['price unit 0 means one piece', article({ priceUnitSize: 0, purchasePrice: 7 }), 7],
    ['missing price unit means one piece', article({ priceUnitSize: null, purchasePrice: 7 }), 7],
    [
      'fractions below a hundredth of a cent are rounded',
      article({ priceUnitSize: 1000, purchasePrice: 1.23456 }),
      0.0012,
    ],
  ];
  for (const [name, input, base] of cases) {
    it(name, () => expect(proposePrice(input, terms())?.basePricePerPiece).toBe(base));
  }
});

describe('markup', () => {
  const cases: [number, number, number][] = [
    [100, 15, 115],
    [0.0735, 20, 0.0882],
    [19.99, 0, 19.99],
    [10, -5, 10],
    [10, 2000, 110],
    [0.1, 33.333, 0.1333],
  ];
  for (const [base, percent, expected] of cases) {
    it(`${base} + ${percent} % = ${expected}`, () => expect(applyMarkup(base, percent)).toBe(expected));
  }
  it('a proposal carries the markup on its base', () => {
    expect(
      proposePrice(article({ listPrice: 100, discountGroup: group }), terms({ markupPercent: 25 })),
    ).toEqual({ basePricePerPiece: 60, pricePerPiece: 75, source: 'DISCOUNT_GROUP', sourceName: 'PG 110' });
  });
});

describe('roundToCents', () => {
  const cases: [number, number][] = [
    [0.0735, 0.07],
    [0.0882, 0.09],
    [1.005, 1.01],
    [2.675, 2.68],
    [19.99, 19.99],
    [0.004999, 0],
    [0, 0],
  ];
  for (const [price, expected] of cases) {
    it(`${price} -> ${expected}`, () => expect(roundToCents(price)).toBe(expected));
  }
});
