import { describe, expect, it } from 'vitest';
import {
  countSuppliedParts,
  type EstimateArticle,
  type EstimateLine,
  errorFactor,
  estimate,
  lowWorkFactor,
  markup,
  priceLine,
  sumLinePrices,
  suppliedPartSurcharge,
  workCost,
  workMinutes,
} from './estimate';

function article(values: Partial<EstimateArticle>): EstimateArticle {
  return {
    purchasePrice: null,
    listPrice: null,
    priceUnitSize: 1,
    discountPercent: null,
    workTimeMinutes: null,
    ...values,
  };
}

function line(values: Partial<EstimateLine>): EstimateLine {
  return { quantity: 1, isSuppliedPart: false, hasError: false, article: null, ...values };
}

// A small BOM, computed by hand below.
// A: contactor, list 100 € less 35 % = 65 € (purchase 70 € is higher), 2 pieces, 5 min each -> 130.00, discounted
// B: terminals, no list price, 12.50 € per 100, 40 pieces, 0.5 min each -> 5.00, rest
// C: relay, list 10 € less 20 % = 8 €, purchase 7 € is lower, 3 pieces, 2 min each -> 21.00, rest
// D: not found (error), 1 piece
const contactor = line({
  quantity: 2,
  article: article({ listPrice: 100, discountPercent: 35, purchasePrice: 70, workTimeMinutes: 5 }),
});
const terminals = line({
  quantity: 40,
  article: article({ purchasePrice: 12.5, priceUnitSize: 100, workTimeMinutes: 0.5 }),
});
const relay = line({
  quantity: 3,
  article: article({ listPrice: 10, discountPercent: 20, purchasePrice: 7, workTimeMinutes: 2 }),
});
const notFound = line({ quantity: 1, hasError: true });
const bom = [contactor, terminals, relay, notFound];

describe('priceLine', () => {
  it('without a list price: purchase price / price unit size x quantity', () => {
    expect(priceLine(article({ purchasePrice: 12.5, priceUnitSize: 100 }), 40)).toEqual({
      price: 5,
      source: 'PURCHASE_PRICE',
    });
    // 12.50 / 100 x 3 = 0.375 -> 0.38 (half up)
    expect(priceLine(article({ purchasePrice: 12.5, priceUnitSize: 100 }), 3)?.price).toBe(0.38);
  });

  it('with a list price: list price per piece less the discount unless the purchase price is lower', () => {
    expect(priceLine(article({ listPrice: 100, discountPercent: 35, purchasePrice: 70 }), 2)).toEqual({
      price: 130,
      source: 'DISCOUNTED_LIST_PRICE',
    });
    expect(priceLine(article({ listPrice: 10, discountPercent: 20, purchasePrice: 7 }), 3)).toEqual({
      price: 21,
      source: 'PURCHASE_PRICE',
    });
    // 98 € per 100 less 30 % = 68.60 € per 100 = 0.686 € a piece; 2.5 m -> 1.715 -> 1.72
    expect(priceLine(article({ listPrice: 98, discountPercent: 30, priceUnitSize: 100 }), 2.5)).toEqual({
      price: 1.72,
      source: 'DISCOUNTED_LIST_PRICE',
    });
    // Without a discount group the list price is taken as it is (still the list-price branch).
    expect(priceLine(article({ listPrice: 4.99 }), 3)).toEqual({
      price: 14.97,
      source: 'DISCOUNTED_LIST_PRICE',
    });
  });

  it('is null without a price or a positive quantity', () => {
    expect(priceLine(article({}), 3)).toBeNull();
    expect(priceLine(article({ purchasePrice: 5 }), 0)).toBeNull();
    expect(priceLine(article({ purchasePrice: 5 }), null)).toBeNull();
    expect(priceLine(article({ purchasePrice: 5 }), -1)).toBeNull();
  });
});

describe('sumLinePrices', () => {
  it('sums discounted list prices apart from the rest', () => {
    expect(sumLinePrices(bom)).toEqual({
      discountedSum: 130,
      restSum: 26,
      materialSum: 156,
      pricedLines: 3,
      unpricedLines: 0,
    });
  });

  it('prices no supplied part and counts matched lines without a price', () => {
    const supplied = line({ isSuppliedPart: true, article: article({ purchasePrice: 500 }) });
    const noPrice = line({ article: article({ workTimeMinutes: 3 }) });
    expect(sumLinePrices([contactor, supplied, noPrice])).toEqual({
      discountedSum: 130,
      restSum: 0,
      materialSum: 130,
      pricedLines: 1,
      unpricedLines: 1,
    });
  });

  it('adds in cents (no binary noise)', () => {
    const dime = line({ article: article({ purchasePrice: 0.1 }) });
    const twenty = line({ article: article({ purchasePrice: 0.2 }) });
    expect(sumLinePrices([dime, twenty]).restSum).toBe(0.3);
  });
});

