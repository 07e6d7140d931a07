import { describe, expect, it } from 'vitest';
import { decideBomLine, type MatchCandidate, quantityInArticleUnit, readBomLineValues } from './bom-matching';

const PIECE = { unitId: 'u-stk', unitNames: ['Stück', 'Stk'] };
const METRE = { unitId: 'u-m', unitNames: ['Meter', 'm'] };

function candidate(step: MatchCandidate['step'], articleId: string, extra: Partial<MatchCandidate> = {}) {
  return { step, articleId, manufacturerId: 'm-1', ...PIECE, ...extra } satisfies MatchCandidate;
}

const line = (values: Partial<Parameters<typeof decideBomLine>[0]> = {}) => ({
  quantity: 2,
  orderNumber: '3RT2015-1BB41',
  manufacturerNumber: null,
  isSuppliedPart: false,
  manufacturerId: 'm-1',
  ...values,
});
const noUnit = { name: null, unitId: null, unitNames: [] };

describe('readBomLineValues', () => {
  it('reads German quantities, a unit behind the number and the supplied-part text', () => {
    expect(
      readBomLineValues(
        { quantity: '7,5 m', orderNumber: ' 4510013 ', isSuppliedPart: 'Beigestellt (Kunde)' },
        'beigestellt',
      ),
    ).toMatchObject({ quantity: 7.5, unit: 'm', orderNumber: '4510013', isSuppliedPart: true });
    expect(readBomLineValues({ quantity: '1.000', unit: 'Stk' }, null)).toMatchObject({
      quantity: 1000,
      unit: 'Stk',
      isSuppliedPart: false,
    });
    expect(readBomLineValues({ quantity: 'ca. 5', isSuppliedPart: 'beigestellt' }, '')).toMatchObject({
      quantity: null,
      isSuppliedPart: false,
    });
  });
});

