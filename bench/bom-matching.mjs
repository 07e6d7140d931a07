// The speed budget of the BOM matching (bench/README.md "Stückliste: Abgleich gegen 1.000.000 Artikel"):
// a generated 5,000-line BOM against 1,000,000 articles.
// Matching <= 1 s on PostgreSQL and <= 3 s on PGlite; upload + header + map of a 5,000-line .xlsx <= 3 s end
// to end; a page of the lines table <= 100 ms.
//
//   node --import tsx bench/bom-matching.mjs [--db postgres|pglite|both] [--rows 1000000] [--lines 5000]
//                                            [--reps 20] [--url postgres://postgres@127.0.0.1:5432/postgres]
//                                            [--explain] [--mixed-spellings]
//
// Builds the portal app (createTestApp of server/src/test/test-app.ts, through tsx) on a fresh database as
// the route tests do (PostgreSQL: a uniquely named database portal_test_<time>_<hex> on --url's server,
// dropped at the end; PGlite: in memory), fills the catalog with bench/lib/catalog.mjs (60 manufacturers
// with their legal forms and manufacturer_names rows, units Stück/Meter/Packung with their variants and
// unit_names rows, every order and manufacturer number once: distinctNumbers), and
// generates a BOM from it: ~70 % lines by order number with the manufacturer written differently (upper
// case, umlauts spelt out, without legal form), ~10 % by manufacturer number only, ~5 % by an alternative
// number, ~8 % unknown numbers, ~3 % supplied parts ("beigestellt"), ~2 % without quantity, ~2 % order
// number without manufacturer; German decimals ("2,5") and cables in metres (some in cm). It is written as
// an .xlsx with two title rows above the header (EPLAN style). Each manufacturer is written one way in the
// whole BOM (as an EPLAN parts database writes it); with --mixed-spellings the spelling changes from line to
// line (up to 4 names per manufacturer: the worst case for the name resolution).
//
// Measured (one call at a time, warm cache):
//  (a) matchBomLines (server/src/modules/bom/bom-match.ts) for all lines, --reps times;
//  (b) POST /api/enquiry/bom/upload (answers the proposed header row and mapping) + POST /api/enquiry/bom/map
//      with that mapping, through app.inject, on a fresh draft enquiry each time (max(3, reps / 4) times);
//  (c) GET /api/enquiry/bom/lines pages of the last mapped BOM (sizes 10 and 50, filters, deep pages);
//  (d) with --explain: EXPLAIN (ANALYZE, BUFFERS) of bom-match.ts's manufacturer resolution and candidate
//      query (same SQL shape) for the first piece of 250 lines.
import os from 'node:os';
import * as XLSX from '@e965/xlsx';
import { fillCatalog } from './lib/catalog.mjs';
import { loadAverage, parseArgs } from './lib/portal.mjs';

const options = parseArgs(process.argv.slice(2), {
  db: 'postgres',
  rows: 1_000_000,
  lines: 5_000,
  reps: 20,
  url: 'postgres://postgres@127.0.0.1:5432/postgres',
  explain: false,
  'mixed-spellings': false,
});
const ROWS = Number(options.rows);
const LINES = Number(options.lines);
const REPS = Number(options.reps);
const END_TO_END_REPS = Math.max(3, Math.round(REPS / 4));
const PAGE_REPS = Math.max(50, REPS * 5);
const BUDGET = {
  match: { postgres: 1000, pglite: 3000 },
  endToEnd: 3000,
  page: 100,
};

const { createTestApp, signIn, as } = await import('../server/src/test/test-app.ts');
const { createCompany, createUser } = await import('../server/src/test/factories.ts');
const { matchBomLines, MATCH_PIECE } = await import('../server/src/modules/bom/bom-match.ts');
const { multipartForm } = await import('../server/src/files/testing/multipart-form.ts');
const { nameKey } = await import('../domain/rules/name-variants.ts');
const { normaliseManufacturerName } = await import('../domain/rules/name-normaliser.ts');

/**
 * The manufacturers in catalog order: article i belongs to the (i % 60)-th and gets order-number style
 * (i % 60) % 5 (0 Siemens MLFB, 1 Phoenix 7 digits, 2 WAGO, 3 Rittal, 4 Weidmüller), so the first five
 * carry their own style.
 */
