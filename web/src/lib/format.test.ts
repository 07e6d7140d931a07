import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatElapsed,
  formatFileSize,
  formatNumber,
  formatPrice,
  parseGermanNumber,
} from './format';

const NBSP = '\u00a0';

describe('formatNumber', () => {
  it('uses the German thousands dot and decimal comma', () => {
    expect(formatNumber(1234567.891)).toBe('1.234.567,89');
    expect(formatNumber(0.5)).toBe('0,5');
    expect(formatNumber(-1234.5)).toBe('-1.234,5');
  });

  it('shows no trailing zeros and rounds to the given digits', () => {
    expect(formatNumber(12)).toBe('12');
    expect(formatNumber(2.345, 1)).toBe('2,3');
    expect(formatNumber(2.5, 0)).toBe('3');
    expect(formatNumber(1.23456, 4)).toBe('1,2346');
  });

  it('shows a dash for a missing value', () => {
    expect(formatNumber(null)).toBe('–');
    expect(formatNumber(undefined)).toBe('–');
    expect(formatNumber(Number.NaN)).toBe('–');
  });
});

describe('formatPrice', () => {
  it('shows euros with two decimals in German format', () => {
    expect(formatPrice(1234.5)).toBe(`1.234,50${NBSP}€`);
    expect(formatPrice(0)).toBe(`0,00${NBSP}€`);
    expect(formatPrice(19.999)).toBe(`20,00${NBSP}€`);
    expect(formatPrice(-5)).toBe(`-5,00${NBSP}€`);
  });

  it('shows a dash for a missing value', () => {
    expect(formatPrice(null)).toBe('–');
    expect(formatPrice(undefined)).toBe('–');
    expect(formatPrice(Number.NaN)).toBe('–');
  });
});

describe('formatDate', () => {
  it('shows the calendar day in Berlin, also across midnight UTC', () => {
    expect(formatDate('2024-03-05T10:00:00Z')).toBe('05.03.2024');
    // 23:30 UTC is already the next day in Berlin (winter time +1, summer time +2)
    expect(formatDate('2024-01-31T23:30:00Z')).toBe('01.02.2024');
    expect(formatDate('2024-06-30T22:30:00Z')).toBe('01.07.2024');
    expect(formatDate('2024-06-30T21:30:00Z')).toBe('30.06.2024');
  });

  it('accepts dates and timestamps', () => {
    expect(formatDate(new Date('2023-12-24T12:00:00Z'))).toBe('24.12.2023');
    expect(formatDate(Date.UTC(2025, 0, 2, 12))).toBe('02.01.2025');
  });

  it('shows a dash for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('–');
    expect(formatDate(undefined)).toBe('–');
    expect(formatDate('')).toBe('–');
    expect(formatDate('kein Datum')).toBe('–');
  });
});

describe('formatDateTime', () => {
  it('shows date and time in Berlin time with winter and summer time', () => {
    expect(formatDateTime('2024-01-15T08:05:00Z')).toBe('15.01.2024, 09:05');
    expect(formatDateTime('2024-07-15T08:05:00Z')).toBe('15.07.2024, 10:05');
    expect(formatDateTime('2024-03-31T22:30:00Z')).toBe('01.04.2024, 00:30');
  });

  it('shows a dash for a missing or invalid date', () => {
    expect(formatDateTime(null)).toBe('–');
    expect(formatDateTime('2024-13-45')).toBe('–');
  });
});

describe('formatElapsed', () => {
  it('shows hours and two-digit minutes', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(5)).toBe('0:05');
    expect(formatElapsed(60)).toBe('1:00');
    expect(formatElapsed(125)).toBe('2:05');
    expect(formatElapsed(1439)).toBe('23:59');
    expect(formatElapsed(1500)).toBe('25:00');
  });

  it('drops seconds and never goes below zero', () => {
    expect(formatElapsed(61.9)).toBe('1:01');
    expect(formatElapsed(-3)).toBe('0:00');
  });

  it('shows 0:00 for a value that is not a number', () => {
    expect(formatElapsed(Number.NaN)).toBe('0:00');
    expect(formatElapsed(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});

describe('parseGermanNumber', () => {
  it('reads German decimals with thousands dots', () => {
    expect(parseGermanNumber('1.234,5')).toBe(1234.5);
    expect(parseGermanNumber('1.234.567')).toBe(1234567);
    expect(parseGermanNumber('12,75')).toBe(12.75);
    expect(parseGermanNumber('42')).toBe(42);
    expect(parseGermanNumber('-3,5')).toBe(-3.5);
    expect(parseGermanNumber('0,05')).toBe(0.05);
  });

  it('ignores spaces and the euro sign', () => {
    expect(parseGermanNumber('  19,99 € ')).toBe(19.99);
    expect(parseGermanNumber(`1${NBSP}000,00${NBSP}€`)).toBe(1000);
  });

  it('reads what formatNumber and formatPrice wrote', () => {
    for (const value of [0, 1, 999.5, 1234.56, -98765.4, 1000000]) {
      expect(parseGermanNumber(formatNumber(value))).toBe(value);
      expect(parseGermanNumber(formatPrice(value))).toBe(value);
    }
  });

  it('gives null for input that is not a German number', () => {
    expect(parseGermanNumber('')).toBeNull();
    expect(parseGermanNumber('   ')).toBeNull();
    expect(parseGermanNumber('abc')).toBeNull();
    expect(parseGermanNumber('12a')).toBeNull();
    expect(parseGermanNumber('1,2,3')).toBeNull();
    expect(parseGermanNumber(',5')).toBeNull();
    expect(parseGermanNumber('5,')).toBeNull();
    expect(parseGermanNumber('-')).toBeNull();
    expect(parseGermanNumber('1e5')).toBeNull();
  });

  it('rejects a dot that is not a thousands separator instead of misreading it', () => {
    expect(parseGermanNumber('1.5')).toBeNull();
    expect(parseGermanNumber('12.34,5')).toBeNull();
    expect(parseGermanNumber('1234.567')).toBeNull();
  });
});

describe('formatFileSize', () => {
  it('shows sizes in binary units with a German comma', () => {
    expect(formatFileSize(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(800)).toBe('800 Byte');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('shows a dash for an impossible size', () => {
    expect(formatFileSize(-1)).toBe('–');
    expect(formatFileSize(Number.NaN)).toBe('–');
  });
});