describe('suppliedPartSurcharge (tiered: each part pays the rate of its own bracket)', () => {
  it.each([
    [0, 0],
    [1, 50],
    [10, 500],
    [11, 530],
    [30, 1100],
    [31, 1120],
    [50, 1500],
    [51, 1515],
    [80, 1950],
    [81, 1950],
    [200, 1950],
  ])('%i supplied parts cost %i €', (count, surcharge) => {
    expect(suppliedPartSurcharge(count).surcharge).toBe(surcharge);
  });

  it('never falls when a part is added', () => {
    for (let count = 0; count < 120; count += 1) {
      expect(suppliedPartSurcharge(count + 1).surcharge).toBeGreaterThanOrEqual(
        suppliedPartSurcharge(count).surcharge,
      );
    }
  });

  it('lists the brackets the parts fall into', () => {
    expect(suppliedPartSurcharge(85).tiers).toEqual([
      { from: 1, to: 10, count: 10, rate: 50, amount: 500 },
      { from: 11, to: 30, count: 20, rate: 30, amount: 600 },
      { from: 31, to: 50, count: 20, rate: 20, amount: 400 },
      { from: 51, to: 80, count: 30, rate: 15, amount: 450 },
      { from: 81, to: null, count: 5, rate: 0, amount: 0 },
    ]);
    expect(suppliedPartSurcharge(12).tiers).toEqual([
      { from: 1, to: 10, count: 10, rate: 50, amount: 500 },
      { from: 11, to: 30, count: 2, rate: 30, amount: 60 },
    ]);
    expect(suppliedPartSurcharge(0).tiers).toEqual([]);
  });

  it('counts supplied lines, not their quantities', () => {
    expect(countSuppliedParts([line({ isSuppliedPart: true, quantity: 20 }), contactor])).toBe(1);
  });
});

describe('errorFactor', () => {
  it('is 1 + the share of lines with an error', () => {
    expect(errorFactor(bom)).toBe(1.25);
    expect(errorFactor([contactor, notFound, notFound])).toBeCloseTo(5 / 3, 12);
    expect(errorFactor([contactor])).toBe(1);
    expect(errorFactor([notFound])).toBe(2);
    expect(errorFactor([])).toBe(1);
  });
});

describe('markup', () => {
  const sums = sumLinePrices(bom);
  it('low: (0.2 x discounted + 0.01 x rest) x error factor', () => {
    // (26 + 0.26) x 1.25 = 32.825 -> 32.83
    expect(markup(sums, 1.25, { discounted: 0.2, rest: 0.01 })).toBe(32.83);
  });
  it('high: (0.35 x discounted + 0.1 x rest) x error factor', () => {
    // (45.5 + 2.6) x 1.25 = 60.125 -> 60.13
    expect(markup(sums, 1.25, { discounted: 0.35, rest: 0.1 })).toBe(60.13);
  });
});

describe('work', () => {
  it('matched: quantity x E-Class minutes; unmatched: 10 (low) or 15 (high) minutes per line', () => {
    // 2 x 5 + 40 x 0.5 + 3 x 2 = 36; one unmatched line
    expect(workMinutes(bom)).toEqual({ matchedMinutes: 36, unmatchedParts: 1, low: 46, high: 51 });
  });

  it('counts an unmatched line once whatever its quantity, a matched one without E-Class as 0', () => {
    const cable = line({ quantity: 25, hasError: true });
    const noEclass = line({ quantity: 4, article: article({ purchasePrice: 1 }) });
    expect(workMinutes([cable, noEclass])).toEqual({
      matchedMinutes: 0,
      unmatchedParts: 1,
      low: 10,
      high: 15,
    });
  });

  it('counts supplied parts like the others (they are mounted)', () => {
    const suppliedMatched = line({
      isSuppliedPart: true,
      quantity: 2,
      article: article({ workTimeMinutes: 30 }),
    });
    const suppliedUnknown = line({ isSuppliedPart: true });
    expect(workMinutes([suppliedMatched, suppliedUnknown])).toEqual({
      matchedMinutes: 60,
      unmatchedParts: 1,
      low: 70,
      high: 75,
    });
  });

  it.each([
    [[], 1],
    [['CIRCUIT_DIAGRAM', 'BILL_OF_MATERIAL'], 1],
    [['CONNECTION_LIST'], 0.8],
    [['NC_DATA'], 0.95],
    [['CONNECTION_LIST', 'NC_DATA'], 0.75],
    [['CONNECTION_LIST', 'CONNECTION_LIST', 'NC_DATA', 'NC_DATA'], 0.75],
  ] as const)('low work factor with %j is %d', (types, factor) => {
    expect(lowWorkFactor(types)).toBe(factor);
  });

  it('costs 65 € an hour', () => {
    expect(workCost(60)).toBe(65);
    expect(workCost(46)).toBe(49.83); // 49.8333…
    expect(workCost(51)).toBe(55.25);
    expect(workCost(46, 0.75)).toBe(37.38); // 37.375
  });
});

