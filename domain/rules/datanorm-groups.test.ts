import { describe, expect, it } from 'vitest';
import {
  DATANORM_GROUP_REFUSALS,
  DatanormGroupCollector,
  discountPercent,
  parseDiscountGroup,
  parseProductGroup,
} from './datanorm-groups';

describe('DATANORM discount and product groups', () => {
  it.each([
    ['1', '2500', 25],
    ['1', '1250', 12.5],
    ['1', '0', 0],
    ['1', '10000', 100],
    ['2', '0800', 20],
    ['2', '1000', 0],
    ['2', '0333', 66.7],
    ['1', '10001', { refused: DATANORM_GROUP_REFUSALS.percent }],
    ['2', '0000', { refused: DATANORM_GROUP_REFUSALS.multiplier }],
    ['2', '1200', { refused: DATANORM_GROUP_REFUSALS.multiplier }],
    ['3', '0500', { refused: DATANORM_GROUP_REFUSALS.surcharge }],
    ['4', '0500', { refused: DATANORM_GROUP_REFUSALS.kind }],
    [null, '0500', { refused: DATANORM_GROUP_REFUSALS.kind }],
    ['1', '12,5', { refused: DATANORM_GROUP_REFUSALS.value }],
    ['1', null, { refused: DATANORM_GROUP_REFUSALS.value }],
  ] as const)('discountPercent(%j, %j) = %j', (kind, raw, expected) => {
    expect(discountPercent(kind, raw)).toEqual(expected);
  });

  it('reads R records of both versions at their positions', () => {
    expect(parseDiscountGroup('R;N;RG10;1;2500;Schütze;'.split(';'), 7, 4)).toEqual({
      line: 7,
      code: 'RG10',
      percent: 25,
      text: 'Schütze',
    });
    expect(parseDiscountGroup('R;RG10;1;2500;;'.split(';'), 2, 5)).toEqual({
      line: 2,
      code: 'RG10',
      percent: 25,
      text: null,
    });
    expect(parseDiscountGroup('R;N; ;1;2500;'.split(';'), 3, 4)).toEqual({
      refused: DATANORM_GROUP_REFUSALS.noCode,
    });
  });

  it('reads S records of both versions: the text of a main group or of the group below it', () => {
    expect(parseProductGroup('S;N;10;Schaltgeräte;;;'.split(';'), 2, 4)).toEqual({
      line: 2,
      mainGroup: '10',
      group: null,
      text: 'Schaltgeräte',
    });
    expect(parseProductGroup('S;N;10;;1010;Schütze;'.split(';'), 3, 4)).toMatchObject({
      group: '1010',
      text: 'Schütze',
    });
    expect(parseProductGroup('S;10;1010;Schütze;'.split(';'), 4, 5)).toMatchObject({
      mainGroup: '10',
      group: '1010',
      text: 'Schütze',
    });
    expect(parseProductGroup('S;N;;;;'.split(';'), 5, 4)).toEqual({
      refused: DATANORM_GROUP_REFUSALS.noMainGroup,
    });
  });

  it('keeps the last record of a discount group and refuses lines of other record kinds', () => {
    const collector = new DatanormGroupCollector(4);
    collector.push('R;N;RG10;1;2500;Schütze;', 2);
    collector.push('', 3);
    collector.push('R;A;RG10;1;3000;Schütze;', 4);
    collector.push('P;A;ABB1;1;100;;;;;;;', 5);
    collector.push('kein Satz', 6);
    const result = collector.result();
    expect(result.discountGroups).toEqual([{ line: 4, code: 'RG10', percent: 30, text: 'Schütze' }]);
    expect(result.refusals.map((refusal) => refusal.line)).toEqual([5, 6]);
  });
});
