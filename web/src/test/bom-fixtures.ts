import type { BomLine, BomLineCounts } from '@portal/domain/schemas/bom';
import type {
  BomEstimate,
  BomLinesPage,
  BomSummedResponse,
  SummedBomLine,
} from '@portal/domain/schemas/bom-lines';
import { bomLinesPage, bomSummedResponse } from '@portal/domain/schemas/bom-lines';
import { QueryClient } from '@tanstack/react-query';
import type { BomLinesSource } from '../features/bom';
import { api } from '../lib/api-client';

export const OWNER_ID = '44444444-4444-4444-8444-444444444444';
export const ARTICLE_ID = '55555555-5555-4555-8555-555555555555';

let nextLine = 0;
/** A line id as the server hands it out (uuid, the replace body requires one). */
export const lineId = (n: number) => `66666666-6666-4666-8666-${String(n).padStart(12, '0')}`;

export function line(values: Partial<BomLine> = {}): BomLine {
  nextLine += 1;
  return {
    id: lineId(nextLine),
    rowNumber: nextLine + 3,
    quantity: 1,
    articleQuantity: null,
    packages: null,
    quantityUnitId: null,
    quantityUnitName: 'Stk',
    isSuppliedPart: false,
    functionDesignation: null,
    functionalAssignment: null,
    locationIdentifier: null,
    installationLocation: null,
    bmk: null,
    wholesalerOrderNumber: null,
    orderNumber: null,
    manufacturerNumber: null,
    manufacturerName: null,
    manufacturerId: null,
    description: null,
    erpNumber: null,
    matchedArticleId: null,
    matchedArticle: null,
    manualReplacement: false,
    status: 'NOT_FOUND',
    matchKind: null,
    suggestions: [],
    candidateIds: [],
    edited: false,
    price: null,
    raw: {},
    ...values,
  };
}

export function counts(byStatus: Partial<BomLineCounts['byStatus']> = {}): BomLineCounts {
  const all = {
    MATCHED: 0,
    NOT_FOUND: 0,
    DUPLICATE: 0,
    WRONG_UNIT: 0,
    MISSING_VALUES: 0,
    SUPPLIED: 0,
    ...byStatus,
  };
  return { total: Object.values(all).reduce((sum, n) => sum + n, 0), byStatus: all };
}

export function linesPage(
  content: BomLine[],
  lineCounts = counts({ NOT_FOUND: content.length }),
): BomLinesPage {
  return { content, totalElements: content.length, counts: lineCounts };
}

export function summedLine(values: Partial<SummedBomLine> = {}): SummedBomLine {
  return {
    key: `k${++nextLine}`,
    matchedArticle: null,
    orderNumber: null,
    manufacturerNumber: null,
    manufacturerName: null,
    unitName: 'Stk',
    quantity: 1,
    lineCount: 1,
    isSuppliedPart: false,
    price: null,
    ...values,
  };
}

export function summed(content: SummedBomLine[], totalPrice: number): BomSummedResponse {
  return { content, totalPrice };
}

/** The example of the brief: 1.234 € – 1.890 € per cabinet, two cabinets. */
export function estimate(values: Partial<BomEstimate> = {}): BomEstimate {
  return {
    low: 1234,
    high: 1890,
    amount: 2,
    total: { low: 2468, high: 3780 },
    breakdown: {
      lineCount: 120,
      suppliedLines: 12,
      errorLines: 12,
      sums: { discountedSum: 3000, restSum: 500, materialSum: 3500, pricedLines: 96, unpricedLines: 24 },
      errorFactor: 1.1,
      markup: { low: 665.5, high: 1210 },
      suppliedParts: {
        count: 12,
        surcharge: 560,
        tiers: [
          { from: 1, to: 10, count: 10, rate: 50, amount: 500 },
          { from: 11, to: 30, count: 2, rate: 30, amount: 60 },
        ],
      },
      work: {
        matchedMinutes: 300,
        unmatchedParts: 12,
        low: 420,
        high: 480,
        hourlyRate: 65,
        lowFactor: 0.8,
        costLow: 364,
        costHigh: 520,
      },
      exact: { low: 1233.67, high: 1890.25 },
    },
    ...values,
  };
}

export { json, stubApi } from './stub-api';

/** A source on test URLs, shaped as every owner's (enquiry, BOM import) is. */
export const testSource: BomLinesSource = {
  queryKey: ['test-bom', OWNER_ID],
  fetchPage: (query, signal) => api.get('/test/bom/lines', bomLinesPage, { ...query, id: OWNER_ID }, signal),
  fetchSummed: (signal) => api.get('/test/bom/summed', bomSummedResponse, { id: OWNER_ID }, signal),
};

export const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

const MANUFACTURER_ID = '77777777-7777-4777-8777-777777777777';

/** One hit of GET /article/search. */
export const searchHit = {
  id: ARTICLE_ID,
  manufacturerId: MANUFACTURER_ID,
  manufacturerName: 'Phoenix Contact',
  manufacturerNumber: '3044076',
  orderNumber: 'UT 4',
  description: 'Durchgangsreihenklemme',
  listPrice: 1.2,
  purchasePrice: null,
  priceUnitSize: null,
  width: null,
  height: null,
  depth: null,
  weight: null,
  unitId: null,
  unitName: 'Stk',
  articleImportSource: 'MANUAL',
  exactMatch: false,
};

/** POST /article/replace's answer: the article and the lines now assigned to it. */
export function replaceResponse(lines: BomLine[]) {
  const none = null;
  return {
    id: ARTICLE_ID,
    manufacturerId: MANUFACTURER_ID,
    manufacturerName: 'Phoenix Contact',
    manufacturerNumber: '3044076',
    orderNumber: 'UT 4',
    erpNumber: none,
    manufacturerLink: none,
    description: 'Durchgangsreihenklemme',
    deliveryTime: none,
    unitId: none,
    unitName: 'Stk',
    packagingUnitSize: none,
    priceUnitSize: none,
    orderQuantityUnitSize: none,
    minimumOrderQuantityUnitSize: none,
    width: none,
    height: none,
    depth: none,
    weight: none,
    purchasePrice: none,
    listPrice: 1.2,
    discountGroupId: none,
    discountGroupName: none,
    discountPercent: none,
    eclass9_1Id: none,
    eclassNumber: none,
    eclassDescription: none,
    classes: [],
    catalogReferences: [],
    eanNumber: none,
    surchargeCode: none,
    copperCode: none,
    copperBaseValue: none,
    copperWeight: none,
    customsTarifNumber: none,
    countryOfOriginAbbreviation: none,
    rohs: none,
    image: none,
    articleImportSource: 'MANUAL',
    wholesalerInfos: [],
    possibleOrderNumbers: [],
    possibleManufacturerNumbers: [],
    calculatedPurchasePricePerPiece: none,
    changeEntries: [],
    createDate: '2026-11-22T10:00:00.000Z',
    lastUpdate: '2026-11-22T10:00:00.000Z',
    lines,
  };
}
