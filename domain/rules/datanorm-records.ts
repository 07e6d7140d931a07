/**
 * DATANORM 4 and 5 records as the standard lays them out, one line each, fields separated by semicolons
 * (the usual file variant; the header "V" of DATANORM 4 is fixed-width). Field positions (0 = record kind):
 *
 * DATANORM 4 (Krammer Verlag, DATANORM 4; as implemented by halo/datanorm, FahrJo/datanorm-python and the
 * field list on kommunal-edv.de "Datanorm"):
 *   V  fixed width: 1 "V", 2 free, 3-8 date TTMMJJ, 9-48/49-88/89-123 info texts, 124-125 version "04",
 *      126-128 currency.
 *   A  1 Verarbeitungskennzeichen (N new, A change, L delete, X article number change), 2 Artikelnummer,
 *      3 Textkennzeichen, 4 Kurztext 1, 5 Kurztext 2, 6 Preiskennzeichen (1 Brutto = list price, 2 Netto =
 *      purchase price, 3 Werkspreis), 7 Preiseinheit as a code (0/1/2/3 = per 1/10/100/1000),
 *      8 Mengeneinheit, 9 Preis in cents (N8/2, 0 when prices come in P records), 10 Rabattgruppe,
 *      11 Hauptwarengruppe, 12 Langtextschlüssel.
 *   B  1 flag, 2 Artikelnummer, 3 Matchcode, 4 Alternativ-Artikelnummer (the manufacturer's number in
 *      practice), 5 Katalogseite, 6-8 copper surcharge, 9 EAN, 10 Anbindungsnummer, 11 Warengruppe,
 *      12 Kostenart, 13 Verpackungsmenge, 14-15 reference number.
 *   P  1 flag, then up to three articles of nine fields each (from 2, 11, 20): Artikelnummer,
 *      Preiskennzeichen, Preis in cents, and three pairs Rabattkennzeichen/Rabatt (1 Rabatt in % N2/2,
 *      2 Multiplikator N1/3, 3 Teuerungszuschlag in % N2/2, 0 Rabattgruppe).
 *
 * DATANORM 5 (as implemented by Daniel-Jorg-Schuppelius/php-erechnung-toolkit DatanormParser, checked
 * against real files in halo/datanorm's tests):
 *   V  "V;050;Datenkennzeichen;JJJJMMTT;Währung;…".
 *   A  1 flag, 2 Artikelnummer, 3 Kurztext 1, 4 Kurztext 2, 5 Mengeneinheit, 6 Preiskennzeichen (1 list
 *      price, 2 purchase price, 9 price on request), 7 Preiseinheit as the quantity itself, 8 Preis in cents,
 *      9 Rabattgruppe, 10 Hauptwarengruppe, 11 Warengruppe, 12 Matchcode, 13-14 alternative number,
 *      15 Hersteller, 16 Hersteller-Artikelnummer, 17 Herstellertyp, 18 EAN, 19 Grafik, 20 Verpackungsmenge,
 *      21 Katalogseite, 22 Textkennzeichen, 23 Langtextnummer.
 *   B  1 flag (L delete, A article number change), 2 Artikelnummer.
 *   P  1 Artikelnummer, 2 Preiskennzeichen, 3 Preiseinheit, 4 Preis in cents, 5 Rabattgruppe, 6-11 three
 *      pairs Rabattkennzeichen/Rabatt, 12 valid from.
 */

import type { CatalogRecord, CatalogRefusal } from './catalog-record';

export type DatanormVersion = 4 | 5;

export interface DatanormHeader {
  version: DatanormVersion;
  /** Currency of the prices as the header names it (EUR), null when blank. */
  currency: string | null;
}

/** German reasons of refused records (the preview groups refusals by reason, so no values in them). */
export const DATANORM_REFUSALS = {
  noArticleNumber: 'Satz ohne Artikelnummer.',
  price: 'Der Preis ist keine ganze Zahl in Cent.',
  priceMarker: 'Unbekanntes Preiskennzeichen (erlaubt: 1 Brutto, 2 Netto).',
  priceUnit: 'Unbekannte Preiseinheit (DATANORM 4: 0, 1, 2 oder 3 für 1, 10, 100 oder 1000 Stück).',
  renumber: 'Artikelnummernänderung: Das Portal übernimmt keine neuen Artikelnummern aus DATANORM.',
  supplementAlone: 'Hauptsatz 2 (B) ohne den Artikelsatz (A) desselben Artikels direkt davor.',
  notARecord: 'Die Zeile ist kein DATANORM-Satz.',
} as const;

/**
 * The header record (first line). DATANORM 4: version at the fixed positions 124-125, also accepted at the
 * end of a line whose trailing blanks a program cut off. DATANORM 3 (fixed-width article records) is refused.
 */
