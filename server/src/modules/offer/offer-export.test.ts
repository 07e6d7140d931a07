import { describe, expect, it } from 'vitest';
import type { LineRow } from '../bom';
import { fileNamePart, offerExportFile } from './offer-export';
import {
  CUSTOMER_HEADERS,
  csvRows,
  customer,
  fixture,
  PRODUCTION_HEADERS,
  SUMMED_HEADERS,
  SUPPLIER_HEADERS,
  sheetRows,
  supplier,
} from './offer-export.fixture';

describe('offerExportFile', () => {
  it('supplier export (Excel): SPEC headers in order, article values where matched, supplied parts on their own sheet', () => {
    const file = offerExportFile(fixture(), 'supplier', 'xlsx', supplier);
    expect(file.filename).toBe('Angebot_A-202617_Mueller_V2_Lieferanten-Stueckliste.xlsx');
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const { rows, book } = sheetRows(file.body);
    expect(book.SheetNames).toEqual(['Lieferanten-Stückliste', 'Beigestellte Teile']);
    expect(rows[0]).toEqual(SUPPLIER_HEADERS);
    expect(rows).toHaveLength(5);
    // Matched: the catalog's numbers, description and manufacturer; purchase price per piece per SPEC §9
    // (list 40 less 50 % = 20 beats the purchase price 30); the offer's price, line total and note.
    expect(rows[1]).toEqual([
      'ERP-4711',
      2,
      '3RT2015-1BB42 / Schütz 3 kW / Siemens',
      'Stk',
      20,
      '3RT2015-1BB42',
      'Siemens',
      50,
      40,
      21.8,
      43.6,
      'Lieferzeit 2 Wochen',
      'Nein',
    ]);
    // Priced per 100: 0,985 a piece, no list price.
    expect(rows[3]?.slice(2, 10)).toEqual([
      '3211757 / Durchgangsklemme / Phoenix Contact',
      'Stk',
      0.985,
      'PT 4',
      'Phoenix Contact',
      '',
      '',
      0.5,
    ]);
    // Unmatched: the line's own values; texts that look like formulas stay texts.
    expect(rows[4]).toEqual([
      '',
      1.5,
      '=HYPERLINK("http://x") / Unbekannt GmbH',
      'm',
      '',
      '+49-170',
      'Unbekannt GmbH',
      '',
      '',
      '',
      '',
      '=1+2',
      'Nein',
    ]);
    const supplied = sheetRows(file.body, 'Beigestellte Teile').rows;
    expect(supplied[0]).toEqual(SUPPLIER_HEADERS);
    expect(supplied.slice(1).map((row) => row[2])).toEqual(['SPS-1500 / Siemens']);
    expect(supplied[1]?.at(-1)).toBe('Ja');
  });

  it('supplier export (CSV): semicolons, German decimals, every line with the supplied part marked, formulas neutralised', () => {
    const file = offerExportFile(fixture(), 'supplier', 'csv', supplier);
    expect(file.filename).toBe('Angebot_A-202617_Mueller_V2_Lieferanten-Stueckliste.csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    const raw = file.body.toString('utf8');
    expect(raw).toContain(`"'=1+2"`);
    expect(raw).toContain(`"'=HYPERLINK(""http://x"") / Unbekannt GmbH"`);
    const rows = csvRows(file.body);
    expect(rows[0]).toEqual(SUPPLIER_HEADERS);
    expect(rows).toHaveLength(6);
    expect(rows[1]).toEqual([
      'ERP-4711',
      '2',
      '3RT2015-1BB42 / Schütz 3 kW / Siemens',
      'Stk',
      '20,00',
      '3RT2015-1BB42',
      'Siemens',
      '50',
      '40,00',
      '21,80',
      '43,60',
      'Lieferzeit 2 Wochen',
      'Nein',
    ]);
    expect(rows[3]?.[4]).toBe('0,985');
    expect(rows[4]?.[1]).toBe('1,5');
    expect(rows[4]?.[11]).toBe('=1+2');
    expect(rows[5]?.[2]).toBe('SPS-1500 / Siemens');
    expect(rows[5]?.at(-1)).toBe('Ja');
  });

  it('customer export: manufacturer number, order number, quantity, unit of every line (supplied parts included)', () => {
    for (const meta of [customer, supplier]) {
      const xlsx = sheetRows(offerExportFile(fixture(), 'customer', 'xlsx', meta).body);
      expect(xlsx.book.SheetNames).toEqual(['Kunden-Stückliste']);
      expect(xlsx.rows).toEqual([
        CUSTOMER_HEADERS,
        ['3RT2015-1BB42', '3RT2015-1BB42', 2, 'Stk'],
        ['3RT2015-1BB42', '3RT2015-1BB42', 3, 'Stk'],
        ['PT 4', '3211757', 100, 'Stk'],
        ['+49-170', '=HYPERLINK("http://x")', 1.5, 'm'],
        ['6ES7515', 'SPS-1500', 1, 'Stk'],
      ]);
      const csv = offerExportFile(fixture(), 'customer', 'csv', meta);
      expect(csv.filename).toBe('Angebot_A-202617_Mueller_V2_Kunden-Stueckliste.csv');
      expect(csvRows(csv.body)[4]).toEqual(['+49-170', '=HYPERLINK("http://x")', '1,5', 'm']);
    }
  });

  it('production BOM: the identifiers by their EPLAN symbol, part type, ERP, EAN, type number', () => {
    const file = offerExportFile(fixture(), 'production', 'xlsx', customer);
    expect(file.filename).toBe('Angebot_A-202617_Mueller_V2_Fertigungsstueckliste.xlsx');
    const { rows } = sheetRows(file.body);
    expect(rows[0]).toEqual(PRODUCTION_HEADERS);
    expect(rows[1]).toEqual([
      '==F1',
      '=A1',
      '++S1',
      '+UG',
      '-K1',
      'Schütz 3 kW',
      'ERP-4711',
      2,
      '4011209000000',
      '3RT2015-1BB42',
      'Siemens',
      '3RT2015-1BB42',
    ]);
    expect(rows[4]).toEqual([
      '',
      '',
      '',
      '',
      '@SUM(A1)',
      '',
      '',
      1.5,
      '',
      '+49-170',
      'Unbekannt GmbH',
      '=HYPERLINK("http://x")',
    ]);
    const csv = csvRows(offerExportFile(fixture(), 'production', 'csv', customer).body);
    expect(csv[0]).toEqual(PRODUCTION_HEADERS);
    expect(csv[4]?.[4]).toBe('@SUM(A1)');
  });

  it('sum BOM: lines summed by article, the offer price per piece only where all summed lines agree', () => {
    const rows = fixture();
    const { rows: agreed } = sheetRows(offerExportFile(rows, 'summed', 'xlsx', customer).body);
    expect(agreed[0]).toEqual(SUMMED_HEADERS);
    expect(agreed.slice(1)).toEqual([
      ['ERP-4711', '3RT2015-1BB42', '3RT2015-1BB42', 'Siemens', 5, 'Stück', 2, 'Nein', 21.8],
      ['', '3211757', 'PT 4', 'Phoenix Contact', 100, 'Stück', 1, 'Nein', 0.5],
      ['', '=HYPERLINK("http://x")', '+49-170', 'Unbekannt GmbH', 1.5, 'm', 1, 'Nein', ''],
      ['', 'SPS-1500', '6ES7515', 'Siemens', 1, 'Stk', 1, 'Ja', ''],
    ]);
    (rows[1] as LineRow).line.pricePerPiece = 19.9;
    const csv = offerExportFile(rows, 'summed', 'csv', customer);
    expect(csv.filename).toBe('Angebot_A-202617_Mueller_V2_Summenstueckliste.csv');
    expect(csvRows(csv.body)[1]).toEqual([
      'ERP-4711',
      '3RT2015-1BB42',
      '3RT2015-1BB42',
      'Siemens',
      '5',
      'Stück',
      '2',
      'Nein',
      '',
    ]);
  });

  it('refuses the supplier export (purchase prices, discounts) to the customer', () => {
    expect(() => offerExportFile(fixture(), 'supplier', 'csv', customer)).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN', status: 403 }),
    );
  });

  it('file names: the reference number without an offer number, nothing but letters, digits, - and _', () => {
    const file = offerExportFile([], 'customer', 'csv', {
      ...customer,
      offerNumber: null,
      referenceNumber: '../R 7;"x',
    });
    expect(file.filename).toBe('Angebot_R_7x_V2_Kunden-Stueckliste.csv');
    expect(csvRows(file.body)).toEqual([CUSTOMER_HEADERS]);
    const unnamed = offerExportFile([], 'summed', 'xlsx', {
      ...customer,
      offerNumber: '///',
      referenceNumber: null,
    });
    expect(unnamed.filename).toBe('Angebot_V2_Summenstueckliste.xlsx');
    expect(fileNamePart('Größe ÄÖÜ  x')).toBe('Groesse_AeOeUe_x');
  });
});
