import { describe, expect, it } from 'vitest';
import { BOM_FIELD_NAMES } from '../schemas/bom';
import {
  detectArticleHeaderRow,
  detectBomHeaderRow,
  headerSymbol,
  type LeadingRow,
  proposeArticleMapping,
  proposeBomMapping,
  readHeader,
} from './header-detection';
import { BOM_HEADER_SYNONYMS, BOM_OTHER_KNOWN_HEADERS, BOM_STRUCTURE_SYMBOLS } from './header-synonyms';

function mapped(headers: string[]): Record<string, string> {
  return Object.fromEntries(proposeBomMapping(headers).map((entry) => [entry.importHeader, entry.bomField]));
}

describe('the BOM synonym table', () => {
  it('names only BOM fields, every field, and no name in two fields or among the others', () => {
    expect(Object.keys(BOM_HEADER_SYNONYMS).sort()).toEqual([...BOM_FIELD_NAMES].sort());
    const seen = new Map<string, string>();
    for (const field of BOM_FIELD_NAMES) {
      for (const synonym of BOM_HEADER_SYNONYMS[field]) {
        const name = readHeader(synonym).name;
        expect(seen.get(name) ?? field, `${synonym} in ${field} and ${seen.get(name)}`).toBe(field);
        seen.set(name, field);
      }
    }
    for (const other of BOM_OTHER_KNOWN_HEADERS) expect(seen.has(readHeader(other).name), other).toBe(false);
  });

  it('follows the SPEC symbols: == functionDesignation, = functionalAssignment, ++, +, -', () => {
    expect(BOM_STRUCTURE_SYMBOLS).toEqual({
      '==': 'functionDesignation',
      '=': 'functionalAssignment',
      '++': 'locationIdentifier',
      '+': 'installationLocation',
      '-': 'bmk',
    });
  });
});

describe('headerSymbol', () => {
  it.each([
    ['==', '=='],
    ['=', '='],
    ['++', '++'],
    [' - ', '-'],
    ['Anlage (==)', '=='],
    ['Anlage (=)', '='],
    ['Einbauort (+)', '+'],
    ['Aufstellungsort (++)', '++'],
    ['BMK (-)', '-'],
    ['BMK [-]', '-'],
    ['Funktionale Zuordnung ( == )', '=='],
    ['+ Einbauort', '+'],
    ['== Funktionale Zuordnung', '=='],
  ])('%s carries %s', (header, symbol) => {
    expect(headerSymbol(header)).toBe(symbol);
  });

  it.each(['-K1', '+S1', '=A1', '-', 'Bestell-Nr.', 'Art.-Nr.', 'Menge (Stk)', 'Menge (+/-)', ''])(
    '%j carries none unless it is a bare symbol',
    (header) => {
      expect(headerSymbol(header)).toBe(header === '-' ? '-' : null);
    },
  );
});

describe('proposeBomMapping with header rows of real BOMs', () => {
  it('an EPLAN "Stückliste" report (German project language)', () => {
    expect(
      mapped([
        'Funktionale Zuordnung',
        'Anlage',
        'Aufstellungsort',
        'Einbauort',
        'BMK',
        'Menge',
        'Bezeichnung',
        'Typnummer',
        'Bestellnummer',
        'Hersteller',
        'Artikelnummer',
        'Lieferant',
      ]),
    ).toEqual({
      'Funktionale Zuordnung': 'functionDesignation',
      Anlage: 'functionalAssignment',
      Aufstellungsort: 'locationIdentifier',
      Einbauort: 'installationLocation',
      BMK: 'bmk',
      Menge: 'quantity',
      Bezeichnung: 'description',
      Typnummer: 'manufacturerNumber',
      // EPLAN's Artikelnummer ("SIE.3RT2015-1BB41") ranks below the Bestellnummer
      Bestellnummer: 'orderNumber',
      Hersteller: 'manufacturer',
    });
  });

  it('an EPLAN export with the symbols in the headers: the symbol decides, not the word', () => {
    expect(
      mapped([
        'Anlage (==)',
        'Anlage (=)',
        'Aufstellungsort (++)',
        'Einbauort (+)',
        'BMK (-)',
        'Menge',
        'ME',
        'Artikelnummer',
        'Typnummer',
        'Herstellername',
        'Funktionstext',
      ]),
    ).toEqual({
      'Anlage (==)': 'functionDesignation',
      'Anlage (=)': 'functionalAssignment',
      'Aufstellungsort (++)': 'locationIdentifier',
      'Einbauort (+)': 'installationLocation',
      'BMK (-)': 'bmk',
      Menge: 'quantity',
      ME: 'unit',
      Artikelnummer: 'orderNumber',
      Typnummer: 'manufacturerNumber',
      Herstellername: 'manufacturer',
    });
  });

  it('a symbol beats a plain word claiming the same field', () => {
    // "Anlage" alone would be `=`; the "(=)" column takes that field.
    expect(mapped(['Anlage', 'Höhere Funktion (=)', 'Bestellnummer'])).toEqual({
      'Höhere Funktion (=)': 'functionalAssignment',
      Bestellnummer: 'orderNumber',
    });
  });

  it('headers that are only the symbols', () => {
    expect(mapped(['==', '=', '++', '+', '-', 'Anz.', 'Bestell-Nr.', 'Hersteller', 'Beigestellt'])).toEqual({
      '==': 'functionDesignation',
      '=': 'functionalAssignment',
      '++': 'locationIdentifier',
      '+': 'installationLocation',
      '-': 'bmk',
      'Anz.': 'quantity',
      'Bestell-Nr.': 'orderNumber',
      Hersteller: 'manufacturer',
      Beigestellt: 'isSuppliedPart',
    });
  });

  it("a customer's own Excel list", () => {
    expect(
      mapped([
        'Pos.',
        'Stückzahl',
        'Einheit',
        'Bezeichnung',
        'Hersteller',
        'Art.-Nr.',
        'Hersteller-Artikelnummer',
        'Großhändler-Bestellnummer',
        'Beistellung',
        'Betriebsmittelkennzeichen',
        'Bemerkung',
      ]),
    ).toEqual({
      Stückzahl: 'quantity',
      Einheit: 'unit',
      Bezeichnung: 'description',
      Hersteller: 'manufacturer',
      'Art.-Nr.': 'orderNumber',
      'Hersteller-Artikelnummer': 'manufacturerNumber',
      'Großhändler-Bestellnummer': 'wholesalerOrderNumber',
      Beistellung: 'isSuppliedPart',
      Betriebsmittelkennzeichen: 'bmk',
    });
  });

  it('spellings: Stk, Menge (Stk), Mengeneinheit, Typ, Bestell-Nr., Kundenbeistellung', () => {
    expect(mapped(['Stk', 'Mengeneinheit', 'Typ', 'Bestell-Nr.', 'Kundenbeistellung'])).toEqual({
      Stk: 'quantity',
      Mengeneinheit: 'unit',
      Typ: 'manufacturerNumber',
      'Bestell-Nr.': 'orderNumber',
      Kundenbeistellung: 'isSuppliedPart',
    });
    expect(mapped(['Menge (Stk)', 'BESTELLNUMMER'])).toEqual({
      'Menge (Stk)': 'quantity',
      BESTELLNUMMER: 'orderNumber',
    });
  });

  it('an EPLAN report in English', () => {
    expect(
      mapped([
        'Functional assignment',
        'Higher-level function',
        'Installation site',
        'Mounting location',
        'Device tag',
        'Quantity',
        'Part number',
        'Type number',
        'Manufacturer',
        'Order number',
      ]),
    ).toEqual({
      'Functional assignment': 'functionDesignation',
      'Higher-level function': 'functionalAssignment',
      'Installation site': 'locationIdentifier',
      'Mounting location': 'installationLocation',
      'Device tag': 'bmk',
      Quantity: 'quantity',
      'Type number': 'manufacturerNumber',
      Manufacturer: 'manufacturer',
      'Order number': 'orderNumber',
    });
  });

  it('proposes nothing for unknown headers', () => {
    expect(proposeBomMapping(['Spalte A', 'Spalte B', ''])).toEqual([]);
  });
});

