/**
 * German formatting of numbers, prices (EUR) and dates (SPEC §9: prices in euros, German format) for the
 * pages: the formats of domain/rules, with a dash for a missing value.
 */
import { germanDate, germanDateTime } from '@portal/domain/rules/berlin-date';
import { germanNumber, germanPrice } from '@portal/domain/rules/german-number';

const EMPTY = '–';

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatNumber(value: number | null | undefined, fractionDigits = 2): string {
  if (value === null || value === undefined || Number.isNaN(value)) return EMPTY;
  return germanNumber(value, fractionDigits);
}

export function formatPrice(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return EMPTY;
  return germanPrice(value);
}

export function formatDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? germanDate(date) : EMPTY;
}

export function formatDateTime(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? germanDateTime(date) : EMPTY;
}

/** SPEC §2 import progress: elapsed time as hours:minutes. */
export function formatElapsed(minutes: number): string {
  const whole = Number.isFinite(minutes) ? Math.max(0, Math.floor(minutes)) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Digits with an optional decimal comma; dots only as thousands separators between groups of three. */
const GERMAN_NUMBER = /^-?(\d+|\d{1,3}(\.\d{3})+)(,\d+)?$/;

/**
 * Parses a German decimal ("1.234,5") as typed into a form; null when it is not a number. A dot that is not a
 * thousands separator ("1.5") is rejected rather than read as 15, so a price cannot silently grow tenfold.
 */
export function parseGermanNumber(text: string): number | null {
  const cleaned = text.replace(/\s|€/g, '');
  if (!GERMAN_NUMBER.test(cleaned)) return null;
  return Number(cleaned.replace(/\./g, '').replace(',', '.'));
}

const FILE_SIZE_UNITS = ['Byte', 'KB', 'MB', 'GB'] as const;

/** A file size for limits and uploads, in binary units with a German comma ("200 MB", "1,5 KB"). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return EMPTY;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, 1)} ${FILE_SIZE_UNITS[unit]}`;
}