export function parseDatanormHeader(line: string): DatanormHeader | { error: string } {
  if (!line.startsWith('V')) {
    return { error: 'Die Datei ist keine DATANORM-Datei: Die erste Zeile ist kein Vorlaufsatz (V).' };
  }
  if (line.startsWith('V;')) {
    const fields = line.split(';');
    if (fields[1]?.trim() === '050') return { version: 5, currency: blankToNull(fields[4]) };
    return { error: `DATANORM-Version „${fields[1]?.trim() ?? ''}“ im Vorlaufsatz wird nicht unterstützt.` };
  }
  const fixed = line.slice(123, 125);
  const version = /^\d\d$/.test(fixed) ? fixed : /(\d\d)(?:[A-Z]{3})?\s*$/.exec(line)?.[1];
  if (version === '04') {
    const currency = /^\d\d$/.test(fixed) ? line.slice(125, 128) : /\d\d([A-Z]{3})?\s*$/.exec(line)?.[1];
    return { version: 4, currency: blankToNull(currency) };
  }
  if (version === '03') return { error: 'DATANORM 3 wird nicht unterstützt, nur DATANORM 4 und 5.' };
  return {
    error:
      'Der Vorlaufsatz nennt keine DATANORM-Version (DATANORM 4: „04“ auf Stelle 124–125, DATANORM 5: „V;050;“).',
  };
}

