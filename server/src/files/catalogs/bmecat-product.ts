import {
  catalogClassOf,
  type Dimension,
  dimensionOfFeature,
  dimensionValue,
  languageRank,
  parseXmlNumber,
  referenceType,
} from '@portal/domain/rules/bmecat';
import type { CatalogClass, CatalogRecord, CatalogReference } from '@portal/domain/rules/catalog-record';

/**
 * One PRODUCT (BMEcat 2005) or ARTICLE (BMEcat 1.2) while it is read: the streaming reader hands it the
 * leaf elements it meets (by their path inside the product) and takes the finished CatalogRecord at the
 * product's end. Element names of both versions are accepted (SUPPLIER_PID / SUPPLIER_AID, PRODUCT_PRICE /
 * ARTICLE_PRICE, …).
 */

export interface ProductContext {
  kind: CatalogRecord['kind'];
  /** The catalog's supplier (HEADER/SUPPLIER/SUPPLIER_NAME): a manufacturer's catalog names itself there. */
  supplierName: string | null;
  /** HEADER/CATALOG/MIME_ROOT: the base of relative MIME_SOURCE paths when it is a web address. */
  mimeRoot: string | null;
}

interface Price {
  type: string;
  amount: number | null;
  lowerBound: number;
}

interface Mime {
  type: string;
  source: string;
  purpose: string;
}

const isWebAddress = (text: string) => /^https?:\/\/\S+$/i.test(text);

export class ProductBuilder {
  private orderNumber = '';
  private manufacturerName: string | null = null;
  private manufacturerNumber: string | null = null;
  private short: { text: string; rank: number } | null = null;
  private long: { text: string; rank: number } | null = null;
  private ean: string | null = null;
  private orderUnit: string | null = null;
  private contentUnit: string | null = null;
  private contentPerOrderUnit: number | null = null;
  private priceQuantity: number | null = null;
  private minimumQuantity: number | null = null;
  private quantityInterval: number | null = null;
  private deliveryTime: number | null = null;
  private readonly prices: Price[] = [];
  private price: Price | null = null;
  private readonly mimes: Mime[] = [];
  private mime: Mime | null = null;
  private readonly classes: CatalogClass[] = [];
  private featureSystem: { name: string; ids: string[] } | null = null;
  private feature: { name: string; value: string; unit: string | null } | null = null;
  private readonly dimensions: Partial<Record<Dimension, number>> = {};
  private readonly logistic: Partial<Record<Dimension, number>> = {};
  private readonly references: CatalogReference[] = [];
  private reference: { type: CatalogReference['type']; to: string } | null = null;
  private readonly problems: string[] = [];

  constructor(
    readonly line: number,
    private readonly context: ProductContext,
    readonly deleted: boolean,
  ) {}

  /** An element inside the product opens. */
  open(name: string, attributes: Record<string, string>): void {
    switch (name) {
      case 'PRODUCT_PRICE':
      case 'ARTICLE_PRICE':
        this.price = { type: (attributes.price_type ?? '').toLowerCase(), amount: null, lowerBound: 0 };
        break;
      case 'MIME':
        this.mime = { type: '', source: '', purpose: '' };
        break;
      case 'PRODUCT_FEATURES':
      case 'ARTICLE_FEATURES':
        this.featureSystem = { name: '', ids: [] };
        break;
      case 'FEATURE':
        this.feature = { name: '', value: '', unit: null };
        break;
      case 'PRODUCT_REFERENCE':
      case 'ARTICLE_REFERENCE':
        this.reference = { type: referenceType(attributes.type), to: '' };
        break;
    }
  }

