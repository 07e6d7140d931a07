import type { BomLineCounts } from '@portal/domain/schemas/bom';
import type {
  OfferAbilities,
  OfferArticleLine,
  OfferArticlesPage,
  OfferArticleTotals,
  OfferComparisonResponse,
  OfferResponse,
} from '@portal/domain/schemas/offer';
import { defaultTechnicalSpec } from '@portal/domain/schemas/technical-spec';
import { counts, line } from './bom-fixtures';

/** Test data of the offer's articles, downloads and comparison (ids as the server hands them out). */
export const OFFER_ID = '88888888-8888-4888-8888-888888888888';
export const OFFER_B_ID = '99999999-9999-4999-8999-999999999999';
export const ENQUIRY_ID = '33333333-3333-4333-8333-333333333333';

export function article(values: Partial<OfferArticleLine> = {}): OfferArticleLine {
  return {
    ...line(),
    pricePerPiece: null,
    note: null,
    originLineId: null,
    totalPrice: null,
    lastUpdate: '2026-11-20T09:00:00.000Z',
    ...values,
  };
}

export function articlesPage(
  content: OfferArticleLine[],
  totals: OfferArticleTotals,
  lineCounts: BomLineCounts = counts({ MATCHED: content.length }),
): OfferArticlesPage {
  return { content, totalElements: content.length, counts: lineCounts, totals };
}

const SUPPLIER_ABILITIES: OfferAbilities = {
  role: 'SUPPLIER',
  edit: true,
  release: true,
  accept: false,
  decline: false,
  confirm: false,
  revise: false,
  uploadFiles: true,
  archive: true,
};

export function offer(
  values: Partial<OfferResponse> = {},
  abilities: Partial<OfferAbilities> = {},
): OfferResponse {
  const spec = defaultTechnicalSpec() as unknown as OfferResponse['technicalSpec'];
  return {
    id: OFFER_ID,
    lineageId: OFFER_ID,
    enquiryId: ENQUIRY_ID,
    enquiryTitle: 'Steuerung Presse 3',
    supplierId: '22222222-2222-4222-8222-222222222222',
    supplierName: 'Schaltanlagen Liefer GmbH',
    customerId: '11111111-1111-4111-8111-111111111111',
    customerName: 'Maschinenbau Kunde GmbH',
    state: 'OPEN',
    version: 1,
    released: false,
    releaseDate: null,
    invalidated: false,
    archived: false,
    offerNumber: 'A-2026-17',
    referenceNumber: 'R-17',
    price: null,
    deliveryCondition: null,
    desiredDeliveryDate: null,
    amount: 1,
    location: null,
    additionalInfo: null,
    additionalInfoSupplier: null,
    rejectionReason: null,
    rejectionReasonIndividual: null,
    validUntil: null,
    expired: false,
    technicalSpec: spec,
    enquiryOriginal: { technicalSpec: spec, price: null, deliveryCondition: null, desiredDeliveryDate: null },
    technicalChanges: [],
    changesDetected: false,
    estimatedPrice: null,
    files: [],
    enquiryFiles: [],
    articleTotals: { lineCount: 0, pricedLines: 0, total: 0 },
    abilities: { ...SUPPLIER_ABILITIES, ...abilities },
    latestVersionId: OFFER_ID,
    createDate: '2026-11-22T10:00:00.000Z',
    lastUpdate: '2026-11-22T10:00:00.000Z',
    changeEntries: [],
    folderId: 'a'.repeat(64),
    ...values,
  };
}

type ComparedOffer = OfferComparisonResponse['offers'][number];

export function comparedOffer(values: Partial<ComparedOffer> = {}): ComparedOffer {
  return {
    id: OFFER_ID,
    supplierName: 'Schaltanlagen Liefer GmbH',
    offerNumber: 'A-17',
    version: 1,
    state: 'OPEN',
    releaseDate: '2026-11-21T09:00:00.000Z',
    price: 10_000,
    desiredDeliveryDate: '2027-03-01',
    deliveryCondition: 'EXW',
    technicalChanges: [],
    lowestPrice: false,
    earliestDate: false,
    acceptable: true,
    inRevision: false,
    materialTotal: 25,
    pricedLines: 2,
    longestDeliveryTime: 10,
    ...values,
  };
}

/** Two competing offers: B is cheaper, A delivers earlier; A changed the packaging. */
export function comparison(values: Partial<OfferComparisonResponse> = {}): OfferComparisonResponse {
  return {
    enquiry: {
      id: ENQUIRY_ID,
      title: 'Steuerung Presse 3',
      referenceNumber: 'R-17',
      price: 12_000,
      desiredDeliveryDate: '2027-04-01',
      deliveryCondition: 'EXW',
      amount: 2,
      awarded: false,
    },
    offers: [
      comparedOffer({
        earliestDate: true,
        version: 2,
        technicalChanges: [
          { field: 'packaging', label: 'Verpackung', enquiryText: 'Eurobox', offerText: 'Holzkiste' },
        ],
      }),
      comparedOffer({
        id: OFFER_B_ID,
        supplierName: 'Zweite Schaltbau AG',
        offerNumber: 'Z-9',
        price: 9_500.5,
        desiredDeliveryDate: '2027-03-15',
        deliveryCondition: 'DAP',
        lowestPrice: true,
        acceptable: false,
        inRevision: true,
        state: 'DECLINED',
      }),
    ],
    lines: [
      {
        key: 'l1',
        rowNumber: 4,
        orderNumber: 'UT 4',
        manufacturerNumber: '3044076',
        manufacturerName: 'Phoenix Contact',
        discountGroup: 'Klemmen',
        bmk: '-X1',
        quantity: 20,
        prices: [1.2, 1.1],
        deliveryTimes: [3, 10],
        alternatives: [null, 'UT 4-MTD'],
        alternativePrices: [null, null],
        lowest: [1],
        fastest: [0],
        differs: true,
      },
      {
        key: 'l2',
        rowNumber: 5,
        orderNumber: 'MS132',
        manufacturerNumber: null,
        manufacturerName: 'ABB',
        discountGroup: null,
        bmk: '-Q1',
        quantity: 1,
        prices: [45, null],
        deliveryTimes: [5, null],
        alternatives: [null, null],
        alternativePrices: [null, null],
        lowest: [],
        fastest: [],
        differs: true,
      },
      {
        key: 'l3',
        rowNumber: 6,
        orderNumber: 'PT 2,5',
        manufacturerNumber: '3209510',
        manufacturerName: 'Phoenix Contact',
        discountGroup: 'Klemmen',
        bmk: '-X2',
        quantity: 10,
        prices: [0.8, 0.8],
        deliveryTimes: [3, 3],
        alternatives: [null, null],
        alternativePrices: [null, null],
        lowest: [0, 1],
        fastest: [0, 1],
        differs: false,
      },
    ],
    linesTruncated: false,
    ...values,
  };
}
