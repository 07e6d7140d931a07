import { describe, expect, it } from 'vitest';
import {
  ARTICLE_EXPORT_HEADERS,
  type ArticleExportRow,
  articleExportCells,
  articleExportFileName,
  articleExportHead,
  articleExportLine,
} from './article-export-csv';

const row: ArticleExportRow = {
  manufacturerName: 'Siemens',
  manufacturerNumber: '3RT2015-1BB41',
  orderNumber: '3RT2015-1BB41',
  erpNumber: null,
  description: 'Schütz, 3-polig, 24 V DC, "S00"; Schraubanschluss',
  unitName: 'Stück',
  listPrice: 48.9,
  purchasePrice: 31.785,
  priceUnitSize: 1,
  packagingUnitSize: null,
  orderQuantityUnitSize: null,
  minimumOrderQuantityUnitSize: null,
  width: 4.5,
  height: 5.75,
  depth: 7.3,
  weight: 0.25,
  discountGroupName: 'A1',
  eclassNumber: '27371001',
  eanNumber: '4011209000000',
  surchargeCode: null,
  copperCode: null,
  copperBaseValue: 150,
  copperWeight: null,
  customsTarifNumber: '85364900',
  countryOfOriginAbbreviation: 'DE',
  rohs: true,
  deliveryTime: 3,
  manufacturerLink: null,
  image: null,
  articleImportSource: 'MANUAL',
  possibleOrderNumbers: ['3RT20151BB41', '3RT2015-1BB41-ZX'],
  possibleManufacturerNumbers: [],
};

describe('article export CSV (SPEC §9)', () => {
  it('starts with the byte-order mark and a quoted, semicolon-separated header line', () => {
    const head = articleExportHead();
    expect(head.charCodeAt(0)).toBe(0xfeff);
    expect(head).toBe(`\uFEFF${ARTICLE_EXPORT_HEADERS.map((header) => `"${header}"`).join(';')}\r\n`);
  });

  it('writes every cell quoted, quotes doubled, German decimals, lists one per line', () => {
    const line = articleExportLine(row);
    expect(line.endsWith('\r\n')).toBe(true);
    expect(line).toBe(
      '"Siemens";"3RT2015-1BB41";"3RT2015-1BB41";"";"Schütz, 3-polig, 24 V DC, ""S00""; Schraubanschluss";"Stück";' +
        '"48,9";"31,785";"1";"";"";"";"4,5";"5,75";"7,3";"0,25";"A1";"27371001";"4011209000000";"";"";"150";"";' +
        '"85364900";"DE";"ja";"3";"";"";"Manuell";"3RT20151BB41\n3RT2015-1BB41-ZX";""\r\n',
    );
    expect(articleExportCells(row)).toHaveLength(ARTICLE_EXPORT_HEADERS.length);
  });

  it('names the file after the Berlin time of the export', () => {
    expect(articleExportFileName(new Date('2026-11-21T13:05:09Z'), 'ab12')).toBe(
      'Artikelexport_2026-11-21_14-05-09_ab12.csv',
    );
  });
});