  /** A leaf element ends with its text; `lang` is its language attribute, `parent` the element it is in. */
  leaf(name: string, parent: string, text: string, lang: string | undefined): void {
    const value = text.trim();
    if (this.reference) {
      if (name === 'PROD_ID_TO' || name === 'ART_ID_TO') this.reference.to = value;
      return;
    }
    if (this.feature) {
      if (name === 'FNAME') this.feature.name = value;
      else if (name === 'FVALUE') this.feature.value ||= value;
      else if (name === 'FUNIT') this.feature.unit = value || null;
      return;
    }
    if (this.price) {
      if (name === 'PRICE_AMOUNT') this.price.amount = this.number(value, 'Preis');
      else if (name === 'LOWER_BOUND') this.price.lowerBound = parseXmlNumber(value) ?? 0;
      return;
    }
    if (this.mime) {
      if (name === 'MIME_TYPE') this.mime.type = value.toLowerCase();
      else if (name === 'MIME_SOURCE') this.mime.source = value;
      else if (name === 'MIME_PURPOSE') this.mime.purpose = value.toLowerCase();
      return;
    }
    if (this.featureSystem && parent !== 'FEATURE') {
      if (name === 'REFERENCE_FEATURE_SYSTEM_NAME') this.featureSystem.name = value;
      else if (name === 'REFERENCE_FEATURE_GROUP_ID' || name === 'REFERENCE_FEATURE_GROUP_ID2')
        this.featureSystem.ids.push(value);
      return;
    }
    if (parent === 'NET_DIMENSIONS' || parent === 'PRODUCT_LOGISTIC_DETAILS') {
      this.logisticValue(name, value);
      return;
    }
    this.detail(name, value, lang);
  }

  private detail(name: string, value: string, lang: string | undefined): void {
    switch (name) {
      case 'SUPPLIER_PID':
      case 'SUPPLIER_AID':
        this.orderNumber = value;
        break;
      case 'MANUFACTURER_NAME':
        this.manufacturerName = value || null;
        break;
      case 'MANUFACTURER_PID':
      case 'MANUFACTURER_AID':
        this.manufacturerNumber = value || null;
        break;
      case 'DESCRIPTION_SHORT':
        this.short = this.preferred(this.short, value, lang);
        break;
      case 'DESCRIPTION_LONG':
        this.long = this.preferred(this.long, value, lang);
        break;
      case 'INTERNATIONAL_PID':
      case 'EAN':
        this.ean ??= value || null;
        break;
      case 'ORDER_UNIT':
        this.orderUnit = value || null;
        break;
      case 'CONTENT_UNIT':
        this.contentUnit = value || null;
        break;
      case 'NO_CU_PER_OU':
        this.contentPerOrderUnit = this.number(value, 'Inhalt je Bestelleinheit');
        break;
      case 'PRICE_QUANTITY':
        this.priceQuantity = this.number(value, 'Preismenge');
        break;
      case 'QUANTITY_MIN':
        this.minimumQuantity = this.number(value, 'Mindestbestellmenge');
        break;
      case 'QUANTITY_INTERVAL':
        this.quantityInterval = this.number(value, 'Bestellintervall');
        break;
      case 'DELIVERY_TIME':
        this.deliveryTime = this.number(value, 'Lieferzeit');
        break;
    }
  }

  /** BMEcat 2005 logistic details: dimensions in metres, weight in kilograms. */
  private logisticValue(name: string, value: string): void {
    const number = parseXmlNumber(value);
    if (number === null) return;
    if (name === 'WIDTH') this.logistic.width = number * 1000;
    else if (name === 'LENGTH' || name === 'DEPTH') this.logistic.depth = number * 1000;
    else if (name === 'HEIGHT') this.logistic.height = number * 1000;
    else if (name === 'WEIGHT') this.logistic.weight = number;
  }

  /** An element inside the product closes (after its leaf text, if any). */
  close(name: string): void {
    switch (name) {
      case 'PRODUCT_PRICE':
      case 'ARTICLE_PRICE':
        if (this.price) this.prices.push(this.price);
        this.price = null;
        break;
      case 'MIME':
        if (this.mime?.source) this.mimes.push(this.mime);
        this.mime = null;
        break;
      case 'FEATURE':
        if (this.feature) this.takeFeature(this.feature);
        this.feature = null;
        break;
      case 'PRODUCT_FEATURES':
      case 'ARTICLE_FEATURES': {
        const found = this.featureSystem && catalogClassOf(this.featureSystem.name, this.featureSystem.ids);
        if (found && !this.classes.some((c) => c.system === found.system && c.code === found.code))
          this.classes.push(found);
        this.featureSystem = null;
        break;
      }
      case 'PRODUCT_REFERENCE':
      case 'ARTICLE_REFERENCE':
        if (this.reference?.to)
          this.references.push({ type: this.reference.type, orderNumber: this.reference.to });
        this.reference = null;
        break;
    }
  }

