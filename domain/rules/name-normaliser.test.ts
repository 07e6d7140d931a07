import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCENTED,
  LEGAL_FORM_SUFFIX_PATTERN,
  MANUFACTURER_NAME_KEY_FUNCTION_SQL,
  MANUFACTURER_NAME_KEY_SQL,
  manufacturerNameKeySql,
  normaliseManufacturerName,
  sameManufacturerName,
  UNACCENTED,
} from './name-normaliser';

/** Spellings of one manufacturer as they turn up in BOMs, price lists and EPLAN parts data. */
const SAME: [string, string[]][] = [
  [
    'weidmueller',
    ['Weidmüller', 'WEIDMUELLER', 'weidmüller', 'Weidmüller GmbH & Co. KG', 'WEIDMÜLLER GMBH & CO KG'],
  ],
  [
    'phoenixcontact',
    ['Phoenix Contact', 'PHOENIX CONTACT GmbH & Co. KG', 'Phoenix-Contact', 'PhoenixContact'],
  ],
  ['rittal', ['Rittal', 'Rittal GmbH & Co. KG', 'RITTAL GMBH & CO.KG', 'Rittal GmbH und Co. KG']],
  ['siemens', ['Siemens', 'Siemens AG', 'SIEMENS AG', 'siemens ag']],
  ['abb', ['ABB', 'ABB AG', 'ABB Ltd.', 'ABB S.p.A.', 'A.B.B.']],
  ['lapp', ['Lapp', 'LAPP', 'Lapp GmbH']],
  ['uilapp', ['U.I. Lapp GmbH', 'U. I. LAPP GMBH', 'UI Lapp']],
  ['wago', ['Wago', 'WAGO', 'WAGO GmbH & Co. KG']],
  ['wagokontakttechnik', ['WAGO Kontakttechnik GmbH & Co. KG', 'Wago Kontakttechnik']],
  [
    'schneiderelectric',
    ['Schneider Electric', 'SCHNEIDER ELECTRIC', 'Schneider Electric SE', 'Schneider-Electric'],
  ],
  ['eaton', ['Eaton', 'EATON', 'Eaton Corporation', 'Eaton Corp.', 'Eaton Inc.']],
  ['murrelektronik', ['Murrelektronik', 'MURRELEKTRONIK GmbH', 'Murrelektronik GmbH']],
  ['pilz', ['Pilz', 'PILZ', 'Pilz GmbH & Co. KG']],
  ['hager', ['Hager', 'HAGER', 'Hager SE', 'Hager mbH & Co. KG']],
  ['pepperlfuchs', ['Pepperl+Fuchs', 'Pepperl + Fuchs', 'Pepperl & Fuchs SE', 'PEPPERL+FUCHS GmbH']],
  ['luetze', ['Lütze', 'LUETZE', 'Lütze GmbH']],
  ['festo', ['Festo', 'Festo SE & Co. KG', 'FESTO AG & Co. KG']],
  ['legrand', ['Legrand', 'Légrand', 'LEGRAND SA', 'Legrand S.A.S.']],
  ['finder', ['Finder', 'Finder S.p.A.', 'FINDER SPA']],
  ['elektromueller', ['Elektro Müller e.K.', 'Elektro-Mueller eK', 'Elektro Müller UG (haftungsbeschränkt)']],
];

/** Names that must stay apart: other words are kept. */
const DIFFERENT: [string, string][] = [
  ['Weidmüller', 'Weidmüller Interface GmbH & Co. KG'],
  ['Lapp', 'U.I. Lapp GmbH'],
  ['WAGO', 'WAGO Kontakttechnik GmbH & Co. KG'],
  ['Phoenix Contact', 'Phoenix Mecano'],
  ['Siemens', 'Siemens Healthineers AG'],
  ['Schneider Electric', 'Schneider'],
  ['Eaton', 'Eaton Industries GmbH'],
  ['Hager', 'Hager Vertriebsgesellschaft mbH & Co. KG'],
  ['Lütze', 'Friedrich Lütze GmbH'],
];

