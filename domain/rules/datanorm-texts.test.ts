import { describe, expect, it } from 'vitest';
import { addLine, composeText, MAX_TEXT_LINES, parseTextRecord, WaitingTexts } from './datanorm-texts';

describe('parseTextRecord', () => {
  it.each([
    [
      'DATANORM 4, two lines',
      'T;N;TX1;;1;;erste ;2;;zweite;',
      4,
      {
        key: 'TX1',
        lines: [
          [1, 'erste'],
          [2, 'zweite'],
        ],
      },
    ],
    ['DATANORM 4, one line', 'T;N;TX1;;7;;nur eine;;;;', 4, { key: 'TX1', lines: [[7, 'nur eine']] }],
    ['DATANORM 5', 'T;N;T-A1;1;03;dritte Zeile;', 5, { key: 'T-A1', lines: [[3, 'dritte Zeile']] }],
    ['a delete', 'T;L;TX1;;1;;weg;;;;', 4, null],
    ['no key', 'T;N; ;;1;;Text;;;;', 4, null],
  ] as const)('%s', (_name, line, version, expected) => {
    expect(parseTextRecord(line.split(';'), version)).toEqual(expected);
  });
});

describe('composeText', () => {
  it('orders the lines by number and drops blank ends', () => {
    expect(
      composeText(
        new Map([
          [2, 'b '],
          [1, ' a'],
          [3, ' '],
        ]),
      ),
    ).toBe('a\nb');
    expect(composeText(new Map([[1, '  ']]))).toBeNull();
  });
});

describe('addLine', () => {
  it('keeps a text within the size DATANORM allows', () => {
    const text = new Map<number, string>();
    for (let number = 1; number <= MAX_TEXT_LINES + 5; number++) addLine(text, number, 'x'.repeat(1000));
    expect(text.size).toBe(MAX_TEXT_LINES);
    expect(text.get(1)).toHaveLength(400);
    addLine(text, 1, 'ersetzt');
    expect(text.get(1)).toBe('ersetzt');
  });
});

describe('WaitingTexts', () => {
  it('hands a text to its article once', () => {
    const texts = new WaitingTexts();
    texts.add('TX1', [[1, 'eins']]);
    texts.add('TX1', [[2, 'zwei']]);
    expect(texts.take('TX1')).toEqual(
      new Map([
        [1, 'eins'],
        [2, 'zwei'],
      ]),
    );
    expect(texts.take('TX1')).toBeNull();
  });

  it('keeps no more than its budget of characters', () => {
    const texts = new WaitingTexts(10);
    texts.add('A', [[1, '12345678']]);
    texts.add('B', [[1, '12345']]);
    expect(texts.take('B')).toBeNull();
    expect(texts.take('A')).toEqual(new Map([[1, '12345678']]));
    texts.add('C', [[1, '12345']]);
    expect(texts.take('C')).toEqual(new Map([[1, '12345']]));
  });
});
