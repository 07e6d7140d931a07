import * as XLSX from '@e965/xlsx';
import { parseCsv } from '@portal/domain/rules/csv';
import { expect } from 'vitest';
import type { LineRow } from '../bom';
import type { OfferExportMeta } from './offer-export';

type Line = LineRow['line'];
type Article = NonNullable<LineRow['article']>;

/** Hand-made offer lines (LineRow) for the export tests: no database. */

let nextRow = 1;

function lineRow(
  line: Partial<Line>,
  article: Partial<Article> | null = null,
  extra: Partial<LineRow> = {},
): LineRow {
  const rowNumber = nextRow++;
  return {
    line: {
      id: `00000000-0000-4000-8000-${String(rowNumber).padStart(12, '0')}`,
      enquiryBomId: null,
      adminBomId: null,
      offerId: '00000000-0000-4000-8000-00000000000f',
      rowNumber,
      quantity: 1,
      articleQuantity: null,
      quantityUnitName: 'Stk',
      quantityUnitId: null,
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
      matchedArticleId: article ? (article.id ?? 'a-1') : null,
      manualReplacement: false,
      status: article ? 'MATCHED' : 'NOT_FOUND',
      matchKind: article ? 'EXACT' : null,
      suggestions: [],
      candidateIds: [],
      edited: false,
      raw: {},
      pricePerPiece: null,
      basePricePerPiece: null,
      priceSource: null,
      priceSourceName: null,
      note: null,
      deliveryTime: null,
      alternativeArticleId: null,
      alternativePricePerPiece: null,
      originLineId: null,
      generation: 0,
      updatedAt: new Date('2026-11-26T08:00:00.000Z'),
      updatedBy: null,
      ...line,
    },
    article: article
      ? {
          id: 'a-1',
          orderNumber: null,
          manufacturerNumber: null,
          erpNumber: null,
          eanNumber: null,
          description: null,
          purchasePrice: null,
          listPrice: null,
          priceUnitSize: null,
          ...article,
        }
      : null,
    articleManufacturer: article ? 'Siemens' : null,
    articleUnit: article ? 'Stück' : null,
    articleUnitVariants: article ? ['Stk'] : null,
    discountPercent: null,
    workTime: null,
    ...extra,
  };
}

/** A contactor matched to the catalog, twice (summed), a terminal priced per 100, unmatched and supplied lines. */
export function fixture(): LineRow[] {
  nextRow = 1;
  const contactor = {
    id: 'a-contactor',
    orderNumber: '3RT2015-1BB42',
    manufacturerNumber: '3RT2015-1BB42',
    erpNumber: 'ERP-4711',
    eanNumber: '4011209000000',
    description: 'Schütz 3 kW',
    purchasePrice: 30,
    listPrice: 40,
    priceUnitSize: 1,
  };
  return [
    lineRow(
      {
        quantity: 2,
        orderNumber: '3rt2015 (as written)',
        manufacturerName: 'SIEMENS AG',
        functionDesignation: '==F1',
        functionalAssignment: '=A1',
        locationIdentifier: '++S1',
        installationLocation: '+UG',
        bmk: '-K1',
        pricePerPiece: 21.8,
        note: 'Lieferzeit 2 Wochen',
      },
      contactor,
      { discountPercent: 50 },
    ),
    lineRow({ quantity: 3, pricePerPiece: 21.8, bmk: '-K2' }, contactor, { discountPercent: 50 }),
    lineRow(
      { quantity: 100, pricePerPiece: 0.5, bmk: '-X1' },
      {
        id: 'a-terminal',
        orderNumber: '3211757',
        manufacturerNumber: 'PT 4',
        description: 'Durchgangsklemme',
        purchasePrice: 98.5,
        priceUnitSize: 100,
      },
      { articleManufacturer: 'Phoenix Contact' },
    ),
    lineRow({
      quantity: 1.5,
      quantityUnitName: 'm',
      orderNumber: '=HYPERLINK("http://x")',
      manufacturerNumber: '+49-170',
      manufacturerName: 'Unbekannt GmbH',
      bmk: '@SUM(A1)',
      note: '=1+2',
    }),
    lineRow({
      isSuppliedPart: true,
      status: 'SUPPLIED',
      quantity: 1,
      orderNumber: 'SPS-1500',
      manufacturerNumber: '6ES7515',
      manufacturerName: 'Siemens',
      bmk: '-A1',
    }),
  ];
}

export const supplier: OfferExportMeta = {
  offerNumber: 'A-2026/17 Müller',
  referenceNumber: 'R-1',
  version: 2,
  role: 'SUPPLIER',
};
export const customer: OfferExportMeta = { ...supplier, role: 'CUSTOMER' };

export function sheetRows(body: Buffer, sheetName?: string): { rows: unknown[][]; book: XLSX.WorkBook } {
  const book = XLSX.read(body, { type: 'buffer', cellFormula: true });
  const sheet = book.Sheets[sheetName ?? (book.SheetNames[0] as string)] as XLSX.WorkSheet;
  const cells = Object.entries(sheet).filter(([address]) => !address.startsWith('!'));
  expect(cells.every(([, cell]) => (cell as XLSX.CellObject).f === undefined)).toBe(true);
  return { rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: '' }), book };
}

export function csvRows(body: Buffer): string[][] {
  const text = body.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = parseCsv(text, ';');
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value.map((record) => record.cells);
}

export const SUPPLIER_HEADERS = [
  'ERP-Nummer',
  'Menge',
  'Bestellnummer / Bezeichnung / Hersteller',
  'Einheit',
  'Einkaufspreis pro Stück (EUR)',
  'Herstellernummer',
  'Hersteller',
  'Rabatt der Rabattgruppe (%)',
  'Listenpreis pro Stück (EUR)',
  'Angebotspreis pro Stück (EUR)',
  'Gesamtpreis (EUR)',
  'Notiz',
  'Beigestellt',
];
export const CUSTOMER_HEADERS = ['Herstellernummer', 'Bestellnummer', 'Menge', 'Einheit'];
export const PRODUCTION_HEADERS = [
  'Funktionale Zuordnung (==)',
  'Anlage (=)',
  'Aufstellungsort (++)',
  'Einbauort (+)',
  'BMK (-)',
  'Teiletyp',
  'ERP-Nummer',
  'Menge',
  'EAN',
  'Typnummer',
  'Hersteller',
  'Bestellnummer',
];
export const SUMMED_HEADERS = [
  'ERP-Nummer',
  'Bestellnummer',
  'Herstellernummer',
  'Hersteller',
  'Menge',
  'Einheit',
  'Anzahl Zeilen',
  'Beigestellt',
  'Angebotspreis pro Stück (EUR)',
];