  private takeFeature(feature: { name: string; value: string; unit: string | null }): void {
    const dimension = dimensionOfFeature(feature.name);
    if (!dimension || dimension in this.dimensions) return;
    const number = parseXmlNumber(feature.value.replace(',', '.'));
    if (number === null) return;
    const converted = dimensionValue(dimension, number, feature.unit);
    if (converted !== null) this.dimensions[dimension] = converted;
  }

  private preferred(current: { text: string; rank: number } | null, text: string, lang: string | undefined) {
    const rank = languageRank(lang);
    return current && current.rank <= rank ? current : { text, rank };
  }

  private number(text: string, label: string): number | null {
    if (text === '') return null;
    const value = parseXmlNumber(text);
    if (value === null || value < 0)
      this.problems.push(`${label}: „${text.slice(0, 40)}“ ist keine gültige Zahl.`);
    return value;
  }

  /** The lowest-bound price of a type (scaled prices: the first step is the price of one order unit). */
  private priceOf(type: string): number | null {
    let best: Price | null = null;
    for (const price of this.prices) {
      if (price.type !== type || price.amount === null) continue;
      if (!best || price.lowerBound < best.lowerBound) best = price;
    }
    return best?.amount ?? null;
  }

  private link(mime: Mime | undefined): string | null {
    if (!mime) return null;
    if (isWebAddress(mime.source)) return mime.source;
    const root = this.context.mimeRoot;
    if (root && isWebAddress(root)) return `${root.replace(/\/+$/, '')}/${mime.source.replace(/^\/+/, '')}`;
    return mime.source;
  }

  /** The finished record, or the German reasons it cannot be used. */
  finish(): { record: CatalogRecord } | { reason: string } {
    if (this.orderNumber === '')
      this.problems.unshift('Die Artikelnummer des Lieferanten (SUPPLIER_PID) fehlt.');
    if (this.problems.length > 0) return { reason: this.problems.join(' ') };
    const image =
      this.mimes.find((m) => m.type.startsWith('image/') && (m.purpose === 'normal' || m.purpose === '')) ??
      this.mimes.find((m) => m.type.startsWith('image/') || m.purpose === 'normal' || m.purpose === 'detail');
    const dataSheet = this.mimes.find((m) => m.purpose === 'data_sheet' || m.type === 'application/pdf');
    const size = (dimension: Dimension) => this.dimensions[dimension] ?? this.logistic[dimension] ?? null;
    return {
      record: {
        line: this.line,
        kind: this.context.kind,
        ...(this.deleted ? { deleted: true } : {}),
        orderNumber: this.orderNumber,
        manufacturerName: this.manufacturerName ?? this.context.supplierName,
        manufacturerNumber: this.manufacturerNumber,
        descriptionShort: this.short?.text || null,
        descriptionLong: this.long?.text || null,
        ean: this.ean,
        orderUnit: this.orderUnit,
        contentUnit: this.contentUnit,
        contentPerOrderUnit: this.contentPerOrderUnit,
        priceQuantity: this.priceQuantity,
        minimumQuantity: this.minimumQuantity,
        quantityInterval: this.quantityInterval,
        listPrice: this.priceOf('net_list'),
        purchasePrice: this.priceOf('net_customer'),
        deliveryTime: this.deliveryTime,
        imageUrl: this.link(image),
        dataSheetUrl: this.link(dataSheet),
        widthMm: size('width'),
        heightMm: size('height'),
        depthMm: size('depth'),
        weightKg: size('weight'),
        classes: this.classes,
        references: this.references,
      },
    };
  }
}
