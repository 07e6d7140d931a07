import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NUMBER_SEPARATORS, numberKey } from './number-key';

describe('numberKey', () => {
  it.each([
    ['3RT2015-1BB41', '3rt20151bb41'],
    ['3RT2015 1BB41', '3rt20151bb41'],
    ['3RT20151BB41', '3rt20151bb41'],
    ['3rt2015-1bb41', '3rt20151bb41'],
    ['1060.500', '1060500'],
    ['1060500', '1060500'],
    ['LC1D09/P7', 'lc1d09p7'],
    ['2002_1201', '20021201'],
    ['ÖLFLEX 110 3G1,5', 'ölflex1103g1,5'],
    ['\u00a0A-b\t', 'ab'],
    [' - . / _', ''],
  ])('%j -> %j', (number, key) => {
    expect(numberKey(number)).toBe(key);
  });

  // A number as catalogs write it: letters, digits and a few other characters, no separator.
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ0123456789,+()';
  const number = fc
    .array(fc.constantFrom(...letters), { minLength: 1, maxLength: 20 })
    .map((chars) => chars.join(''));

  /** The same number respelt: any case, separators anywhere. */
  function respelling(value: string) {
    return fc
      .tuple(
        fc.array(fc.boolean(), { minLength: value.length, maxLength: value.length }),
        fc.array(fc.array(fc.constantFrom(...NUMBER_SEPARATORS), { maxLength: 2 }), {
          minLength: value.length + 1,
          maxLength: value.length + 1,
        }),
      )
      .map(([lower, separators]) =>
        [...value]
          .map((char, index) => {
            const cased = lower[index] ? char.toLowerCase() : char;
            return `${(separators[index] ?? []).join('')}${cased}`;
          })
          .join('')
          .concat((separators[value.length] ?? []).join('')),
      );
  }

  it('gives every respelling of a number the same key', () => {
    fc.assert(
      fc.property(
        number.chain((value) => fc.tuple(fc.constant(value), respelling(value), respelling(value))),
        ([value, first, second]) => {
          expect(numberKey(first)).toBe(numberKey(value));
          expect(numberKey(second)).toBe(numberKey(value));
        },
      ),
    );
  });

  it('keeps numbers apart that differ in more than case and separators', () => {
    fc.assert(
      fc.property(number, number, (first, second) => {
        fc.pre(first.toLowerCase() !== second.toLowerCase());
        expect(numberKey(first)).not.toBe(numberKey(second));
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(numberKey(numberKey(value))).toBe(numberKey(value));
      }),
    );
  });
});
