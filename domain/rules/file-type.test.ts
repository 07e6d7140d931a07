import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILE_TYPES, type FileType } from '../enums';
import {
  ARTICLE_IMPORT_EXTENSIONS,
  BOM_EXTENSIONS,
  defaultFileType,
  fileExtension,
  fileTypesFor,
  hasAllowedExtension,
  isArticleImportFile,
  isCatalogImportFile,
  isFileTypeAllowed,
  isUploadSizeAllowed,
  MAX_FILE_NAME_BYTES,
  MAX_UPLOAD_BYTES,
  proposeFileType,
  sanitizeFileName,
  UPLOAD_EXTENSIONS,
  uniqueFileName,
  utf8Length,
} from './file-type';

/** SPEC §5 "file type by extension", written out once more by hand. */
const EXPECTED: Record<string, FileType[]> = {
  xlsx: ['BILL_OF_MATERIAL', 'UNKNOWN'],
  pdf: ['OFFER', 'ORDER_CONFIRMATION', 'ORDER', 'LEGAL_DOCUMENT', 'CIRCUIT_DIAGRAM', 'NC_DATA', 'UNKNOWN'],
  csv: ['BILL_OF_MATERIAL', 'LABELLING', 'CONNECTION_LIST', 'NC_DATA', 'UNKNOWN'],
  txt: ['LABELLING', 'UNKNOWN'],
  // Beyond the SPEC table: .xls is a BOM format (SPEC §5), so an old-format BOM counts as one.
  xls: ['BILL_OF_MATERIAL', 'UNKNOWN'],
  pau: ['PERFOREX'],
  pbt: ['PERFOREX'],
  pku: ['PERFOREX'],
  ppr: ['PERFOREX'],
  prp: ['PERFOREX'],
  pvb: ['PERFOREX'],
};
const OTHER_EXTENSIONS = ['doc', 'docx', 'jpeg', 'jpg', 'png', 'gif', 'zip', 'exe', 'xlsm', ''];

describe('fileTypesFor / isFileTypeAllowed', () => {
  it('allows exactly the SPEC types for every extension and every file type', () => {
    for (const extension of [...Object.keys(EXPECTED), ...OTHER_EXTENSIONS]) {
      const name = extension ? `Datei.${extension}` : 'Datei';
      const expected = EXPECTED[extension] ?? ['UNKNOWN'];
      for (const type of FILE_TYPES) {
        expect(isFileTypeAllowed(name, type), `${name} als ${type}`).toBe(expected.includes(type));
      }
      expect([...fileTypesFor(name)].sort()).toEqual([...expected].sort());
    }
  });

  it('reads the extension case-insensitively and only after the last dot', () => {
    expect(fileTypesFor('SCHALTPLAN.PDF')).toContain('CIRCUIT_DIAGRAM');
    expect(fileTypesFor('stueckliste.pdf.xlsx')).toEqual(['BILL_OF_MATERIAL', 'UNKNOWN']);
    expect(fileTypesFor('ordner/bohrbild.PVB')).toEqual(['PERFOREX']);
  });

  it('defaults to UNKNOWN, and to PERFOREX for the Perforex formats', () => {
    expect(defaultFileType('a.pdf')).toBe('UNKNOWN');
    expect(defaultFileType('a.bin')).toBe('UNKNOWN');
    for (const extension of ['pau', 'pbt', 'pku', 'ppr', 'prp', 'pvb']) {
      expect(defaultFileType(`a.${extension}`)).toBe('PERFOREX');
    }
  });
});