function blankToNull(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** A field trimmed; blank (DATANORM pads with spaces) is null. */
export function field(fields: readonly string[], index: number): string | null {
  return blankToNull(fields[index]);
}

const DIGITS = /^\d+$/;

/** A price in cents as DATANORM writes it (N8/2 without separator); 0 or blank is "no price". */
function euros(raw: string | null): number | null | 'invalid' {
  if (raw === null) return null;
  if (!DIGITS.test(raw)) return 'invalid';
  const cents = Number(raw);
  return cents === 0 ? null : cents / 100;
}

const V4_PRICE_UNITS: Record<string, number> = { '0': 1, '1': 10, '2': 100, '3': 1000 };

/** DATANORM 4 codes the price unit (0-3); the quantities themselves (10, 100, 1000) are read as such. */
function priceUnitV4(raw: string | null): number | null {
  if (raw === null) return 1;
  return V4_PRICE_UNITS[raw] ?? (raw === '10' || raw === '100' || raw === '1000' ? Number(raw) : null);
}

/** DATANORM 5 sends the quantity itself; blank or 0 means per piece. */
function priceUnitV5(raw: string | null): number | null {
  if (raw === null) return 1;
  if (!DIGITS.test(raw)) return null;
  return Math.max(1, Number(raw));
}

const EAN = /^\d{8,14}$/;

type Refused = { refused: string };

/** The price of a record placed by its Preiskennzeichen: list price (gross) or purchase price (net). */
function placePrice(
  record: CatalogRecord,
  marker: string | null,
  rawPrice: string | null,
  version: DatanormVersion,
): Refused | null {
  const price = euros(rawPrice);
  if (price === 'invalid') return { refused: DATANORM_REFUSALS.price };
  if (marker === '9' && version === 5) return null;
  if (price === null) return null;
  // Werkspreis (3, DATANORM 4): the manufacturer's gross price list, a list price like Brutto.
  if (marker === '1' || marker === null || (marker === '3' && version === 4)) record.listPrice = price;
  else if (marker === '2') record.purchasePrice = price;
  else return { refused: DATANORM_REFUSALS.priceMarker };
  return null;
}

function baseRecord(line: number, kind: CatalogRecord['kind'], orderNumber: string): CatalogRecord {
  return { line, kind, orderNumber };
}

function joinTexts(first: string | null, second: string | null): string | null {
  if (first === null) return second;
  return second === null ? first : `${first} ${second}`;
}

/** Flags shared by A records: L deletes, X (DATANORM 4) renumbers. */
function flagged(flag: string | null, line: number, orderNumber: string): CatalogRecord | Refused | null {
  if (flag === 'L') return { ...baseRecord(line, 'ARTICLE', orderNumber), deleted: true };
  if (flag === 'X') return { refused: DATANORM_REFUSALS.renumber };
  return null;
}

/** An A record (Hauptsatz 1) of either version. */
export function parseArticle(
  fields: readonly string[],
  line: number,
  version: DatanormVersion,
): CatalogRecord | Refused {
  const orderNumber = field(fields, 2);
  if (orderNumber === null) return { refused: DATANORM_REFUSALS.noArticleNumber };
  const special = flagged(field(fields, 1)?.toUpperCase() ?? null, line, orderNumber);
  if (special) return special;
  const record = baseRecord(line, 'ARTICLE', orderNumber);
  if (version === 4) {
    const unit = priceUnitV4(field(fields, 7));
    if (unit === null) return { refused: DATANORM_REFUSALS.priceUnit };
    record.descriptionShort = joinTexts(field(fields, 4), field(fields, 5));
    record.orderUnit = field(fields, 8);
    record.priceQuantity = unit;
    record.discountGroup = field(fields, 10);
    return placePrice(record, field(fields, 6), field(fields, 9), 4) ?? record;
  }
  const unit = priceUnitV5(field(fields, 7));
  if (unit === null) return { refused: DATANORM_REFUSALS.priceUnit };
  record.descriptionShort = joinTexts(field(fields, 3), field(fields, 4));
  record.orderUnit = field(fields, 5);
  record.priceQuantity = unit;
  record.discountGroup = field(fields, 9);
  record.manufacturerName = field(fields, 15);
  record.manufacturerNumber = field(fields, 16);
  const ean = field(fields, 18);
  if (ean !== null && EAN.test(ean)) record.ean = ean;
  const packaging = field(fields, 20);
  if (packaging !== null && DIGITS.test(packaging) && Number(packaging) > 0)
    record.minimumQuantity = Number(packaging);
  return placePrice(record, field(fields, 6), field(fields, 8), 5) ?? record;
}

/** What a DATANORM 4 B record (Hauptsatz 2) adds to the A record of the same article. */
export function applySupplement(record: CatalogRecord, fields: readonly string[]): void {
  const alternative = field(fields, 4);
  if (alternative !== null) record.manufacturerNumber = alternative;
  const ean = field(fields, 9);
  if (ean !== null && EAN.test(ean)) record.ean = ean;
  const packaging = field(fields, 13);
  if (packaging !== null && DIGITS.test(packaging) && Number(packaging) > 0)
    record.minimumQuantity = Number(packaging);
}

/** A DATANORM 5 B record: deletes an article or changes its number. */
export function parseChangeV5(fields: readonly string[], line: number): CatalogRecord | Refused | null {
  const orderNumber = field(fields, 2);
  if (orderNumber === null) return { refused: DATANORM_REFUSALS.noArticleNumber };
  const flag = field(fields, 1)?.toUpperCase() ?? null;
  if (flag === 'L') return { ...baseRecord(line, 'ARTICLE', orderNumber), deleted: true };
  if (flag === 'A') return { refused: DATANORM_REFUSALS.renumber };
  return null;
}

/**
 * The purchase price from a list price and the discounts of a P record, applied one after the other (10 %
 * and 10 % make 19 %), rounded once to cents at the end. Null when no discount changes the price.
 */
function discounted(
  listPrice: number,
  pairs: readonly (readonly [string | null, string | null])[],
): number | null {
  let price = listPrice;
  let changed = false;
  for (const [kind, raw] of pairs) {
    if (raw === null || !DIGITS.test(raw)) continue;
    const value = Number(raw);
    if (kind === '1' && value > 0) price *= 1 - value / 10_000;
    else if (kind === '2' && value > 0) price *= value / 1000;
    else if (kind === '3' && value > 0) price *= 1 + value / 10_000;
    else continue;
    changed = true;
  }
  return changed ? Math.round(price * 100) / 100 : null;
}

/** One article of a P record (both versions): prices only, nothing else changes (DATPREIS). */
function priceEntry(
  fields: readonly string[],
  base: number,
  line: number,
  version: DatanormVersion,
): CatalogRecord | Refused | null {
  const orderNumber = field(fields, base);
  if (orderNumber === null) return null;
  const record = baseRecord(line, 'PRICES_ONLY', orderNumber);
  let discountStart = base + 3;
  let priceAt = base + 2;
  if (version === 5) {
    const unit = priceUnitV5(field(fields, base + 2));
    if (unit === null) return { refused: DATANORM_REFUSALS.priceUnit };
    record.priceQuantity = unit;
    priceAt = base + 3;
    record.discountGroup = field(fields, base + 4);
    discountStart = base + 5;
  }
  const refused = placePrice(record, field(fields, base + 1), field(fields, priceAt), version);
  if (refused) return refused;
  if (record.listPrice != null) {
    const pairs = [0, 2, 4].map(
      (offset) => [field(fields, discountStart + offset), field(fields, discountStart + offset + 1)] as const,
    );
    const net = discounted(record.listPrice, pairs);
    if (net !== null) record.purchasePrice = net;
  }
  return record;
}

/** A P record: DATANORM 4 carries up to three articles in one line, DATANORM 5 one. */
export function parsePrices(
  fields: readonly string[],
  line: number,
  version: DatanormVersion,
): (CatalogRecord | Refused)[] {
  const bases = version === 4 ? [2, 11, 20] : [1];
  const out: (CatalogRecord | Refused)[] = [];
  for (const base of bases) {
    const entry = priceEntry(fields, base, line, version);
    if (entry) out.push(entry);
  }
  if (out.length === 0) out.push({ refused: DATANORM_REFUSALS.noArticleNumber });
  return out;
}

export function isRefused(value: CatalogRecord | Refused): value is Refused {
  return 'refused' in value;
}

export function refusal(line: number, value: Refused): CatalogRefusal {
  return { line, reason: value.refused };
}
