import { describe, expect, it } from 'vitest';
import type { BomField } from '../schemas/bom';
import { detectBomHeaderRow, headerSymbol, type LeadingRow, proposeBomMapping } from './header-detection';

/** EPLAN P8 "Artikelstückliste" as the trade exports it: the IEC 81346 prefix on a line below the name. */
const EPLAN_HEADERS = [
  'Modul\n==',
  'Funktion\n=',
  'Aufstellort\n++',
  'Einbauort\n+',
  'BMK\n-',
  'ERP- Nummer',
  'Stückzahl',
  'Bestellnummer',
  'Hersteller',
  'Typ',
  'Bezeichnung',
  'Teileart',
  'Funktionsgruppe',
];

function fieldOf(header: string): BomField | undefined {
  return proposeBomMapping([header])[0]?.bomField;
}

describe('EPLAN headers, each on its own', () => {
  it.each<[string, BomField]>([
    ['Modul\n==', 'functionDesignation'],
    ['Funktion\n=', 'functionalAssignment'],
    ['Aufstellort\n++', 'locationIdentifier'],
    ['Einbauort\n+', 'installationLocation'],
    ['BMK\n-', 'bmk'],
    // the header row stores the line break as a space
    ['Modul ==', 'functionDesignation'],
    ['Funktion =', 'functionalAssignment'],
    ['Aufstellort ++', 'locationIdentifier'],
    ['Einbauort +', 'installationLocation'],
    ['BMK -', 'bmk'],
    ['ERP- Nummer', 'erpNumber'],
    ['ERP-Nummer', 'erpNumber'],
    ['Stückzahl', 'quantity'],
    ['Bestellnummer', 'orderNumber'],
    ['Hersteller', 'manufacturer'],
    ['Typ', 'manufacturerNumber'],
    ['Bezeichnung', 'description'],
    ['Aufstellort', 'locationIdentifier'],
  ])('%j is proposed as %s', (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });

  it.each([
    // the prefix alone decides, whatever the word in front of it
    ['Irgendwas\n==', 'functionDesignation'],
    ['Höhere Ebene\n=', 'functionalAssignment'],
    ['Ort\n++', 'locationIdentifier'],
    ['Platz\n+', 'installationLocation'],
    ['Kennzeichen\n-', 'bmk'],
  ])('%j: the prefix alone identifies %s', (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });

  it.each(['Teileart', 'Funktionsgruppe'])(
    '%s is a known EPLAN header without a field of its own (it marks the header row)',
    (header) => {
      expect(fieldOf(header)).toBeUndefined();
      expect(
        detectBomHeaderRow([
          { line: 1, cells: ['Titel'] },
          { line: 2, cells: [header] },
        ]),
      ).toBe(2);
    },
  );

  it.each([
    ['Modul\n==', '=='],
    ['Funktion\n=', '='],
    ['Aufstellort\n++', '++'],
    ['Einbauort\n+', '+'],
    ['BMK\n-', '-'],
    ['Funktion =', '='],
  ])('%j carries %s', (header, symbol) => {
    expect(headerSymbol(header)).toBe(symbol);
  });

  it.each(['Bestell-\nNr.', 'Menge +/-', 'Preis -10 %', 'Artikel-Nr.-', 'Typ'])(
    '%j carries no symbol',
    (header) => {
      expect(headerSymbol(header)).toBeNull();
    },
  );
});

describe('an EPLAN P8 Artikelstückliste', () => {
  const rows: LeadingRow[] = [
    { line: 1, cells: ['Artikelstückliste'] },
    { line: 2, cells: ['Projekt: 4711 Schaltschrank'] },
    { line: 3, cells: ['Kunde: Muster GmbH'] },
    { line: 4, cells: ['Erstellt: 12.03.2026', null, 'Seite 1 von 212'] },
    { line: 5, cells: ['EPLAN Software & Service'] },
    { line: 6, cells: ['Stückliste – alle Einbauorte'] },
    { line: 7, cells: EPLAN_HEADERS },
    {
      line: 8,
      cells: ['==A', '=01', '++S1', '+M1', '-X1', '100234', '40', '3209510', 'PHO', 'PT 2,5', 'Klemme'],
    },
  ];

  it('finds the header row 7 below the title block and banner', () => {
    expect(detectBomHeaderRow(rows)).toBe(7);
  });

  it('proposes every field the file has, one column each', () => {
    expect(
      Object.fromEntries(
        proposeBomMapping(EPLAN_HEADERS).map((entry) => [entry.importHeader, entry.bomField]),
      ),
    ).toEqual({
      'Modul\n==': 'functionDesignation',
      'Funktion\n=': 'functionalAssignment',
      'Aufstellort\n++': 'locationIdentifier',
      'Einbauort\n+': 'installationLocation',
      'BMK\n-': 'bmk',
      'ERP- Nummer': 'erpNumber',
      Stückzahl: 'quantity',
      Bestellnummer: 'orderNumber',
      Hersteller: 'manufacturer',
      Typ: 'manufacturerNumber',
      Bezeichnung: 'description',
    });
  });
});
