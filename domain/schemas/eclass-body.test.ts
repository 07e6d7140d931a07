import { describe, expect, it } from 'vitest';
import { eclassBody } from './eclass';

const entry = { description: 'Schütz', workTime: 0.5, firstLevelOrder: 1, secondLevelOrder: 2 };

describe('E-Class form values: numbers as typed in German, refused rather than clamped', () => {
  it('trims a leading space of the number instead of refusing it', () => {
    expect(eclassBody.parse({ ...entry, eclassNumber: ' 27371001 ' }).eclassNumber).toBe('27371001');
  });

  it('refuses a negative work time with a message instead of clamping it', () => {
    const result = eclassBody.safeParse({ ...entry, eclassNumber: '27371001', workTime: -3 });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Die Arbeitszeit darf nicht negativ sein.',
    ]);
  });
});
