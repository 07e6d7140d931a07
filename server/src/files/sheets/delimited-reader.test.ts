import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ARTICLE_EXPORT_HEADERS,
  type ArticleExportRow,
  articleExportHead,
  articleExportLine,
} from '@portal/domain/rules/article-export-csv';
import { afterAll, describe, expect, it } from 'vitest';
import { openDelimited } from './delimited-reader';

const temporary = mkdtempSync(path.join(os.tmpdir(), 'portal-delimited-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const exported: ArticleExportRow = {
  manufacturerName: '@Hersteller',
  manufacturerNumber: '-3RT2015',
  orderNumber: '=HYPERLINK("http://x","y")',
  erpNumber: "'=schon mit Apostroph",
  description: '+49 7161 12345',
  unitName: 'Stück',
  listPrice: -12.5,
  purchasePrice: null,
  priceUnitSize: 1,
  packagingUnitSize: null,
  orderQuantityUnitSize: null,
  minimumOrderQuantityUnitSize: null,
  width: null,
  height: null,
  depth: null,
  weight: null,
  discountGroupName: null,
  eclassNumber: null,
  eanNumber: null,
  surchargeCode: null,
  copperCode: null,
  copperBaseValue: null,
  copperWeight: null,
  customsTarifNumber: null,
  countryOfOriginAbbreviation: null,
  rohs: null,
  deliveryTime: null,
  manufacturerLink: null,
  image: null,
  articleImportSource: 'MANUAL',
  possibleOrderNumbers: ['-A', 'B'],
  possibleManufacturerNumbers: [],
};

describe('a CSV file exported by the portal, read by the article import', () => {
  it('comes back without the formula guards of the export (ASVS 1.2.10)', async () => {
    const target = path.join(temporary, 'export.csv');
    const content = articleExportHead() + articleExportLine(exported);
    // The guards are in the file: a spreadsheet program shows these cells as text.
    expect(content).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    writeFileSync(target, content);
    const rows = [];
    for await (const chunk of (await openDelimited(target)).chunks()) rows.push(...chunk);
    expect(rows.map((row) => row.cells.length)).toEqual([
      ARTICLE_EXPORT_HEADERS.length,
      ARTICLE_EXPORT_HEADERS.length,
    ]);
    expect(rows[1]?.cells.slice(0, 7)).toEqual([
      '@Hersteller',
      '-3RT2015',
      '=HYPERLINK("http://x","y")',
      "'=schon mit Apostroph",
      '+49 7161 12345',
      'Stück',
      '-12,5',
    ]);
    expect(rows[1]?.cells[30]).toBe('-A\nB');
  });
});