describe('proposeFileType: the file type from words in the file name', () => {
  it.each([
    ['Schaltplan Anlage 3.pdf', 'CIRCUIT_DIAGRAM'],
    ['circuit-diagram.PDF', 'CIRCUIT_DIAGRAM'],
    ['EPLAN_Export_2024.pdf', 'CIRCUIT_DIAGRAM'],
    ['Stückliste.xlsx', 'BILL_OF_MATERIAL'],
    ['Stu\u0308ckliste.xlsx', 'BILL_OF_MATERIAL'],
    ['STUECKLISTE_alt.xls', 'BILL_OF_MATERIAL'],
    ['BOM-Anlage.csv', 'BILL_OF_MATERIAL'],
    ['anlage_bom.xlsx', 'BILL_OF_MATERIAL'],
    ['Teileliste.csv', 'BILL_OF_MATERIAL'],
    ['Klemmenplan.csv', 'CONNECTION_LIST'],
    ['Verbindungsliste X1.csv', 'CONNECTION_LIST'],
    ['Beschriftung Schrank.txt', 'LABELLING'],
    ['Beschriftung Schrank.csv', 'LABELLING'],
    ['Angebot 2026-17.pdf', 'OFFER'],
    ['Bestellung Linie 4.pdf', 'ORDER'],
    ['Auftragsbestätigung.pdf', 'ORDER_CONFIRMATION'],
    ['AUFTRAGSBESTAETIGUNG_4711.pdf', 'ORDER_CONFIRMATION'],
  ] as const)('%s → %s', (name, type) => {
    expect(proposeFileType(name)).toBe(type);
  });

  it('proposes only what the extension allows, else the default', () => {
    expect(proposeFileType('Schaltplan.xlsx')).toBe('UNKNOWN');
    expect(proposeFileType('Stückliste.pdf')).toBe('UNKNOWN');
    expect(proposeFileType('Klemmenplan.txt')).toBe('UNKNOWN');
    expect(proposeFileType('Bombe.xlsx')).toBe('UNKNOWN');
    expect(proposeFileType('Foto.png')).toBe('UNKNOWN');
    expect(proposeFileType('Schaltplan.pau')).toBe('PERFOREX');
    expect(proposeFileType('Angebot.csv')).toBe('UNKNOWN');
    expect(proposeFileType('Ordner.pdf')).toBe('UNKNOWN');
  });
});

describe('fileExtension', () => {
  it.each([
    ['katalog.XLSX', 'xlsx'],
    ['a.b.csv', 'csv'],
    ['.bashrc', ''],
    ['ohne', ''],
    ['punkt.', ''],
    ['ordner.x/datei', ''],
    ['c:\\temp\\Liste.Txt', 'txt'],
  ])('%s → %s', (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });
});

describe('format lists', () => {
  it('article import takes xls, xlsx, csv, txt and nothing else', () => {
    expect([...ARTICLE_IMPORT_EXTENSIONS].sort()).toEqual(['csv', 'txt', 'xls', 'xlsx']);
    for (const name of ['k.xls', 'k.XLSX', 'k.csv', 'k.txt']) expect(isArticleImportFile(name)).toBe(true);
    for (const name of ['k.pdf', 'k.xlsm', 'k', 'k.csv.zip', 'k.ods'])
      expect(isArticleImportFile(name)).toBe(false);
  });

  it('catalog files of the trade (BMEcat, DATANORM with its group files) are xml, zip, 001, dat, rab and wrg', () => {
    for (const name of ['k.xml', 'K.ZIP', 'DATANORM.001', 'k.dat', 'DATANORM.RAB', 'datanorm.wrg'])
      expect(isCatalogImportFile(name)).toBe(true);
    for (const name of ['k.csv', 'k.002', 'k']) expect(isCatalogImportFile(name)).toBe(false);
  });

  it('BOMs are xlsx, xls, csv; the general upload list is the SPEC list (plus jpg)', () => {
    expect([...BOM_EXTENSIONS].sort()).toEqual(['csv', 'xls', 'xlsx']);
    expect([...UPLOAD_EXTENSIONS].sort()).toEqual(
      [
        'doc',
        'docx',
        'pdf',
        'xls',
        'xlsx',
        'csv',
        'txt',
        'jpeg',
        'jpg',
        'png',
        'gif',
        'pau',
        'pbt',
        'pku',
        'ppr',
        'prp',
        'pvb',
      ].sort(),
    );
    expect(hasAllowedExtension('Schaltplan.PDF', UPLOAD_EXTENSIONS)).toBe(true);
    expect(hasAllowedExtension('virus.exe', UPLOAD_EXTENSIONS)).toBe(false);
  });
});

describe('isUploadSizeAllowed', () => {
  it('allows files under 200 MB only', () => {
    expect(isUploadSizeAllowed(0)).toBe(true);
    expect(isUploadSizeAllowed(MAX_UPLOAD_BYTES - 1)).toBe(true);
    expect(isUploadSizeAllowed(MAX_UPLOAD_BYTES)).toBe(false);
    expect(isUploadSizeAllowed(MAX_UPLOAD_BYTES + 1)).toBe(false);
    expect(isUploadSizeAllowed(-1)).toBe(false);
    expect(isUploadSizeAllowed(Number.NaN)).toBe(false);
  });
});