export const MANUFACTURERS = [
  'Siemens AG',
  'Phoenix Contact GmbH & Co. KG',
  'WAGO GmbH & Co. KG',
  'Rittal GmbH & Co. KG',
  'Weidmüller Interface GmbH & Co. KG',
  'ABB AG',
  'Schneider Electric GmbH',
  'Eaton Industries GmbH',
  'Murrelektronik GmbH',
  'U.I. Lapp GmbH',
  'Pilz GmbH & Co. KG',
  'Festo SE & Co. KG',
  'Balluff GmbH',
  'Sick AG',
  'Pepperl+Fuchs SE',
  'ifm electronic gmbh',
  'Harting Electric GmbH & Co. KG',
  'Hager Vertriebsgesellschaft mbH & Co. KG',
  'Finder GmbH',
  'Omron Electronics GmbH',
  'Beckhoff Automation GmbH & Co. KG',
  'Lenze SE',
  'SEW-Eurodrive GmbH & Co KG',
  'Danfoss GmbH',
  'Pfannenberg GmbH',
  'K.A. Schmersal GmbH & Co. KG',
  'Euchner GmbH + Co. KG',
  'Bernstein AG',
  'Hans Turck GmbH & Co. KG',
  'Helukabel GmbH',
  'igus GmbH',
  'Puls GmbH',
  'Dehn SE',
  'OBO Bettermann GmbH & Co. KG',
  'Günther Spelsberg GmbH + Co. KG',
  'Fibox GmbH',
  'Bopla Gehäuse Systeme GmbH',
  'Knick Elektronische Messgeräte GmbH & Co. KG',
  'Jumo GmbH & Co. KG',
  'Endress+Hauser AG',
  'Vega Grieshaber KG',
  'Wieland Electric GmbH',
  'Conta-Clip Verbindungstechnik GmbH',
  'Metz Connect GmbH',
  'Block Transformatoren-Elektronik GmbH',
  'Michael Riedel Transformatorenbau GmbH',
  'Kraus & Naimer GmbH',
  'Socomec GmbH',
  'Legrand GmbH',
  'Gustav Hensel GmbH & Co. KG',
  'Friedrich Lütze GmbH',
  'Mersen Deutschland Eggolsheim GmbH',
  'Siba GmbH',
  'Jean Müller GmbH Elektrotechnische Fabrik',
  'Bals Elektrotechnik GmbH & Co. KG',
  'Mennekes Elektrotechnik GmbH & Co. KG',
  'Würth Elektronik eiSos GmbH & Co. KG',
  'Rose Systemtechnik GmbH',
  'Sursum Elektrotechnik GmbH',
  'Schaltbau GmbH',
];
const UNITS = [
  { name: 'Stück', variants: ['Stk', 'St.'] },
  { name: 'Meter', variants: ['m'] },
  { name: 'Packung', variants: ['Pck'] },
];
const UNIT_IN_BOM = { Stück: ['Stk', 'Stk', 'St.'], Meter: ['m'], Packung: ['Pck'] };