describe('detectBomHeaderRow', () => {
  const eplanWithTitle: LeadingRow[] = [
    { line: 1, cells: ['Stückliste Projekt 4711 – Schaltschrank =A1+S1'] },
    { line: 2, cells: ['Erstellt: 12.03.2025', null, null, 'Seite 1'] },
    {
      line: 3,
      cells: [
        'Anlage (=)',
        'Einbauort (+)',
        'BMK (-)',
        'Menge',
        'ME',
        'Bezeichnung',
        'Bestellnummer',
        'Hersteller',
      ],
    },
    { line: 4, cells: ['=A1', '+S1', '-K1', 2, 'Stk', 'Leistungsschütz', '3RT2015-1BB41', 'Siemens'] },
    { line: 5, cells: ['=A1', '+S1', '-X1', '1,5', 'm', 'Ölflex 3G1,5', '0011233', 'Lapp'] },
    { line: 6, cells: ['=A1', '+S1', '-', 20, 'Stk', 'Durchgangsklemme', '3209510', 'Phoenix Contact'] },
  ];

  it('proposes row 3 below a title row and a date row', () => {
    expect(detectBomHeaderRow(eplanWithTitle)).toBe(3);
    expect(proposeBomMapping(eplanWithTitle[2]?.cells as string[])).toEqual([
      { importHeader: 'Anlage (=)', bomField: 'functionalAssignment' },
      { importHeader: 'Einbauort (+)', bomField: 'installationLocation' },
      { importHeader: 'BMK (-)', bomField: 'bmk' },
      { importHeader: 'Menge', bomField: 'quantity' },
      { importHeader: 'ME', bomField: 'unit' },
      { importHeader: 'Bezeichnung', bomField: 'description' },
      { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
      { importHeader: 'Hersteller', bomField: 'manufacturer' },
    ]);
  });

  it('finds a header of bare symbols on row 3 after an empty row', () => {
    const rows: LeadingRow[] = [
      { line: 1, cells: ['Kunde: Muster GmbH'] },
      { line: 2, cells: [] },
      { line: 3, cells: ['==', '=', '+', '-', 'Anzahl', 'Typ', 'Herstellername'] },
      { line: 4, cells: ['==F1', '=A1', '+S1', '-Q1', 1, 'PKZM0-10', 'Eaton'] },
    ];
    expect(detectBomHeaderRow(rows)).toBe(3);
  });

  it('reads a BOM header the article import would not know (one module, two tables)', () => {
    const rows: LeadingRow[] = [
      { line: 1, cells: ['Materialliste'] },
      { line: 2, cells: ['==', '=', '++', '+', '-', 'Stk'] },
    ];
    expect(detectBomHeaderRow(rows)).toBe(2);
    expect(detectArticleHeaderRow(rows)).toBe(2); // the widest row, for want of a known name
    expect(proposeArticleMapping(['==', '=', 'BMK (-)']).fieldMapping).toEqual([]);
  });
});
