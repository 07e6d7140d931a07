/** German formatting of numbers, prices (EUR) and dates (SPEC §9: prices in euros, German format). */

const numberFormats = new Map<number, Intl.NumberFormat>();
const priceFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const dateFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
});
const dateTimeFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Berlin',
});

const EMPTY = '–';

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatNumber(value: number | null | undefined, fractionDigits = 2): string {
  if (value === null || value === undefined || Number.isNaN(value)) return EMPTY;
  let format = numberFormats.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('de-DE', {
      minimumFractionDigits: 0,
      maximumFractionDigits: fractionDigits,
    });
    numberFormats.set(fractionDigits, format);
  }
  return format.format(value);
}

export function formatPrice(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return EMPTY;
  return priceFormat.format(value);
}

export function formatDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : EMPTY;
}

export function formatDateTime(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : EMPTY;
}

/** SPEC §2 import progress: elapsed time as hours:minutes. */
export function formatElapsed(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Parses a German decimal ("1.234,5") as typed into a form; null when it is not a number. */
export function parseGermanNumber(text: string): number | null {
  const cleaned = text.trim().replace(/\s|€/g, '').replace(/\./g, '').replace(',', '.');
  if (cleaned === '' || !/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}