/** One, two, three and four bytes in UTF-8, separators, dots, control characters and a lone surrogate. */
const nameCharacter = fc.constantFrom('a', ' ', '.', '/', '\\', 'ä', '€', '🔌', '\u0000', '\n', '\uD800');

describe('sanitizeFileName', () => {
  it('turns slashes into underscores and drops control characters', () => {
    expect(sanitizeFileName('Projekt/Plan A.pdf')).toBe('Projekt_Plan A.pdf');
    expect(sanitizeFileName('..\\..\\etc')).toBe('.._.._etc');
    expect(sanitizeFileName(' Liste\u0000\n.csv ')).toBe('Liste.csv');
    expect(sanitizeFileName('Größe ä ö ü ß.xlsx')).toBe('Größe ä ö ü ß.xlsx');
  });

  it('removes bidi control and zero-width characters, so the extension shown is the real one', () => {
    expect(sanitizeFileName('Rechnung\u202Efdp.exe')).toBe('Rechnungfdp.exe');
    expect(fileExtension(sanitizeFileName('Schaltplan\u202Efdp.exe'))).toBe('exe');
    expect(sanitizeFileName('\uFEFF\u200BAngebot\u2066 2026\u2069\u200F.pdf')).toBe('Angebot 2026.pdf');
    expect(sanitizeFileName('\u202A\u202B\u202C\u202D\u2067\u2068\u200C\u200D\u200E')).toBe('datei');
  });

  it('never yields an empty or dot-only name', () => {
    for (const name of ['', '  ', '.', '..', '...', '\u200B.']) expect(sanitizeFileName(name)).toBe('datei');
  });

  it('shortens long names but keeps the extension', () => {
    const long = `${'x'.repeat(500)}.xlsx`;
    const clean = sanitizeFileName(long);
    expect(clean.length).toBe(MAX_FILE_NAME_BYTES);
    expect(clean.endsWith('.xlsx')).toBe(true);
  });

  it('counts bytes, not characters, and never cuts a character in two (ASVS 2.2.1)', () => {
    const umlauts = sanitizeFileName(`${'ä'.repeat(199)}.pdf`);
    expect(umlauts).toBe(`${'ä'.repeat(98)}.pdf`);
    expect(utf8Length(umlauts)).toBe(200);
    expect(utf8Length(sanitizeFileName('ä'.repeat(199)))).toBe(200);
    const emoji = sanitizeFileName(`${'🔌'.repeat(60)}.csv`);
    expect(emoji).toBe(`${'🔌'.repeat(49)}.csv`);
    expect(sanitizeFileName('Plan\uD800.pdf')).toBe('Plan.pdf');
  });

  it('always gives a single path segment that is not a dot path', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: nameCharacter }), (name) => {
        const clean = sanitizeFileName(name);
        expect(clean).not.toMatch(/[/\\]/);
        expect(clean).not.toMatch(/^\.*$/);
        expect(utf8Length(clean)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
        expect(utf8Length(clean)).toBe(new TextEncoder().encode(clean).length);
      }),
    );
  });
});

describe('uniqueFileName', () => {
  it('keeps a free name and prefixes a number to a taken one', () => {
    expect(uniqueFileName('plan.pdf', [])).toBe('plan.pdf');
    expect(uniqueFileName('plan.pdf', ['plan.pdf'])).toBe('1_plan.pdf');
    expect(uniqueFileName('plan.pdf', ['plan.pdf', '1_plan.pdf', '2_plan.pdf'])).toBe('3_plan.pdf');
    expect(uniqueFileName('a/b.pdf', ['a_b.pdf'])).toBe('1_a_b.pdf');
  });

  it('never returns a name from the list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 10 }), { maxLength: 30 }),
        fc.string({ maxLength: 10 }),
        (names, name) => {
          expect(names.map(sanitizeFileName)).not.toContain(
            uniqueFileName(name, names.map(sanitizeFileName)),
          );
        },
      ),
    );
  });
});