const LEGAL_WORDS = new Set(['gmbh', 'ag', 'se', 'kg', 'co.', 'co', 'mbh', '&', '+', 'kgaa', 'b.v.', 'inc.']);
/** The name without its legal form at the end ("Phoenix Contact GmbH & Co. KG" -> "Phoenix Contact"). */
function withoutLegalForm(name) {
  const words = name.split(' ');
  while (words.length > 1 && LEGAL_WORDS.has(words.at(-1).toLowerCase())) words.pop();
  return words.join(' ');
}
const spellUmlauts = (text) =>
  text.replace(/[äöüÄÖÜß]/g, (c) => ({ ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' })[c]);
/** How BOMs write a manufacturer: upper case, umlauts spelt out, without legal form, in turn. */
const SPELLINGS = [
  (name) => withoutLegalForm(name).toUpperCase(),
  (name) => spellUmlauts(name),
  (name) => withoutLegalForm(name),
  (name) => spellUmlauts(withoutLegalForm(name)).toUpperCase(),
];

function random(seed) {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

/** The line kinds and their share in percent. */
const KINDS = [
  ['Bestellnummer + Hersteller anders geschrieben', 70],
  ['nur Typnummer (Herstellernummer)', 10],
  ['Alternativnummer', 5],
  ['unbekannte Nummer', 8],
  ['beigestellt', 3],
  ['ohne Menge', 2],
  ['Bestellnummer ohne Hersteller', 2],
];

/** German decimal text as the BOM may hold it ("2,5"), or the number itself. */
const germanDecimal = (value) => String(value).replace('.', ',');

/** Generates the BOM: rows of the sheet (with the two title rows), the MatchableLines and each line's kind. */
async function generateBom(query) {
  const wanted = (share) => Math.ceil((LINES * share) / 100);
  const articles = await query(
    `select a.order_number, a.manufacturer_number, m.display_name as manufacturer, u.display_name as unit, a.description
       from articles a join manufacturers m on m.id = a.manufacturer_id left join units u on u.id = a.unit_id
      where a.order_number is not null
      order by hashtext(a.id::text || 'bom') limit $1`,
    [LINES],
  );
  const alternatives = await query(
    `select n.number, m.display_name as manufacturer, u.display_name as unit, a.description
       from article_alternative_numbers n join articles a on a.id = n.article_id
       join manufacturers m on m.id = a.manufacturer_id left join units u on u.id = a.unit_id
      order by hashtext(n.article_id::text || 'bom') limit $1`,
    [wanted(5) + 10],
  );
  const next = random(4711);
  const pick = (list) => list[Math.floor(next() * list.length)];
  // The kind of every line: the shares, shuffled.
  const kinds = [];
  for (const [kind, share] of KINDS) for (let i = 0; i < wanted(share); i++) kinds.push(kind);
  kinds.length = LINES;
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j], kinds[i]];
  }
  const rows = [];
  const lines = [];
  let articleIndex = 0;
  let alternativeIndex = 0;
  for (let i = 0; i < LINES; i++) {
    const kind = kinds[i] ?? KINDS[0][0];
    const article =
      kind === 'Alternativnummer'
        ? alternatives[alternativeIndex++ % alternatives.length]
        : articles[articleIndex++];
    // Quantity and unit as the article is sold: pieces whole, cables in metres (German decimals, some in cm).
    let quantity = 1 + Math.floor(next() * 20);
    let quantityCell = quantity;
    let unit = pick(UNIT_IN_BOM[article.unit] ?? ['Stk']);
    if (article.unit === 'Meter') {
      const r = next();
      if (r < 0.1) {
        unit = 'cm';
        quantity = 50 * (1 + Math.floor(next() * 20));
        quantityCell = quantity;
      } else {
        quantity = (5 + Math.floor(next() * 200)) / 2;
        quantityCell = r < 0.7 ? germanDecimal(quantity) : quantity;
      }
    }
    // One spelling per manufacturer, as an EPLAN parts database writes it; --mixed-spellings: per line.
    const spelling = options['mixed-spellings'] ? i : MANUFACTURERS.indexOf(article.manufacturer);
    let manufacturer = SPELLINGS[spelling % SPELLINGS.length](article.manufacturer);
    let orderNumber = article.order_number ?? null;
    let manufacturerNumber = next() < 0.5 ? article.manufacturer_number : null;
    let supplied = '';
    if (kind === 'nur Typnummer (Herstellernummer)') {
      orderNumber = null;
      manufacturerNumber = article.manufacturer_number;
      if (i % 4 === 0) manufacturer = null;
    } else if (kind === 'Alternativnummer') {
      orderNumber = article.number;
      manufacturerNumber = null;
      if (i % 2 === 0) manufacturer = null;
    } else if (kind === 'unbekannte Nummer') {
      orderNumber = `XQ-${String(Math.floor(next() * 1e8)).padStart(8, '0')}`;
      manufacturerNumber = null;
    } else if (kind === 'beigestellt') {
      manufacturer = 'Kunde';
      orderNumber = `SPS-${4700 + i}`;
      manufacturerNumber = null;
      supplied = i % 2 === 0 ? 'beigestellt' : 'Beigestellt vom Kunden';
      quantity = 1;
      quantityCell = 1;
      unit = 'Stk';
    } else if (kind === 'ohne Menge') {
      quantity = null;
      quantityCell = '';
    } else if (kind === 'Bestellnummer ohne Hersteller') {
      manufacturer = null;
    }
    const group = Math.floor(i / 250);
    rows.push([
      `==PRD${1 + (group % 3)}`,
      `+S${1 + (group % 4)}`,
      `-${article.unit === 'Meter' ? 'W' : pick(['X', 'K', 'Q', 'F', 'A'])}${i + 1}`,
      quantityCell,
      unit,
      manufacturer ?? '',
      orderNumber ?? '',
      manufacturerNumber ?? '',
      article.description ?? '',
      supplied,
    ]);
    lines.push({
      kind,
      line: {
        quantity,
        unit,
        orderNumber,
        manufacturerNumber,
        manufacturerName: manufacturer || null,
        isSuppliedPart: supplied !== '',
      },
    });
  }
  const sheet = [
    ['Stückliste', '', '', 'EPLAN Electric P8'],
    ['Projekt: Linie 4 – Pumpenstation', '', '', 'Erstellt: 22.11.2026'],
    [
      'Funktionale Zuordnung',
      'Einbauort',
      'BMK',
      'Menge',
      'ME',
      'Hersteller',
      'Bestellnummer',
      'Typnummer',
      'Bezeichnung',
      'Beigestellt',
    ],
    ...rows,
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Stückliste');
  const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true });
  return { xlsx, lines };
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1), n: sorted.length };
}
const ms = (value) => `${value.toFixed(value < 100 ? 1 : 0).replace('.', ',')} ms`;

