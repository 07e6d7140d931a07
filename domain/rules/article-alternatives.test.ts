import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { articleBody } from '../schemas/article';
import {
  ALTERNATIVE_MESSAGES,
  addAlternative,
  alternativeProblems,
  MAX_ALTERNATIVES,
  rememberAlternative,
} from './article-alternatives';

const MANUFACTURER = '0b0e5a6e-5d3c-4c43-9f2a-6a1d4f1b2c3d';

describe('addAlternative', () => {
  it('adds the trimmed number', () => {
    expect(addAlternative(['3RT2015-1BB42'], '  3RT2015-1BB41 ', '3RT2015-1AP01')).toEqual({
      ok: true,
      alternatives: ['3RT2015-1BB42', '3RT2015-1BB41'],
    });
  });

  it('refuses an empty entry, a repetition (case-insensitive) and the own number', () => {
    expect(addAlternative([], '   ', 'A')).toMatchObject({ ok: false, problem: 'empty' });
    expect(addAlternative(['abc-1'], 'ABC-1', 'x')).toEqual({
      ok: false,
      problem: 'duplicate',
      message: ALTERNATIVE_MESSAGES.duplicate,
    });
    expect(addAlternative([], ' 3044076 ', '3044076')).toEqual({
      ok: false,
      problem: 'ownNumber',
      message: 'Die Alternative darf nicht der eigenen Nummer des Artikels entsprechen.',
    });
    expect(addAlternative([], 'x'.repeat(201), null)).toMatchObject({ ok: false, problem: 'tooLong' });
    const full = Array.from({ length: MAX_ALTERNATIVES }, (_, index) => `N${index}`);
    expect(addAlternative(full, 'new', null)).toMatchObject({ ok: false, problem: 'tooMany' });
  });

  it('never yields a list with repetitions or the own number, whatever is typed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 6 }), { maxLength: 30 }),
        fc.string({ maxLength: 6 }),
        (typed, own) => {
          let list: string[] = [];
          for (const candidate of typed) {
            const result = addAlternative(list, candidate, own);
            if (result.ok) list = result.alternatives;
          }
          const keys = list.map((value) => value.toLowerCase());
          expect(new Set(keys).size).toBe(keys.length);
          if (own.trim()) expect(keys).not.toContain(own.trim().toLowerCase());
          expect(list.every((value) => value === value.trim() && value !== '')).toBe(true);
          expect(alternativeProblems(list, own)).toEqual([]);
        },
      ),
    );
  });
});

describe('alternativeProblems', () => {
  it('names every later repetition and the own number with its index', () => {
    expect(
      alternativeProblems(['A', 'b', 'a', 'OWN', ''], 'own').map(({ index, problem }) => [index, problem]),
    ).toEqual([
      [2, 'duplicate'],
      [3, 'ownNumber'],
      [4, 'empty'],
    ]);
  });
});

describe('rememberAlternative', () => {
  it('adds a new number and ignores known, own or empty ones', () => {
    expect(rememberAlternative(['X1'], 'X2', 'X0')).toEqual(['X1', 'X2']);
    expect(rememberAlternative(['X1'], 'x1', 'X0')).toBeNull();
    expect(rememberAlternative(['X1'], 'X0', 'X0')).toBeNull();
    expect(rememberAlternative(['X1'], null, 'X0')).toBeNull();
  });
});

describe('articleBody alternatives', () => {
  it('trims alternatives and reports repetitions and own numbers at their index', () => {
    const result = articleBody.safeParse({
      manufacturerId: MANUFACTURER,
      orderNumber: '2002-1201',
      manufacturerNumber: '2002-1201',
      possibleOrderNumbers: [' 2002-1201 ', 'X'],
      possibleManufacturerNumbers: ['A', ' a'],
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['possibleOrderNumbers.0', ALTERNATIVE_MESSAGES.ownNumber],
      ['possibleManufacturerNumbers.1', ALTERNATIVE_MESSAGES.duplicate],
    ]);
  });

  it('accepts distinct alternatives and trims them', () => {
    const result = articleBody.parse({
      manufacturerId: MANUFACTURER,
      orderNumber: ' 8806.000 ',
      possibleOrderNumbers: [' 8806000 ', 'SZ 8806.000'],
    });
    expect(result.orderNumber).toBe('8806.000');
    expect(result.possibleOrderNumbers).toEqual(['8806000', 'SZ 8806.000']);
    expect(result.possibleManufacturerNumbers).toEqual([]);
  });

  it('refuses the same wholesaler twice', () => {
    const wholesalerId = '1b0e5a6e-5d3c-4c43-9f2a-6a1d4f1b2c3d';
    const result = articleBody.safeParse({
      manufacturerId: MANUFACTURER,
      orderNumber: 'A',
      wholesalerInfos: [{ wholesalerId }, { wholesalerId, purchasePrice: 1 }],
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'wholesalerInfos.1.wholesalerId',
    ]);
  });
});
