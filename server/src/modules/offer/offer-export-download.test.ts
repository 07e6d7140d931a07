import { describe, expect, it } from 'vitest';
import { offerDownloadEntries } from './offer-export';
import {
  CUSTOMER_HEADERS,
  customer,
  fixture,
  SUMMED_HEADERS,
  SUPPLIER_HEADERS,
  sheetRows,
  supplier,
} from './offer-export.fixture';

describe('offerDownloadEntries', () => {
  const names = (entries: { name: string }[]) => entries.map((entry) => entry.name);

  it('suppliers: their BOM without the supplied parts, the supplied parts apart, production and sum BOM', () => {
    const entries = offerDownloadEntries(fixture(), supplier);
    expect(names(entries)).toEqual([
      'Angebot_A-202617_Mueller_V2_Lieferanten-Stueckliste.xlsx',
      'Angebot_A-202617_Mueller_V2_Beigestellte_Teile.xlsx',
      'Angebot_A-202617_Mueller_V2_Fertigungsstueckliste.xlsx',
      'Angebot_A-202617_Mueller_V2_Summenstueckliste.xlsx',
    ]);
    const [generated, supplied, production, summed] = entries.map((entry) => sheetRows(entry.body));
    expect(generated?.book.SheetNames).toEqual(['Lieferanten-Stückliste']);
    expect(generated?.rows[0]).toEqual(SUPPLIER_HEADERS);
    expect(generated?.rows.slice(1).map((row) => row.at(-1))).toEqual(['Nein', 'Nein', 'Nein', 'Nein']);
    expect(supplied?.rows.slice(1).map((row) => row[2])).toEqual(['SPS-1500 / Siemens']);
    expect(production?.rows).toHaveLength(6);
    expect(summed?.rows[0]).toEqual(SUMMED_HEADERS);
  });

  it('suppliers without supplied parts get no file for them', () => {
    const rows = fixture().filter((row) => !row.line.isSuppliedPart);
    expect(names(offerDownloadEntries(rows, supplier))).toEqual([
      'Angebot_A-202617_Mueller_V2_Lieferanten-Stueckliste.xlsx',
      'Angebot_A-202617_Mueller_V2_Fertigungsstueckliste.xlsx',
      'Angebot_A-202617_Mueller_V2_Summenstueckliste.xlsx',
    ]);
  });

  it('customers: their BOM with every line (supplied parts not split out), production and sum BOM', () => {
    const entries = offerDownloadEntries(fixture(), customer);
    expect(names(entries)).toEqual([
      'Angebot_A-202617_Mueller_V2_Kunden-Stueckliste.xlsx',
      'Angebot_A-202617_Mueller_V2_Fertigungsstueckliste.xlsx',
      'Angebot_A-202617_Mueller_V2_Summenstueckliste.xlsx',
    ]);
    const generated = sheetRows(entries[0]?.body as Buffer);
    expect(generated.rows[0]).toEqual(CUSTOMER_HEADERS);
    expect(generated.rows.slice(1).map((row) => row[1])).toContain('SPS-1500');
    expect(generated.rows).toHaveLength(6);
  });
});