function dayFromToday(days) {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

async function createDraft(app, session, n) {
  const response = await as(app, session, {
    method: 'POST',
    url: '/api/enquiry/',
    payload: {
      title: `Schaltschrank Linie ${n}`,
      referenceNumber: `REF-BOM-${n}`,
      deliveryCondition: 'EXW',
      desiredDeliveryDate: dayFromToday(60),
      amount: 1,
    },
  });
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/** Upload (answers the proposed header row and mapping), then map with that proposal: one end-to-end run. */
async function uploadAndMap(app, session, enquiryId, xlsx) {
  const started = performance.now();
  const upload = await as(app, session, {
    method: 'POST',
    url: '/api/enquiry/bom/upload',
    ...multipartForm([
      { name: 'enquiryId', value: enquiryId },
      { name: 'file', filename: 'Stückliste Linie 4.xlsx', content: xlsx },
    ]),
  });
  const uploaded = performance.now();
  if (upload.statusCode !== 200) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);
  const proposal = upload.json();
  const map = await as(app, session, {
    method: 'POST',
    url: '/api/enquiry/bom/map',
    payload: {
      enquiryId,
      headerRowIndex: proposal.headerRowIndex,
      fieldMapping: proposal.proposedMapping,
      suppliedPartString: 'beigestellt',
    },
  });
  const mapped = performance.now();
  if (map.statusCode !== 200) throw new Error(`map: ${map.statusCode} ${map.body}`);
  return {
    upload: uploaded - started,
    map: mapped - uploaded,
    total: mapped - started,
    proposal,
    lineCounts: map.json().lineCounts,
  };
}

async function explainMatching(ctx, lines) {
  const piece = lines.slice(0, MATCH_PIECE).map(({ line }) => line);
  const sql = async (text, values) => (await ctx.database.executeSql(text, values)).rows;
  const plan = async (label, text, values) => {
    const rows = await sql(`explain (analyze, buffers) ${text}`, values);
    console.log(`\n  EXPLAIN ${label}:`);
    console.log(rows.map((row) => `    ${Object.values(row)[0]}`).join('\n'));
  };
  // The manufacturer resolution as server/src/modules/bom/bom-match.ts runs it once per BOM: the exact
  // names through the unique name index, then the file's normalised keys (computed in TypeScript) against
  // portal_name_key of each master-data name.
  const distinct = [...new Set(lines.map(({ line }) => line.manufacturerName).filter(Boolean))];
  const exactSql = `select mn.name_lower as key, mn.item_id from manufacturer_names mn
    where mn.name_lower in (select jsonb_array_elements_text($1::jsonb))`;
  const byKeySql = `select portal_name_key(mn.name) as key, array_agg(distinct mn.item_id) as ids
    from manufacturer_names mn
    where portal_name_key(mn.name) in (select jsonb_array_elements_text($1::jsonb)) group by 1`;
  const exactKeys = JSON.stringify(distinct.map(nameKey));
  const normalised = JSON.stringify([...new Set(distinct.map(normaliseManufacturerName))]);
  await plan(`Herstellerauflösung, exakte Namen (${distinct.length} Namen der Stückliste)`, exactSql, [
    exactKeys,
  ]);
  await plan(`Herstellerauflösung, normalisierte Schlüssel (${distinct.length} Namen)`, byKeySql, [
    normalised,
  ]);
  const exact = new Map((await sql(exactSql, [exactKeys])).map((row) => [row.key, row.item_id]));
  const byKey = new Map(
    (await sql(byKeySql, [normalised])).map((row) => [
      row.key,
      Array.isArray(row.ids)
        ? row.ids
        : String(row.ids ?? '')
            .replace(/^\{|\}$/g, '')
            .split(',')
            .filter(Boolean),
    ]),
  );
  const resolved = new Map();
  for (const name of distinct) {
    const ids = byKey.get(normaliseManufacturerName(name)) ?? [];
    const id = exact.get(nameKey(name)) ?? (ids.length === 1 ? ids[0] : undefined);
    if (id) resolved.set(name, id);
  }
  const probes = JSON.stringify(
    piece
      .map((line, i) => ({
        i,
        o: line.orderNumber,
        mn: line.manufacturerNumber,
        mid: line.manufacturerName ? (resolved.get(line.manufacturerName) ?? null) : null,
      }))
      .filter((probe) => probe.o || probe.mn),
  );
  const candidateSql = `
    with l as (
      select i, lower(o) collate "C" as o, lower(mn) collate "C" as mn, mid
      from jsonb_to_recordset($1::jsonb) as p(i int, o text, mn text, mid uuid)
    )
    select l.i, c.step, c.article_id, c.manufacturer_id, c.unit_id, u.display_name, u.name_variants
    from l cross join lateral (
      (select 'MANUFACTURER_ORDER_NUMBER' as step, a.id as article_id, a.manufacturer_id, a.unit_id
        from articles a where l.mid is not null and a.manufacturer_id = l.mid and lower(a.order_number) collate "C" = l.o
        limit 20)
      union all
      (select 'MANUFACTURER_MANUFACTURER_NUMBER', a.id, a.manufacturer_id, a.unit_id
        from articles a where l.mid is not null and a.manufacturer_id = l.mid and lower(a.manufacturer_number) collate "C" = l.mn
        limit 20)
      union all
      (select 'ALTERNATIVE_NUMBER', a.id, a.manufacturer_id, a.unit_id
        from article_alternative_numbers n join articles a on a.id = n.article_id
        where (n.kind = 'ORDER' and lower(n.number) collate "C" = l.o)
          or (n.kind = 'MANUFACTURER' and lower(n.number) collate "C" = l.mn)
        limit 20)
      union all
      (select 'ORDER_NUMBER', a.id, a.manufacturer_id, a.unit_id
        from articles a where l.mid is null and lower(a.order_number) collate "C" = l.o
        limit 20)
      union all
      (select 'MANUFACTURER_NUMBER', a.id, a.manufacturer_id, a.unit_id
        from articles a where l.mid is null and lower(a.manufacturer_number) collate "C" = l.mn
        limit 20)
    ) c
    left join units u on u.id = c.unit_id`;
  await plan(`Kandidaten (ein Stück von ${piece.length} Zeilen)`, candidateSql, [probes]);
}

async function run(kind) {
  if (kind === 'postgres') process.env.TEST_DATABASE_URL = options.url;
  else delete process.env.TEST_DATABASE_URL;
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const ctx = await createTestApp();
  const results = { kind, label };
  try {
    const query = async (text, values = []) => (await ctx.database.executeSql(text, values)).rows;
    const [{ version }] = await query('select version()');
    console.log(`\n${label} (${version.split(',')[0]}), Last ${loadAverage()}`);
    results.fill = await fillCatalog(
      { kind, query },
      { rows: ROWS, manufacturers: MANUFACTURERS, units: UNITS, names: true, distinctNumbers: true },
    );
    const [{ keys }] = await query(
      'select count(distinct portal_name_key(name))::int as keys from manufacturer_names',
    );
    if (keys !== MANUFACTURERS.length)
      throw new Error(`${keys} Namensschlüssel für ${MANUFACTURERS.length} Hersteller`);

    const generated = performance.now();
    const { xlsx, lines } = await generateBom(query);
    console.log(
      `  Stückliste: ${lines.length} Zeilen, .xlsx ${(xlsx.length / 1024).toFixed(0)} KB, ` +
        `${new Set(lines.map(({ line }) => line.manufacturerName).filter(Boolean)).size} verschiedene Herstellernamen ` +
        `(${options['mixed-spellings'] ? 'Schreibweise je Zeile' : 'eine Schreibweise je Hersteller'}), erzeugt in ${ms(performance.now() - generated)}`,
    );

    // (a) matchBomLines alone.
    const matchable = lines.map(({ line }) => line);
    await matchBomLines(ctx.db, matchable);
    await matchBomLines(ctx.db, matchable);
    const matchTimes = [];
    let decisions;
    for (let r = 0; r < REPS; r++) {
      const started = performance.now();
      decisions = await matchBomLines(ctx.db, matchable);
      matchTimes.push(performance.now() - started);
    }
    results.match = stats(matchTimes);
    console.log(
      `  (a) matchBomLines ${lines.length} Zeilen (${REPS}x): p50 ${ms(results.match.p50)}, p95 ${ms(results.match.p95)}, max ${ms(results.match.max)}`,
    );
    // Status per generated kind: the reader sees that the statuses are as generated.
    const crossTable = new Map();
    const statusTotals = {};
    decisions.forEach((decision, index) => {
      const row = crossTable.get(lines[index].kind) ?? {};
      row[decision.status] = (row[decision.status] ?? 0) + 1;
      crossTable.set(lines[index].kind, row);
      statusTotals[decision.status] = (statusTotals[decision.status] ?? 0) + 1;
    });
    results.statusTotals = statusTotals;
    results.crossTable = crossTable;

    // (b) upload + header proposal + map, end to end.
    const company = await createCompany(ctx.db, { type: 'CUSTOMER', name: 'Anlagenbau Muster GmbH' });
    const user = await createUser(ctx.db, { companyId: company.id, admin: true });
    const session = await signIn(ctx.app, user.email);
    const warm = await uploadAndMap(ctx.app, session, await createDraft(ctx.app, session, 0), xlsx);
    console.log(
      `  Vorschlag: Kopfzeile ${warm.proposal.headerRowIndex}, Zuordnung ${warm.proposal.proposedMapping
        .map((entry) => `${entry.importHeader}→${entry.bomField}`)
        .join(', ')}`,
    );
    const runs = [];
    let enquiryId;
    for (let r = 1; r <= END_TO_END_REPS; r++) {
      enquiryId = await createDraft(ctx.app, session, r);
      runs.push(await uploadAndMap(ctx.app, session, enquiryId, xlsx));
    }
    results.upload = stats(runs.map((run) => run.upload));
    results.map = stats(runs.map((run) => run.map));
    results.endToEnd = stats(runs.map((run) => run.total));
    results.lineCounts = runs.at(-1).lineCounts;
    console.log(
      `  (b) Upload + Kopfzeile + Zuordnung (${END_TO_END_REPS}x, je neue Anfrage): p50 ${ms(results.endToEnd.p50)}, ` +
        `p95 ${ms(results.endToEnd.p95)}, max ${ms(results.endToEnd.max)} (Upload p50 ${ms(results.upload.p50)}, ` +
        `map p50 ${ms(results.map.p50)})`,
    );

    // (c) pages of the lines table of the last mapped BOM.
    const pageCount10 = Math.ceil(LINES / 10);
    const pages = [
      ['10 je Seite, Standard (Bestellnummer)', '&paginationSize=10'],
      ['50 je Seite, Standard', '&paginationSize=50'],
      ['10 je Seite, Status NOT_FOUND', '&paginationSize=10&status=NOT_FOUND'],
      ['50 je Seite, nur fehlerhafte', '&paginationSize=50&errorsOnly=true'],
      [
        '10 je Seite, Hersteller absteigend',
        '&paginationSize=10&column=manufacturerName&sortDescending=true',
      ],
      [`10 je Seite, letzte Seite (${pageCount10})`, `&paginationSize=10&page=${pageCount10 - 1}`],
      [
        `50 je Seite, Seite ${Math.ceil(LINES / 100)}`,
        `&paginationSize=50&page=${Math.ceil(LINES / 100) - 1}`,
      ],
    ];
    results.pages = [];
    console.log(`  (c) GET /api/enquiry/bom/lines (${PAGE_REPS}x je Zeile):`);
    for (const [pageLabel, query] of pages) {
      const url = `/api/enquiry/bom/lines?enquiryId=${enquiryId}${query}`;
      for (let i = 0; i < 10; i++) await as(ctx.app, session, { method: 'GET', url });
      const times = [];
      let total = 0;
      for (let i = 0; i < PAGE_REPS; i++) {
        const started = performance.now();
        const response = await as(ctx.app, session, { method: 'GET', url });
        times.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        const body = response.json();
        total = body.totalElements;
        if (body.content.length === 0) throw new Error(`${url}: leere Seite`);
      }
      const s = { label: pageLabel, total, ...stats(times) };
      results.pages.push(s);
      console.log(
        `      ${pageLabel.padEnd(42)} p50 ${ms(s.p50).padStart(9)}  p95 ${ms(s.p95).padStart(9)}  max ${ms(s.max).padStart(9)}  ${total} Zeilen`,
      );
    }
    if (options.explain) await explainMatching(ctx, lines);
    results.loadEnd = loadAverage();
    return results;
  } finally {
    await ctx.close();
  }
}

function report(all) {
  console.log(`\n${'='.repeat(100)}`);
  console.log(
    `Stückliste ${LINES.toLocaleString('de-DE')} Zeilen gegen ${ROWS.toLocaleString('de-DE')} Artikel; ` +
      `${os.cpus().length} Kerne ${os.cpus()[0]?.model ?? ''}, Node ${process.version}, Last am Ende ${loadAverage()}`,
  );
  const ok = (value, budget) => (value <= budget ? 'ok' : 'ÜBER BUDGET');
  console.log(
    `${'Messung'.padEnd(48)} ${'DB'.padEnd(10)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'max'.padStart(10)}  Budget`,
  );
  let within = true;
  for (const r of all) {
    const rows = [
      [`(a) matchBomLines (${REPS}x)`, r.match, BUDGET.match[r.kind]],
      [`(b) Upload + Kopfzeile + map (${END_TO_END_REPS}x)`, r.endToEnd, BUDGET.endToEnd],
      ['    davon Upload', r.upload, null],
      ['    davon map (Lesen, Abgleich, Speichern)', r.map, null],
      ...r.pages.map((page) => [`(c) Zeilen: ${page.label}`, page, BUDGET.page]),
    ];
    for (const [label, s, budget] of rows) {
      const verdict = budget === null ? '' : `≤ ${budget} ms (p95): ${ok(s.p95, budget)}`;
      if (budget !== null && s.p95 > budget) within = false;
      console.log(
        `${label.padEnd(48)} ${r.label.padEnd(10)} ${ms(s.p50).padStart(10)} ${ms(s.p95).padStart(10)} ${ms(s.max).padStart(10)}  ${verdict}`,
      );
    }
  }
  for (const r of all) {
    console.log(`\n${r.label}: Status je erzeugter Zeilenart (matchBomLines)`);
    const statuses = ['MATCHED', 'DUPLICATE', 'WRONG_UNIT', 'NOT_FOUND', 'MISSING_VALUES', 'SUPPLIED'];
    console.log(`  ${'Zeilenart'.padEnd(48)} ${statuses.map((s) => s.padStart(16)).join('')}`);
    for (const [kind] of KINDS) {
      const row = r.crossTable.get(kind) ?? {};
      console.log(`  ${kind.padEnd(48)} ${statuses.map((s) => String(row[s] ?? 0).padStart(16)).join('')}`);
    }
    console.log(
      `  ${'Summe'.padEnd(48)} ${statuses.map((s) => String(r.statusTotals[s] ?? 0).padStart(16)).join('')}`,
    );
    console.log(`  lineCounts der Antwort von /bom/map: ${JSON.stringify(r.lineCounts)}`);
    console.log(
      `  Katalog: Füllen ${r.fill.fill.toFixed(1)} s, Indexe ${r.fill.indexes.toFixed(1)} s, VACUUM ANALYZE ${r.fill.vacuum.toFixed(1)} s`,
    );
  }
  return within;
}

const kinds = options.db === 'both' ? ['postgres', 'pglite'] : [options.db];
console.log(`Beginn ${new Date().toISOString()}, Last ${loadAverage()}`);
const all = [];
for (const kind of kinds) all.push(await run(kind));
const within = report(all);
console.log(`Ende ${new Date().toISOString()}`);
process.exit(within ? 0 : 1);