describe('normaliseManufacturerName', () => {
  for (const [key, spellings] of SAME) {
    it(`gives ${spellings.join(' / ')} the key ${key}`, () => {
      for (const spelling of spellings) expect(normaliseManufacturerName(spelling), spelling).toBe(key);
    });
  }

  it.each(DIFFERENT)('keeps %s and %s apart', (a, b) => {
    expect(sameManufacturerName(a, b)).toBe(false);
  });

  it('drops legal forms only at the end and keeps the first word', () => {
    expect(normaliseManufacturerName('AG')).toBe('ag');
    expect(normaliseManufacturerName('KG Elektro GmbH')).toBe('kgelektro');
    expect(normaliseManufacturerName('SE Spezial-Electronic AG')).toBe('sespezialelectronic');
    expect(normaliseManufacturerName('Müller & Söhne')).toBe('muellersoehne');
    // "und" goes only with a legal form after it
    expect(normaliseManufacturerName('Müller und Co. KG')).toBe('mueller');
    expect(normaliseManufacturerName('Schmidt und Söhne')).toBe('schmidtundsoehne');
    // a form must be a whole word: Haag, Hager, Elco keep their ends
    expect(normaliseManufacturerName('Haag')).toBe('haag');
    expect(normaliseManufacturerName('Elco')).toBe('elco');
    expect(normaliseManufacturerName('Block Transformatoren-Elektronik GmbH')).toBe(
      'blocktransformatorenelektronik',
    );
  });

  it('folds umlauts as searchFold does, accents and punctuation', () => {
    expect(normaliseManufacturerName('ÖLFLEX Straße')).toBe('oelflexstrasse');
    expect(normaliseManufacturerName('Łódź Świętokrzyska')).toBe('lodzswietokrzyska');
    expect(normaliseManufacturerName('  Hager\t(Deutschland)  ')).toBe('hagerdeutschland');
    // NFD input (u + combining diaeresis) is read as ü
    expect(normaliseManufacturerName('Weidmu\u0308ller')).toBe('weidmueller');
  });

  it('has no key for a name without letters or digits', () => {
    expect(normaliseManufacturerName(' - & . ')).toBe('');
    expect(sameManufacturerName('-', '.')).toBe(false);
    expect(sameManufacturerName('', '')).toBe(false);
  });

  it('is idempotent on its own keys and ignores case', () => {
    const name = fc.stringMatching(/^[a-zA-ZäöüÄÖÜßé&.+ -]{0,20}$/);
    fc.assert(
      fc.property(name, (value) => {
        const key = normaliseManufacturerName(value);
        expect(key).toMatch(/^[a-z0-9]*$/);
        expect(normaliseManufacturerName(value.toUpperCase())).toBe(
          normaliseManufacturerName(value.toLowerCase()),
        );
      }),
    );
  });
});

describe('the SQL twin', () => {
  it('translates letter by letter (both lists equally long)', () => {
    expect([...ACCENTED]).toHaveLength([...UNACCENTED].length);
    expect(UNACCENTED).toMatch(/^[a-z]+$/);
    expect(ACCENTED).toContain('É');
    expect(ACCENTED).not.toMatch(/[äöüß]/);
  });

  it('builds the expression from the same steps and pattern', () => {
    expect(manufacturerNameKeySql('m.name')).toBe(
      `pg_catalog.replace(pg_catalog.regexp_replace(pg_catalog.btrim(pg_catalog.regexp_replace(pg_catalog.translate(portal_fold(m.name), '${ACCENTED}', '${UNACCENTED}'), '[^a-z0-9]+', ' ', 'g')), '${LEGAL_FORM_SUFFIX_PATTERN}', ''), ' ', '')`,
    );
    expect(MANUFACTURER_NAME_KEY_SQL).toContain('portal_fold("value")');
    expect(MANUFACTURER_NAME_KEY_FUNCTION_SQL).toMatch(/^CREATE FUNCTION "portal_name_key"\("value" text\)/);
    expect(MANUFACTURER_NAME_KEY_FUNCTION_SQL).toContain('IMMUTABLE STRICT PARALLEL SAFE');
  });

  it('uses only what JavaScript and PostgreSQL regular expressions read alike', () => {
    expect(LEGAL_FORM_SUFFIX_PATTERN).toMatch(/^[a-z (?:|)+$]+$/);
    expect(LEGAL_FORM_SUFFIX_PATTERN).not.toContain("'");
  });
});