describe('decideBomLine', () => {
  it('matches one article of the first step that has any', () => {
    const decided = decideBomLine(line(), noUnit, [
      candidate('MANUFACTURER_ORDER_NUMBER', 'a1'),
      candidate('ALTERNATIVE_NUMBER', 'a2'),
    ]);
    expect(decided).toEqual({
      status: 'MATCHED',
      matchedArticleId: 'a1',
      matchKind: 'EXACT',
      candidateIds: [],
      articleQuantity: 2,
    });
  });

  // The first step with a candidate decides; the step tells how the line matched.
  it.each<[string, string | null, MatchCandidate['step'][], MatchCandidate['step'] | null, string | null]>([
    [
      'exact before normalised',
      'm-1',
      ['NORMALISED_MANUFACTURER_ORDER_NUMBER', 'MANUFACTURER_ORDER_NUMBER'],
      'MANUFACTURER_ORDER_NUMBER',
      'EXACT',
    ],
    ['the ERP number counts as exact', 'm-1', ['ERP_NUMBER', 'ALTERNATIVE_NUMBER'], 'ERP_NUMBER', 'EXACT'],
    [
      'an alternative before the normalised numbers',
      'm-1',
      ['NORMALISED_MANUFACTURER_ORDER_NUMBER', 'ALTERNATIVE_NUMBER'],
      'ALTERNATIVE_NUMBER',
      'ALTERNATIVE',
    ],
    [
      'normalised with the manufacturer',
      'm-1',
      ['NORMALISED_MANUFACTURER_MANUFACTURER_NUMBER', 'NUMBER_ONLY_ORDER_NUMBER'],
      'NORMALISED_MANUFACTURER_MANUFACTURER_NUMBER',
      'NORMALISED',
    ],
    [
      'a normalised alternative',
      'm-1',
      ['NORMALISED_ALTERNATIVE_NUMBER', 'NUMBER_ONLY_ORDER_NUMBER'],
      'NORMALISED_ALTERNATIVE_NUMBER',
      'ALTERNATIVE',
    ],
    [
      'normalised without a known manufacturer',
      null,
      ['NORMALISED_ORDER_NUMBER'],
      'NORMALISED_ORDER_NUMBER',
      'NORMALISED',
    ],
    [
      'the number alone when the manufacturer has no such article',
      'm-1',
      ['NUMBER_ONLY_MANUFACTURER_NUMBER'],
      'NUMBER_ONLY_MANUFACTURER_NUMBER',
      'NUMBER_ONLY',
    ],
    ['no number-only step without a known manufacturer', null, ['NUMBER_ONLY_ORDER_NUMBER'], null, null],
    ['no normalised numbers alone with a known manufacturer', 'm-1', ['NORMALISED_ORDER_NUMBER'], null, null],
  ])('%s', (_name, manufacturerId, steps, deciding, kind) => {
    const candidates = steps.map((step) => candidate(step, step));
    const decided = decideBomLine(line({ manufacturerId }), noUnit, candidates);
    expect(decided.matchedArticleId).toBe(deciding);
    expect(decided.matchKind).toBe(kind);
    expect(decided.status).toBe(deciding ? 'MATCHED' : 'NOT_FOUND');
  });

  it('reads the ERP number column', () => {
    expect(readBomLineValues({ orderNumber: 'x', erpNumber: ' ERP-100007 ' } as never, null)).toMatchObject({
      erpNumber: 'ERP-100007',
    });
  });

  it('lists the candidates of a duplicate, and finds nothing without candidates', () => {
    expect(
      decideBomLine(line({ manufacturerId: null }), noUnit, [
        candidate('ORDER_NUMBER', 'b'),
        candidate('ORDER_NUMBER', 'a'),
      ]),
    ).toMatchObject({ status: 'DUPLICATE', candidateIds: ['a', 'b'], matchedArticleId: null });
    expect(decideBomLine(line(), noUnit, [])).toMatchObject({ status: 'NOT_FOUND' });
  });

  it('matches a line without manufacturer by its manufacturer number alone', () => {
    expect(
      decideBomLine(line({ manufacturerId: null, orderNumber: null, manufacturerNumber: 'UT 2,5' }), noUnit, [
        candidate('MANUFACTURER_NUMBER', 'ut'),
      ]),
    ).toMatchObject({ status: 'MATCHED', matchedArticleId: 'ut' });
  });

  it('uses the numbers alone only without a known manufacturer, and prefers its own alternatives', () => {
    expect(decideBomLine(line(), noUnit, [candidate('ORDER_NUMBER', 'a1')]).status).toBe('NOT_FOUND');
    expect(
      decideBomLine(line(), noUnit, [
        candidate('ALTERNATIVE_NUMBER', 'own'),
        candidate('ALTERNATIVE_NUMBER', 'other', { manufacturerId: 'm-2' }),
      ]),
    ).toMatchObject({ status: 'MATCHED', matchedArticleId: 'own' });
  });

  it('says missing values without a number or a positive quantity; supplied parts stay supplied', () => {
    const found = [candidate('MANUFACTURER_ORDER_NUMBER', 'a1')];
    expect(decideBomLine(line({ quantity: 0 }), noUnit, found).status).toBe('MISSING_VALUES');
    expect(decideBomLine(line({ quantity: null }), noUnit, found).status).toBe('MISSING_VALUES');
    expect(decideBomLine(line({ orderNumber: null }), noUnit, []).status).toBe('MISSING_VALUES');
    expect(decideBomLine(line({ isSuppliedPart: true, quantity: null }), noUnit, found)).toMatchObject({
      status: 'SUPPLIED',
      matchedArticleId: 'a1',
    });
  });

  it('converts length units and refuses a unit that cannot be converted', () => {
    const cable = [candidate('MANUFACTURER_ORDER_NUMBER', 'c', METRE)];
    expect(
      decideBomLine(line({ quantity: 250 }), { name: 'cm', unitId: null, unitNames: [] }, cable),
    ).toMatchObject({
      status: 'MATCHED',
      articleQuantity: 2.5,
    });
    expect(
      decideBomLine(line(), { name: 'Stk', unitId: 'u-stk', unitNames: ['Stück', 'Stk'] }, cable),
    ).toMatchObject({ status: 'WRONG_UNIT', matchedArticleId: 'c', articleQuantity: null });
  });
});

describe('quantityInArticleUnit', () => {
  it('keeps the quantity for the same unit, by id or by name, and without a unit on either side', () => {
    expect(quantityInArticleUnit(3, { name: 'Stück', unitId: 'u-stk', unitNames: [] }, PIECE)).toBe(3);
    expect(quantityInArticleUnit(3, { name: 'STK', unitId: null, unitNames: [] }, PIECE)).toBe(3);
    expect(quantityInArticleUnit(3, noUnit, PIECE)).toBe(3);
    expect(
      quantityInArticleUnit(3, { name: 'kg', unitId: null, unitNames: [] }, { unitId: null, unitNames: [] }),
    ).toBe(3);
  });

  it('converts within length and weight, not between them', () => {
    expect(
      quantityInArticleUnit(
        1500,
        { name: 'g', unitId: null, unitNames: [] },
        { unitId: 'kg', unitNames: ['kg'] },
      ),
    ).toBe(1.5);
    expect(
      quantityInArticleUnit(
        2,
        { name: 'm', unitId: null, unitNames: [] },
        { unitId: 'mm', unitNames: ['mm'] },
      ),
    ).toBe(2000);
    expect(
      quantityInArticleUnit(
        2,
        { name: 'm', unitId: null, unitNames: [] },
        { unitId: 'kg', unitNames: ['kg'] },
      ),
    ).toBeNull();
  });
});
