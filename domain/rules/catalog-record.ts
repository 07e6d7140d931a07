/**
 * A catalog article as a manufacturer's or wholesaler's catalog file describes it (BMEcat, DATANORM), before
 * it meets the master data. The format readers produce these; the article import maps them onto its fields
 * without a column mapping. Amounts are plain numbers as written (a price for `priceQuantity` pieces), units
 * as written (UN/CEFACT codes such as C62, MTR, KGM, or the wholesaler's own text).
 */
export interface CatalogRecord {
  /** Where the record starts in the file (line of a DATANORM file, line of the PRODUCT element in XML). */
  line: number;
  /** `PRICES_ONLY`: a price update (BMEcat T_UPDATE_PRICES, DATANORM DATPREIS) that changes nothing else. */
  kind: 'ARTICLE' | 'PRICES_ONLY';
  /** Delete mode of the source (BMEcat `mode="delete"`, DATANORM record kind "L"): kept as information. */
  deleted?: boolean;
  /** The supplier's article number (BMEcat SUPPLIER_PID / SUPPLIER_AID, DATANORM Artikelnummer). */
  orderNumber: string;
  manufacturerName?: string | null;
  manufacturerNumber?: string | null;
  descriptionShort?: string | null;
  descriptionLong?: string | null;
  /** EAN/GTIN. */
  ean?: string | null;
  /** Order unit as written (C62, MTR, Stk, m …). */
  orderUnit?: string | null;
  contentUnit?: string | null;
  /** Content units per order unit (BMEcat NO_CU_PER_OU). */
  contentPerOrderUnit?: number | null;
  /** The quantity the prices are for (BMEcat PRICE_QUANTITY, DATANORM Preiseinheit 1/10/100/1000). */
  priceQuantity?: number | null;
  minimumQuantity?: number | null;
  quantityInterval?: number | null;
  listPrice?: number | null;
  purchasePrice?: number | null;
  /** Working days. */
  deliveryTime?: number | null;
  discountGroup?: string | null;
  imageUrl?: string | null;
  dataSheetUrl?: string | null;
  /** Dimensions in millimetres and weight in kilograms, already converted from the feature's unit. */
  widthMm?: number | null;
  heightMm?: number | null;
  depthMm?: number | null;
  weightKg?: number | null;
  classes?: readonly CatalogClass[];
  references?: readonly CatalogReference[];
}

/** A classification of the trade: ECLASS (code, IRDI) or ETIM (class id), with the system's version. */
export interface CatalogClass {
  system: 'ECLASS' | 'ETIM';
  /** e.g. "14.0" (from ECLASS-14.0), null when the file does not say. */
  version: string | null;
  /** ECLASS 8-digit code ("27141137") or ETIM class ("EC000897"). */
  code: string;
  /** ECLASS IRDI ("0173-1#01-ADO458#005") when given. */
  irdi?: string | null;
}

/** BMEcat PRODUCT_REFERENCE: another article of the same catalog by its supplier number. */
export interface CatalogReference {
  type: 'similar' | 'followup' | 'accessories' | 'other';
  orderNumber: string;
}

/** A record the reader could not use, with the line it starts at and a German reason. */
export interface CatalogRefusal {
  line: number;
  reason: string;
}
