import type { CatalogRecord } from './catalog-record';
import type { Cell, ImportField, ImportPlan } from './import-mapping';

/**
 * SPEC §5 catalog import without a column mapping: a catalog file (BMEcat, DATANORM) is read as rows of a
 * fixed field order with an implied plan, so the preview, merge, pacing and abort are those of the
 * spreadsheet import. Prices stay as the catalog writes them, for `priceUnitSize` pieces (a PRICE_AMOUNT of
 * 98 for PRICE_QUANTITY 100 is list price 98 with price unit 100); lengths arrive in mm, weights in kg.
 */

/** The fields of a catalog article, in the order of its row's cells. */
export const CATALOG_FIELDS = [
  'orderNumber',
  'manufacturerNumber',
  'manufacturer',
  'description',
  'unit',
  'listPrice',
  'purchasePrice',
  'width',
  'height',
  'depth',
  'weight',
  'deliveryTime',
  'packagingUnitSize',
  'priceUnitSize',
  'orderQuantityUnitSize',
  'minimumOrderQuantityUnitSize',
  'eanNumber',
  'manufacturerLink',
  'image',
] as const satisfies readonly ImportField[];

/** A price update (BMEcat T_UPDATE_PRICES, DATANORM DATPREIS) carries only these: nothing else changes. */
export const PRICE_UPDATE_FIELDS = [
  'orderNumber',
  'manufacturer',
  'listPrice',
  'purchasePrice',
  'priceUnitSize',
] as const satisfies readonly ImportField[];

/**
 * Are these (staged) fields those of a price update, i.e. among PRICE_UPDATE_FIELDS? (The merge then
 * updates known articles only.) The staged fields lack the manufacturer, which travels as its id.
 */
export function isPriceUpdate(fields: readonly ImportField[]): boolean {
  const allowed: readonly ImportField[] = PRICE_UPDATE_FIELDS;
  return fields.length > 0 && fields.every((field) => allowed.includes(field));
}

/** The implied plan of a catalog file: each field its cell, lengths in millimetres, weights in kilograms. */
export function catalogPlan(pricesOnly: boolean): ImportPlan {
  const fields: readonly ImportField[] = pricesOnly ? PRICE_UPDATE_FIELDS : CATALOG_FIELDS;
  return {
    columns: fields.map((field, index) => ({ field, index })),
    units: { unitWidth: 'MM', unitHeight: 'MM', unitDepth: 'MM', unitWeight: 'KG' },
  };
}

/**
 * UN/CEFACT unit codes (BMEcat ORDER_UNIT, Recommendation 20) as the portal's units are named; a code not
 * listed stays as written and appears among the preview's unknown names ("anlegen / als Variante zuordnen").
 */
const UNIT_NAMES: Record<string, string> = {
  C62: 'Stück',
  PCE: 'Stück',
  H87: 'Stück',
  EA: 'Stück',
  MTR: 'Meter',
  MMT: 'Millimeter',
  CMT: 'Zentimeter',
  KMT: 'Kilometer',
  KGM: 'Kilogramm',
  GRM: 'Gramm',
  TNE: 'Tonne',
  LTR: 'Liter',
  MTK: 'Quadratmeter',
  MTQ: 'Kubikmeter',
  PR: 'Paar',
  SET: 'Satz',
  PK: 'Packung',
  PA: 'Packung',
  BX: 'Karton',
  CT: 'Karton',
  RO: 'Rolle',
  RL: 'Rolle',
  DR: 'Trommel',
  HUR: 'Stunde',
};

export function portalUnitName(code: string | null | undefined): string | null {
  const text = (code ?? '').trim();
  if (text === '') return null;
  return UNIT_NAMES[text.toUpperCase()] ?? text;
}

const isWebAddress = (text: string | null | undefined): text is string =>
  typeof text === 'string' && /^https?:\/\/\S+\.\S+$/i.test(text) && text.length <= 2000;

/** The cells of a record in the order of `catalogPlan(pricesOnly)`. */
export function catalogCells(record: CatalogRecord, pricesOnly: boolean): Cell[] {
  if (pricesOnly) {
    return [
      record.orderNumber,
      record.manufacturerName ?? null,
      record.listPrice ?? null,
      record.purchasePrice ?? null,
      record.priceQuantity ?? null,
    ];
  }
  return [
    record.orderNumber,
    record.manufacturerNumber ?? null,
    record.manufacturerName ?? null,
    (record.descriptionShort || record.descriptionLong)?.slice(0, 4000) ?? null,
    portalUnitName(record.orderUnit),
    record.listPrice ?? null,
    record.purchasePrice ?? null,
    record.widthMm ?? null,
    record.heightMm ?? null,
    record.depthMm ?? null,
    record.weightKg ?? null,
    record.deliveryTime == null ? null : Math.ceil(record.deliveryTime),
    record.contentPerOrderUnit ?? null,
    record.priceQuantity ?? null,
    record.quantityInterval ?? null,
    record.minimumQuantity ?? null,
    record.ean ?? null,
    isWebAddress(record.dataSheetUrl) ? record.dataSheetUrl : null,
    record.imageUrl?.slice(0, 2000) ?? null,
  ];
}
