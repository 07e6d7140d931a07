import { searchFold } from './search-fold';

/**
 * Manufacturer names as people write them in BOMs and price lists are one name when they
 * differ only in case, punctuation and spacing, in umlauts spelt out, in accents, or in a legal form at the
 * end: "Weidmüller" = "WEIDMUELLER" = "Weidmüller GmbH & Co. KG", "Pepperl+Fuchs" = "Pepperl & Fuchs SE",
 * "PHOENIX CONTACT GmbH & Co. KG" = "Phoenix-Contact". Every other word stays: "Weidmüller Interface" is not
 * "Weidmüller", "U.I. Lapp" is not "Lapp", "WAGO Kontakttechnik" is not "WAGO" — those are name variants of
 * the master data (SPEC §5), which the comparison runs through. The key compares company names
 * (manufacturers, wholesalers), not units ("kg" of a unit is no legal form).
 *
 * Steps (the SQL twin below does the same, in this order):
 * 1. searchFold (domain/rules/search-fold.ts, SQL portal_fold): lower case, ä/ö/ü/ß -> ae/oe/ue/ss.
 * 2. Accented Latin letters lose their accent (é -> e, ø -> o, ł -> l; table ACCENTED / UNACCENTED).
 * 3. Every run of characters other than a-z and 0-9 becomes one space; the ends are trimmed.
 * 4. Legal forms at the end are dropped, repeatedly, with an "und"/"and" before them ("GmbH & Co. KG" is
 *    "gmbh co kg": kg, co and gmbh go). The first word always stays ("AG" alone remains "ag").
 * 5. The spaces go: "Phoenix Contact" = "PhoenixContact" = "phoenix-contact".
 * A name with nothing left (only punctuation) has the key '' and equals no other name.
 *
 * The text is expected in Unicode NFC (the master data stores cleanName'd names; the server normalises a
 * file's names with `String.prototype.normalize('NFC')` before comparing). The TS function does so itself.
 */

/** Legal forms dropped at the end of a name, as they are written (compared after steps 1–3). */
export const LEGAL_FORMS: readonly string[] = [
  // Germany, Austria, Switzerland
  'GmbH',
  'mbH',
  'gGmbH',
  'GesmbH',
  'Ges.m.b.H.',
  'AG',
  'KG',
  'KGaA',
  'OHG',
  'GbR',
  'UG',
  'UG (haftungsbeschränkt)',
  'haftungsbeschränkt',
  'e.K.',
  'eK',
  'e.Kfm.',
  'e.Kfr.',
  'e.V.',
  'eG',
  'SE',
  'Co.',
  'Cie.',
  // Elsewhere
  'Inc.',
  'Incorporated',
  'Corp.',
  'Corporation',
  'Company',
  'Ltd.',
  'Limited',
  'LLC',
  'LLP',
  'PLC',
  'Pty',
  'S.A.',
  'SA',
  'S.A.S.',
  'SAS',
  'SARL',
  'S.à r.l.',
  'S.p.A.',
  'SpA',
  'S.r.l.',
  'Srl',
  'S.L.',
  'SL',
  'B.V.',
  'BV',
  'N.V.',
  'NV',
  'A/S',
  'AS',
  'ApS',
  'AB',
  'Oy',
  'Oyj',
  'Kft.',
  'Sp. z o.o.',
  's.r.o.',
  'a.s.',
];

/** Words joining two legal forms ("GmbH und Co. KG"); dropped only together with the form after them. */
const CONNECTORS = ['und', 'and'];

const ACCENTS: Record<string, string> = {
  a: 'àáâãåāăą',
  c: 'çćč',
  d: 'ďđ',
  e: 'èéêëēėęě',
  i: 'ìíîïīį',
  l: 'łľĺ',
  n: 'ñńň',
  o: 'òóôõøōő',
  r: 'ŕř',
  s: 'śšş',
  t: 'ťţ',
  u: 'ùúûůūűų',
  y: 'ýÿ',
  z: 'źżž',
};

