import { describe, expect, it } from 'vitest';
import {
  isOfferExpired,
  OFFER_VALIDITY_DAYS,
  reminderDayFor,
  VALID_UNTIL_PAST_MESSAGE,
  validityText,
  validUntilOnRelease,
  validUntilProblem,
} from './offer-validity';

// 08:00 UTC is 10:00 in Berlin (summer time); 22:30 UTC on 31 May is already 1 June in Berlin.
const MORNING = new Date('2030-06-01T08:00:00.000Z');
const LATE_EVENING_UTC = new Date('2030-05-31T22:30:00.000Z');

describe('validUntilOnRelease', () => {
  it.each([
    ['no day chosen: release day + 30', null, MORNING, '2030-07-01'],
    ['no day chosen, Berlin day counts (not UTC)', null, LATE_EVENING_UTC, '2030-07-01'],
    ['the supplier chose a day', '2030-06-15', MORNING, '2030-06-15'],
    ['across a year', null, new Date('2030-12-15T10:00:00.000Z'), '2031-01-14'],
  ])('%s', (_case, chosen, releasedAt, expected) => {
    expect(validUntilOnRelease(chosen, releasedAt)).toBe(expected);
  });

  it('gives thirty days', () => {
    expect(OFFER_VALIDITY_DAYS).toBe(30);
  });
});

describe('validUntilProblem', () => {
  it.each([
    ['empty is fine (set on release)', null, null],
    ['today is fine', '2030-06-01', null],
    ['later is fine', '2030-09-30', null],
    ['yesterday is refused', '2030-05-31', VALID_UNTIL_PAST_MESSAGE],
    ['a day that does not exist', '2030-02-30', 'Bitte geben Sie ein gültiges Datum für „gültig bis“ ein.'],
    ['not a day', '1.6.2030', 'Bitte geben Sie ein gültiges Datum für „gültig bis“ ein.'],
  ])('%s', (_case, day, expected) => {
    expect(validUntilProblem(day, MORNING)).toBe(expected);
  });
});

describe('isOfferExpired', () => {
  it.each([
    ['valid through its last day', { released: true, validUntil: '2030-06-01' }, MORNING, false],
    ['expired the morning after', { released: true, validUntil: '2030-05-31' }, MORNING, true],
    [
      'Berlin day decides at 00:30 local time',
      { released: true, validUntil: '2030-05-31' },
      LATE_EVENING_UTC,
      true,
    ],
    ['a draft never expires', { released: false, validUntil: '2030-05-01' }, MORNING, false],
    ['no validity: never', { released: true, validUntil: null }, MORNING, false],
    ['far in the future', { released: true, validUntil: '2031-01-01' }, MORNING, false],
  ])('%s', (_case, offer, now, expected) => {
    expect(isOfferExpired(offer, now)).toBe(expected);
  });
});

describe('reminderDayFor and validityText', () => {
  it.each([
    [MORNING, '2030-06-02'],
    [LATE_EVENING_UTC, '2030-06-02'],
    [new Date('2030-12-31T12:00:00.000Z'), '2031-01-01'],
  ])('reminds on %s the offers valid until %s', (now, day) => {
    expect(reminderDayFor(now)).toBe(day);
  });

  it.each([
    [{ released: true, validUntil: '2030-06-10' }, 'gültig bis 10.06.2030'],
    [{ released: true, validUntil: '2030-05-30' }, 'abgelaufen seit 31.05.2030'],
    [{ released: false, validUntil: '2030-06-10' }, 'gültig bis 10.06.2030'],
    [{ released: true, validUntil: null }, null],
  ])('%o reads %s', (offer, text) => {
    expect(validityText(offer, MORNING)).toBe(text);
  });
});
