/**
 * Numbers and prices in German notation ('1.234,5', '1.234,50 €'; SPEC §9: prices in euros, German format).
 * Every place that shows a number to a person formats it here, so that the same value reads the same in
 * the web app, a mail and an export.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number with thousands separators and up to `maxFractionDigits` decimals, at least `minFractionDigits`
 * ('1.234,5'). The default of three is what `toLocaleString('de-DE')` writes.
 */
export function germanNumber(value: number, maxFractionDigits = 3, minFractionDigits = 0): string {
  const key = `${minFractionDigits}:${maxFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('de-DE', {
      minimumFractionDigits: minFractionDigits,
      maximumFractionDigits: maxFractionDigits,
    });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

const priceFormat = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const piecePriceFormat = new Intl.NumberFormat('de-DE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const wholeEurosFormat = new Intl.NumberFormat('de-DE', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** A price in euros with cents ('1.234,50 €'). */
export function germanPrice(value: number): string {
  return priceFormat.format(value);
}

/** The price of one piece: small parts cost fractions of a cent, so up to four decimals ('0,0125 €'). */
export function germanPiecePrice(value: number): string {
  return piecePriceFormat.format(value);
}

/** Whole euros ('1.234 €'): the estimate (SPEC §9: shown in euros, rounded). */
export function germanWholeEuros(value: number): string {
  return wholeEurosFormat.format(value);
}
