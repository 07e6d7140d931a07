import { describe, expect, it } from 'vitest';
import {
  createHeaderMatcher,
  detectArticleHeaderRow,
  detectHeaderRow,
  HEADER_SEARCH_ROWS,
  normalizeHeader,
  proposeArticleMapping,
  readHeader,
} from './header-detection';
import { ARTICLE_HEADER_SYNONYMS } from './header-synonyms';
import { IMPORT_FIELD_NAMES } from './import-mapping';

function mapped(headers: string[]): Record<string, string> {
  return Object.fromEntries(
    proposeArticleMapping(headers).fieldMapping.map((entry) => [entry.importHeader, entry.articleField]),
  );
}

describe('normalizeHeader', () => {
  it.each([
    ['Bestell-Nr.', 'Bestellnummer'],
    ['Hersteller-Artikelnummer', 'Herstellerartikelnr.'],
    ['Höhe', 'HOEHE'],
    ['Maßeinheit', 'Masseinheit'],
    ['Part No.', 'part number'],
    ['Art.-Nr.', 'Art Nr'],
    ['  Listen preis ', 'Listenpreis'],
  ])('%s equals %s', (a, b) => {
    expect(normalizeHeader(a)).toBe(normalizeHeader(b));
  });

  it('keeps different names apart', () => {
    expect(normalizeHeader('Bestellnummer')).not.toBe(normalizeHeader('Herstellernummer'));
  });
});

describe('readHeader', () => {
  it.each([
    ['Breite (mm)', 'breite', { kind: 'length', unit: 'MM' }],
    ['Höhe [cm]', 'hoehe', { kind: 'length', unit: 'CM' }],
    ['Tiefe in m', 'tiefe', { kind: 'length', unit: 'M' }],
    ['Gewicht (g)', 'gewicht', { kind: 'weight', unit: 'G' }],
    ['Gewicht/kg', 'gewicht', { kind: 'weight', unit: 'KG' }],
    ['Nettogewicht in Gramm', 'nettogewicht', { kind: 'weight', unit: 'G' }],
    ['Listenpreis (EUR)', 'listenpreis', null],
    ['Listenpreis in EUR', 'listenpreis', null],
    ['Bruttopreis €', 'bruttopreis', null],
    ['Lieferzeit (Tage)', 'lieferzeit', null],
    ['ME', 'me', null],
    ['H', 'h', null],
  ])('%s', (header, name, unit) => {
    expect(readHeader(header)).toEqual({ name, unit });
  });
});

describe('the article synonym table', () => {
  it('names only importable fields and no name twice', () => {
    const seen = new Map<string, string>();
    for (const field of Object.keys(ARTICLE_HEADER_SYNONYMS)) {
      expect(IMPORT_FIELD_NAMES).toContain(field);
      for (const synonym of ARTICLE_HEADER_SYNONYMS[field as keyof typeof ARTICLE_HEADER_SYNONYMS]) {
        const name = readHeader(synonym).name;
        expect(seen.get(name) ?? field, `${synonym} in ${field} and ${seen.get(name)}`).toBe(field);
        seen.set(name, field);
      }
    }
  });
});

