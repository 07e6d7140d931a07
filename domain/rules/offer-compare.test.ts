import { describe, expect, it } from 'vitest';
import { cheapestOffer, choosePerLine, fastestOffer } from './offer-award';
import { awardLineOption, bestIndexes, lineDiffers, splitShares } from './offer-compare';

describe('bestIndexes', () => {
  it.each<[string, (number | null)[], number[]]>([
    ['the lowest of three', [3, 2.5, 4], [1]],
    ['a tie marks both', [2, 2, 4], [0, 1]],
    ['unknown values never win', [null, 7, 9], [1]],
    ['a single value is not marked', [null, 7, null], []],
    ['nothing known', [null, null], []],
    ['zero is a value', [0, 1], [0]],
  ])('%s', (_case, values, expected) => {
    expect(bestIndexes(values)).toEqual(expected);
  });
});

describe('lineDiffers ("nur Abweichungen")', () => {
  const line = (
    prices: (number | null)[],
    deliveryTimes: (number | null)[] = prices.map(() => 5),
    alternatives: (string | null)[] = prices.map(() => null),
  ) => ({ prices, deliveryTimes, alternatives });

  it.each<[string, ReturnType<typeof line>, boolean]>([
    ['same price and lead time', line([2, 2]), false],
    ['other price', line([2, 2.1]), true],
    ['other lead time', line([2, 2], [5, 10]), true],
    ['one offer lacks the line', line([2, null], [5, null]), true],
    ['an alternative article', line([2, 2], [5, 5], [null, '3RT2016']), true],
    ['a single offer as asked', line([2]), false],
    ['nobody prices it', line([null, null], [null, null]), false],
  ])('%s -> %s', (_case, values, expected) => {
    expect(lineDiffers(values)).toBe(expected);
  });
});

describe('awardLineOption and the quick choices', () => {
  const lines = [
    {
      key: 'l1',
      manufacturerName: 'Phoenix',
      discountGroup: 'KL',
      prices: [2.5, 2.4, 1],
      deliveryTimes: [10, 20, 1],
      alternatives: [null, null, null],
    },
    {
      key: 'l2',
      manufacturerName: 'Siemens',
      discountGroup: null,
      prices: [7, null, null],
      deliveryTimes: [5, null, null],
      alternatives: [null, null, null],
    },
  ];

  it('leaves out offers that cannot be chosen (null), keeping the others in place', () => {
    const options = lines.map((line) => awardLineOption(line, ['a', 'b', null]));
    expect(options[0]).toEqual({
      lineId: 'l1',
      manufacturerName: 'Phoenix',
      discountGroup: 'KL',
      offers: [
        { offerId: 'a', pricePerPiece: 2.5, deliveryTime: 10 },
        { offerId: 'b', pricePerPiece: 2.4, deliveryTime: 20 },
      ],
    });
    expect(choosePerLine(options, cheapestOffer)).toEqual([
      { lineId: 'l1', offerId: 'b' },
      { lineId: 'l2', offerId: 'a' },
    ]);
    expect(choosePerLine(options, fastestOffer)).toEqual([
      { lineId: 'l1', offerId: 'a' },
      { lineId: 'l2', offerId: 'a' },
    ]);
  });
});

describe('splitShares', () => {
  const line = (key: string, quantity: number | null, prices: (number | null)[]) => ({
    key,
    quantity,
    prices,
    deliveryTimes: prices.map(() => null),
    alternatives: prices.map(() => null),
  });
  const lines = [
    line('l1', 3, [1.333, 2]),
    line('l2', 2, [10, 9.5]),
    line('l3', null, [4, 4]),
    line('l4', 1, [5, 5]),
  ];

  it.each<[string, [string, string][], { offerId: string; lineCount: number; materialTotal: number }[]]>([
    [
      'each supplier its lines, rounded per line to the cent',
      [
        ['l1', 'a'],
        ['l2', 'b'],
        ['l3', 'b'],
      ],
      [
        { offerId: 'a', lineCount: 1, materialTotal: 4 },
        { offerId: 'b', lineCount: 2, materialTotal: 19 },
      ],
    ],
    [
      'a supplier without lines is left out',
      [['l4', 'b']],
      [{ offerId: 'b', lineCount: 1, materialTotal: 5 }],
    ],
    ['nothing chosen', [], []],
  ])('%s', (_case, chosen, expected) => {
    expect(splitShares(lines, ['a', 'b'], new Map(chosen))).toEqual(expected);
  });
});