function accentPairs(): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [plain, accented] of Object.entries(ACCENTS)) {
    for (const letter of accented) {
      pairs.push([letter, plain]);
      // Upper case too: on a database with LC_CTYPE "C", lower() leaves É as it is.
      const upper = letter.toUpperCase();
      if (upper !== letter && [...upper].length === 1) pairs.push([upper, plain]);
    }
  }
  return pairs;
}

const PAIRS = accentPairs();
/** The letters step 2 replaces and, at the same position, their replacements (SQL translate). */
export const ACCENTED = PAIRS.map(([from]) => from).join('');
export const UNACCENTED = PAIRS.map(([, to]) => to).join('');
const UNACCENT = new Map(PAIRS);

function words(text: string): string {
  return searchFold(text)
    .replace(/[\u00c0-\u017f]/g, (char) => UNACCENT.get(char) ?? char)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Step 4 as a regular expression over the words of steps 1–3, written so that JavaScript and PostgreSQL
 * (ARE) read it alike: one or more " <form>" (optionally after " und"/" and") up to the end. Both engines
 * replace the leftmost match, which is the longest run of forms at the end; the first word is never part of
 * it, for each form needs the space before it.
 */
export const LEGAL_FORM_SUFFIX_PATTERN = (() => {
  const forms = [...new Set(LEGAL_FORMS.map(words))].sort(
    (a, b) => b.length - a.length || a.localeCompare(b),
  );
  return `(?:(?: (?:${CONNECTORS.join('|')}))? (?:${forms.join('|')}))+$`;
})();
const LEGAL_FORM_SUFFIX = new RegExp(LEGAL_FORM_SUFFIX_PATTERN);

/** The comparison key of a company name (steps 1–5); '' when nothing is left. */
export function normaliseManufacturerName(name: string): string {
  return words(name.normalize('NFC')).replace(LEGAL_FORM_SUFFIX, '').replace(/ /g, '');
}

/** Whether two names are the same company name by the key; a name without a key equals nothing. */
export function sameManufacturerName(a: string, b: string): boolean {
  const key = normaliseManufacturerName(a);
  return key !== '' && key === normaliseManufacturerName(b);
}

function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * The SQL twin of `normaliseManufacturerName` over `expression` (a column or parameter, trusted SQL text):
 * portal_fold (migration 0005), translate of the accents, regexp_replace of everything but a-z0-9, btrim,
 * regexp_replace of the legal forms at the end, replace of the spaces. IMMUTABLE throughout, so it can be
 * indexed or wrapped in an IMMUTABLE SQL function (MANUFACTURER_NAME_KEY_FUNCTION_SQL). Compare only
 * non-empty keys.
 */
export function manufacturerNameKeySql(expression: string): string {
  const unaccented = `pg_catalog.translate(portal_fold(${expression}), ${sqlString(ACCENTED)}, ${sqlString(UNACCENTED)})`;
  const spaced = `pg_catalog.btrim(pg_catalog.regexp_replace(${unaccented}, '[^a-z0-9]+', ' ', 'g'))`;
  const stripped = `pg_catalog.regexp_replace(${spaced}, ${sqlString(LEGAL_FORM_SUFFIX_PATTERN)}, '')`;
  return `pg_catalog.replace(${stripped}, ' ', '')`;
}

/** The SQL expression over a parameter or column named "value". */
export const MANUFACTURER_NAME_KEY_SQL = manufacturerNameKeySql('"value"');

/**
 * A migration may create the twin as a function (`portal_name_key(name)`), as portal_fold is created:
 * SQL-standard body, IMMUTABLE STRICT PARALLEL SAFE, so PostgreSQL inlines and indexes it.
 */
export const MANUFACTURER_NAME_KEY_FUNCTION_SQL = `CREATE FUNCTION "portal_name_key"("value" text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN ${MANUFACTURER_NAME_KEY_SQL}`;
