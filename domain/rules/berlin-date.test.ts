import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  berlinDateTimeParts,
  berlinToday,
  germanDate,
  germanDateTime,
  germanDay,
  germanMediumDateTime,
  germanShortDate,
  ISO_DAY,
} from './berlin-date';

describe('berlinToday', () => {
  it('is already the next day in Berlin half an hour after midnight in winter (CET, UTC+1)', () => {
    expect(berlinToday(new Date('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
    expect(berlinToday(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
  });

  it('is already the next day in Berlin half an hour after midnight in summer (CEST, UTC+2)', () => {
    expect(berlinToday(new Date('2026-10-24T21:59:59Z'))).toBe('2026-10-24');
    expect(berlinToday(new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25');
  });

  it('turns the year at Berlin midnight', () => {
    expect(berlinToday(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12-31');
    expect(berlinToday(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });
});

describe('berlinDateTimeParts', () => {
  it('gives the Berlin wall clock with two digits, midnight as 00', () => {
    expect(berlinDateTimeParts(new Date('2026-03-28T23:05:09Z'))).toEqual({
      year: '2026',
      month: '03',
      day: '29',
      hour: '00',
      minute: '05',
      second: '09',
    });
  });
});

describe('calendar days', () => {
  it('adds days across month and year ends and daylight-saving changes', () => {
    expect(addCalendarDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addCalendarDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addCalendarDays('2026-06-01', 30)).toBe('2026-07-01');
  });

  it('writes a day the German way and leaves other text alone', () => {
    expect(germanDay('2030-06-01')).toBe('01.06.2030');
    expect(germanDay('irgendwann')).toBe('irgendwann');
  });

  it('knows the shape of an ISO day', () => {
    expect(ISO_DAY.test('2030-06-01')).toBe(true);
    expect(ISO_DAY.test('1.6.2030')).toBe(false);
    expect(ISO_DAY.test('2030-06-01T00:00')).toBe(false);
  });
});

describe('German dates of an instant, in Berlin time', () => {
  const lateEvening = new Date('2026-10-24T22:30:00Z');

  it('formats the day with and without leading zeros', () => {
    expect(germanDate(lateEvening)).toBe('25.10.2026');
    expect(germanDate(new Date('2030-06-01T10:00:00Z'))).toBe('01.06.2030');
    expect(germanShortDate(new Date('2030-06-01T10:00:00Z'))).toBe('1.6.2030');
  });

  it('formats date and time', () => {
    expect(germanDateTime(lateEvening)).toBe('25.10.2026, 00:30');
    expect(germanMediumDateTime(lateEvening)).toBe('25.10.2026, 00:30');
  });
});