describe('proposeArticleMapping with header rows of real files', () => {
  it('a wholesaler price list (Sonepar/Rexel style)', () => {
    const headers = [
      'Artikelnummer',
      'Hersteller',
      'Herstellerartikelnr.',
      'Kurztext',
      'Listenpreis (EUR)',
      'Preiseinheit',
      'Mengeneinheit',
      'Rabattgruppe',
      'EAN',
      'Warennummer',
      'Ursprungsland',
      'Gewicht (kg)',
      'eCl@ss',
    ];
    expect(mapped(headers)).toEqual({
      Artikelnummer: 'orderNumber',
      Hersteller: 'manufacturer',
      'Herstellerartikelnr.': 'manufacturerNumber',
      Kurztext: 'description',
      'Listenpreis (EUR)': 'listPrice',
      Preiseinheit: 'priceUnitSize',
      Mengeneinheit: 'unit',
      EAN: 'eanNumber',
      Warennummer: 'customsTarifNumber',
      Ursprungsland: 'countryOfOriginAbbreviation',
      'Gewicht (kg)': 'weight',
    });
  });

  it('a manufacturer list with short names and units in the headers (Weidmüller/Phoenix style)', () => {
    const proposal = proposeArticleMapping([
      'Bestell-Nr.',
      'Typ',
      'Bezeichnung',
      'Bruttopreis',
      'PE',
      'ME',
      'VPE',
      'GTIN',
      'Zolltarifnummer',
      'Herkunftsland',
      'Breite (mm)',
      'Höhe (mm)',
      'Tiefe (mm)',
      'Gewicht (g)',
      'Lieferzeit (Tage)',
      'RoHS',
    ]);
    expect(Object.fromEntries(proposal.fieldMapping.map((e) => [e.importHeader, e.articleField]))).toEqual({
      'Bestell-Nr.': 'orderNumber',
      Typ: 'manufacturerNumber',
      Bezeichnung: 'description',
      Bruttopreis: 'listPrice',
      PE: 'priceUnitSize',
      ME: 'unit',
      VPE: 'packagingUnitSize',
      GTIN: 'eanNumber',
      Zolltarifnummer: 'customsTarifNumber',
      Herkunftsland: 'countryOfOriginAbbreviation',
      'Breite (mm)': 'width',
      'Höhe (mm)': 'height',
      'Tiefe (mm)': 'depth',
      'Gewicht (g)': 'weight',
      'Lieferzeit (Tage)': 'deliveryTime',
      RoHS: 'rohs',
    });
    expect(proposal.units).toEqual({ unitWidth: 'MM', unitHeight: 'MM', unitDepth: 'MM', unitWeight: 'G' });
  });

  it('keeps the default units where a header names none and ignores a unit of the wrong kind', () => {
    expect(proposeArticleMapping(['Bestellnummer', 'Breite', 'Höhe (m)', 'Gewicht (mm)']).units).toEqual({
      unitWidth: 'CM',
      unitHeight: 'M',
      unitDepth: 'CM',
      unitWeight: 'KG',
    });
  });

  it('an EPLAN parts list export', () => {
    expect(
      mapped([
        'Betriebsmittelkennzeichen',
        'Menge',
        'Artikelnummer',
        'Bestellnummer',
        'Hersteller',
        'Typnummer',
        'Bezeichnung 1',
      ]),
    ).toEqual({
      Bestellnummer: 'orderNumber',
      Hersteller: 'manufacturer',
      Typnummer: 'manufacturerNumber',
      'Bezeichnung 1': 'description',
    });
  });

  it('a Würth/Zajadacz style list: Fabrikat, Art.-Nr., Hersteller-Artikelnummer, Nettopreis', () => {
    expect(
      mapped(['Art.-Nr.', 'Fabrikat', 'Hersteller-Artikelnummer', 'Artikelbezeichnung', 'Nettopreis', 'VE']),
    ).toEqual({
      'Art.-Nr.': 'orderNumber',
      Fabrikat: 'manufacturer',
      'Hersteller-Artikelnummer': 'manufacturerNumber',
      Artikelbezeichnung: 'description',
      Nettopreis: 'purchasePrice',
      VE: 'packagingUnitSize',
    });
  });

  it('an English export', () => {
    expect(
      mapped([
        'Part number',
        'Manufacturer',
        'Manufacturer part number',
        'Description',
        'List price',
        'Weight (kg)',
      ]),
    ).toEqual({
      'Part number': 'orderNumber',
      Manufacturer: 'manufacturer',
      'Manufacturer part number': 'manufacturerNumber',
      Description: 'description',
      'List price': 'listPrice',
      'Weight (kg)': 'weight',
    });
  });

  it('gives a field the most confident column and a column at most one field', () => {
    const proposal = proposeArticleMapping(['Preis', 'Listenpreis', 'Bruttopreis', 'Unbekannt']);
    expect(proposal.fieldMapping).toEqual([{ importHeader: 'Listenpreis', articleField: 'listPrice' }]);
  });

  it('maps nothing for unknown names', () => {
    expect(proposeArticleMapping(['Spalte A', 'Spalte B', '']).fieldMapping).toEqual([]);
  });
});

describe('detectArticleHeaderRow', () => {
  const row = (line: number, ...cells: (string | number | null)[]) => ({ line, cells });

  it('skips a title row and an empty row above the header row', () => {
    expect(
      detectArticleHeaderRow([
        row(1, 'Preisliste Weidmüller 2024'),
        row(3, 'Hersteller', 'Bestellnummer', 'Bezeichnung', 'Listenpreis', 'Preiseinheit'),
        row(4, 'Weidmüller', '1020000000', 'Reihenklemme', 98, 100),
        row(5, 'Weidmüller', '1020100000', 'Reihenklemme', 120, 100),
      ]),
    ).toBe(3);
  });

  it('prefers the row with more known names over a data row mentioning one', () => {
    expect(
      detectArticleHeaderRow([
        row(1, 'Stand:', '01.03.2024'),
        row(2, 'Artikelnummer', 'Typ', 'Kurztext', 'Bruttopreis'),
        row(3, 'A-1', 'Typ', 'Klemme', '1,50'),
      ]),
    ).toBe(2);
  });

  it('falls back to the first row as wide as the table when no name is known', () => {
    expect(
      detectArticleHeaderRow([
        row(1, 'Katalog'),
        row(2, 'Spalte A', 'Spalte B', 'Spalte C'),
        row(3, 'x', 'y', 'z'),
      ]),
    ).toBe(2);
  });

  it('answers 1 for an empty file and looks no further than the search window', () => {
    expect(detectArticleHeaderRow([])).toBe(1);
    expect(
      detectArticleHeaderRow([
        row(1, 'Titel', 'A'),
        row(HEADER_SEARCH_ROWS + 1, 'Bestellnummer', 'Hersteller', 'Typ'),
      ]),
    ).toBe(1);
  });

  it('works with any synonym table (the BOM mapping brings its own)', () => {
    const matcher = createHeaderMatcher({ quantity: ['Menge', 'Anzahl'], orderNumber: ['Bestellnummer'] });
    expect(detectHeaderRow([row(1, 'Stückliste'), row(2, 'Pos.', 'Anzahl', 'Bestell-Nr.')], matcher)).toBe(2);
    expect(matcher.match('Bestell-Nr.')).toEqual({ field: 'orderNumber', rank: 0, unit: null });
  });
});