describe('estimate', () => {
  it('without files: low 239 €, high 271 € per cabinet', () => {
    // low = 32.83 + 156 + 0 + 49.83 = 238.66 -> 239; high = 60.13 + 156 + 0 + 55.25 = 271.38 -> 271
    const result = estimate({ lines: bom, fileTypes: ['CIRCUIT_DIAGRAM'], amount: 3 });
    expect(result.low).toBe(239);
    expect(result.high).toBe(271);
    expect(result.total).toEqual({ low: 717, high: 813 });
    expect(result.breakdown).toEqual({
      lineCount: 4,
      suppliedLines: 0,
      errorLines: 1,
      sums: { discountedSum: 130, restSum: 26, materialSum: 156, pricedLines: 3, unpricedLines: 0 },
      errorFactor: 1.25,
      markup: { low: 32.83, high: 60.13 },
      suppliedParts: { count: 0, surcharge: 0, tiers: [] },
      work: {
        matchedMinutes: 36,
        unmatchedParts: 1,
        low: 46,
        high: 51,
        hourlyRate: 65,
        lowFactor: 1,
        costLow: 49.83,
        costHigh: 55.25,
      },
      exact: { low: 238.66, high: 271.38 },
    });
  });

  it.each([
    // 46 min x 65 €/h x 0.8 = 39.87 -> 32.83 + 156 + 39.87 = 228.70
    [['CONNECTION_LIST'], 229, 228.7],
    // x 0.95 = 47.34 -> 236.17
    [['NC_DATA'], 236, 236.17],
    // x 0.75 = 37.38 -> 226.21
    [['CONNECTION_LIST', 'NC_DATA'], 226, 226.21],
  ] as const)('with %j the low side is %i € (%d); the high side stays 271 €', (fileTypes, low, exact) => {
    const result = estimate({ lines: bom, fileTypes, amount: 1 });
    expect(result.breakdown.exact.low).toBe(exact);
    expect(result.low).toBe(low);
    expect(result.high).toBe(271);
  });

  it('supplied parts: surcharge, no price, work counted', () => {
    // 12 supplied relays (list price 100 €, never priced), 1 minute each; one line at 10 € purchase price.
    const supplied = Array.from({ length: 12 }, () =>
      line({ isSuppliedPart: true, article: article({ listPrice: 100, workTimeMinutes: 1 }) }),
    );
    const screw = line({ article: article({ purchasePrice: 10 }) });
    const result = estimate({ lines: [...supplied, screw], fileTypes: [], amount: 2 });
    // material 10, markup low 0.10 / high 1.00, surcharge 500 + 60 = 560, work 12 min = 13 €
    expect(result.breakdown.sums.materialSum).toBe(10);
    expect(result.breakdown.markup).toEqual({ low: 0.1, high: 1 });
    expect(result.breakdown.suppliedParts.surcharge).toBe(560);
    expect(result.breakdown.work.costLow).toBe(13);
    expect(result.breakdown.exact).toEqual({ low: 583.1, high: 584 });
    expect([result.low, result.high]).toEqual([583, 584]);
    expect(result.total).toEqual({ low: 1166, high: 1168 });
  });

  it('errors raise the mark-up, not the material or the work', () => {
    // One discounted line of 100 € (no work time) and two unmatched lines: error factor 1 + 2/3.
    const panel = line({ article: article({ listPrice: 200, discountPercent: 50 }) });
    const result = estimate({ lines: [panel, notFound, notFound], fileTypes: [], amount: 1 });
    // markup low 0.2 x 100 x 5/3 = 33.33; high 0.35 x 100 x 5/3 = 58.33
    expect(result.breakdown.markup).toEqual({ low: 33.33, high: 58.33 });
    // work: 2 x 10 = 20 min = 21.67 €; 2 x 15 = 30 min = 32.50 €
    expect(result.breakdown.work).toMatchObject({ costLow: 21.67, costHigh: 32.5 });
    // low 33.33 + 100 + 21.67 = 155.00; high 58.33 + 100 + 32.50 = 190.83
    expect([result.low, result.high]).toEqual([155, 191]);
  });

  it('rounds whole euros half up', () => {
    // 0.5 h at 65 € = 32.50 € -> 33 €
    const result = estimate({
      lines: [line({ article: article({ workTimeMinutes: 30 }) })],
      fileTypes: [],
      amount: 1,
    });
    expect(result.breakdown.exact.low).toBe(32.5);
    expect(result.low).toBe(33);
  });

  it('is zero for an empty BOM and refuses an amount below 1', () => {
    const result = estimate({ lines: [], fileTypes: [], amount: 1 });
    expect([result.low, result.high, result.breakdown.errorFactor]).toEqual([0, 0, 1]);
    expect(() => estimate({ lines: [], fileTypes: [], amount: 0 })).toThrow(RangeError);
    expect(() => estimate({ lines: [], fileTypes: [], amount: 1.5 })).toThrow(RangeError);
  });
});
