// The offer, order and job lists at 100,000 offers (GET /api/offer/filter p95 <= 50 ms on
// PostgreSQL; ARCHITECTURE §7 names 100,000 rows for business lists).
//
//   node --import tsx bench/offer-list.mjs [--db postgres|pglite|both] [--rows 88000] [--reps 200]
//                                          [--url postgres://postgres@127.0.0.1:5432/postgres] [--explain]
//                                          [--index "create index … on offers (…)"]
//
// Builds the portal app (server/src/app.ts, through tsx) on a fresh database exactly as the route tests do
// (PostgreSQL: a uniquely named database on --url's server, dropped at the end; PGlite: in memory), fills
// it in the database (INSERT … SELECT generate_series) and signs in a customer user and a supplier user.
// Every list variant is requested through the whole stack with app.inject, one request at a time on a
// warm cache (as bench/enquiry-list.mjs). --index creates one more index by hand after the fill (to measure
// an index proposed for the schema with and without it); --explain prints EXPLAIN (ANALYZE) of the slowest
// variants written like offer.repository.ts findOfferPage.
//
// Data: 25 customers, 30 suppliers. `--rows` current offers (default 88,000) on rows / 4 enquiries, four
// suppliers per enquiry; half of the enquiries belong to one large customer (the measured one), and the
// first offer of every second enquiry comes from one large supplier (the measured one). 80 % released
// (OPEN 50 %, DECLINED 20 %, ACCEPTED 10 %, CONFIRMED 20 %), the rest OPEN drafts; 5 % archived. Every ninth
// lineage has a second version, every 45th a third: the older versions are invalidated rows, so the table
// holds some 100,000 offers in all.
import { createTestApp, fillOffers, measure, signIn } from './lib/offer-data.mjs';
import { loadAverage, parseArgs } from './lib/portal.mjs';

const options = parseArgs(process.argv.slice(2), {
  db: 'postgres',
  rows: 88_000,
  reps: 200,
  url: 'postgres://postgres@127.0.0.1:5432/postgres',
  explain: false,
  index: '',
});
const ROWS = Number(options.rows);
const REPS = Number(options.reps);
const BUDGET_P95_MS = 50;

const OFFER = 'states=OPEN,DECLINED';
const LISTS = [
  ['/offer Standard (Anlage absteigend)', `/api/offer/filter?${OFFER}`],
  ['/offer Angebotsnummer aufsteigend', `/api/offer/filter?${OFFER}&column=offerNumber&sortDescending=false`],
  [
    '/offer Referenznummer aufsteigend',
    `/api/offer/filter?${OFFER}&column=referenceNumber&sortDescending=false`,
  ],
  ['/offer Freigabedatum absteigend', `/api/offer/filter?${OFFER}&column=releaseDate`],
  ['/offer Anlage aufsteigend', `/api/offer/filter?${OFFER}&sortDescending=false`],
  ['/order (ACCEPTED)', '/api/offer/filter?states=ACCEPTED'],
  ['/job (CONFIRMED)', '/api/offer/filter?states=CONFIRMED'],
  ['/job Angebotsnummer absteigend', '/api/offer/filter?states=CONFIRMED&column=offerNumber'],
  ['/offer Suche Referenz „2026-0012“', `/api/offer/filter?${OFFER}&referenceNumber=2026-0012`],
  ['/offer Suche Referenz „mm-2025“', `/api/offer/filter?${OFFER}&referenceNumber=mm-2025`],
  ['/offer mit archivierten', `/api/offer/filter?${OFFER}&archived=true`],
  ['/offer Seite 100', `/api/offer/filter?${OFFER}&page=100`],
];

/** EXPLAIN (ANALYZE) of findOfferPage's statements as drizzle writes them, for the given scope. */
async function explain(ctx, label, scopeWhere, order, scopeId, extra = '') {
  const where = `${scopeWhere} and o.state in ('OPEN', 'DECLINED') and o.archived = false ${extra}`;
  for (const [what, text] of [
    [
      'Seite',
      `select o.id, c.name, e.title from offers o join companies c on c.id = o.customer_id
       join enquiries e on e.id = o.enquiry_id where ${where} order by ${order} limit 10`,
    ],
    ['Anzahl', `select count(*) from offers o where ${where}`],
  ]) {
    const { rows } = await ctx.database.executeSql(`explain (analyze, buffers) ${text}`, [scopeId]);
    console.log(`\n${label}, ${what}:\n${rows.map((row) => Object.values(row)[0]).join('\n')}`);
  }
}

async function run(kind) {
  if (kind === 'postgres') process.env.TEST_DATABASE_URL = options.url;
  else delete process.env.TEST_DATABASE_URL;
  const ctx = await createTestApp();
  try {
    const { customerUser, supplierUser, counts, fillSeconds } = await fillOffers(ctx, ROWS);
    if (options.index) {
      await ctx.database.executeSql(options.index);
      await ctx.database.executeSql('vacuum analyze offers');
      console.log(`\nZusätzlicher Index: ${options.index}`);
    }
    const customer = await signIn(ctx.app, customerUser.email);
    const supplier = await signIn(ctx.app, supplierUser.email);
    console.log(
      `\n${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${counts.all} Angebote (davon ${counts.old} ältere ` +
        `Versionen; Großlieferant ${counts.supplier}, beim Großkunden freigegeben ${counts.customer}), gefüllt in ` +
        `${fillSeconds.toFixed(1)} s; ${REPS} Aufrufe je Liste, Last ${loadAverage()}`,
    );
    console.log(
      `${'Liste (GET /api/offer/filter, 10 je Seite)'.padEnd(48)}  ${'p50'.padStart(8)}  ${'p95'.padStart(8)}  ${'max'.padStart(8)}  Treffer`,
    );
    const results = [];
    for (const [who, session] of [
      ['Lieferant', supplier],
      ['Kunde', customer],
    ]) {
      for (const [label, url] of LISTS) {
        const r = await measure(ctx.app, session, url, REPS);
        results.push(r);
        console.log(
          `${`${who}: ${label}`.padEnd(48)}  ${r.p50.toFixed(1).padStart(5)} ms  ${r.p95.toFixed(1).padStart(5)} ms  ` +
            `${r.max.toFixed(1).padStart(5)} ms  ${String(r.total).padStart(7)}  ${r.p95 <= BUDGET_P95_MS ? 'ok' : 'ÜBER BUDGET'}`,
        );
      }
    }
    if (options.explain) {
      const supplierScope = 'o.supplier_id = $1 and o.invalidated = false';
      const customerScope = 'o.customer_id = $1 and o.customer_current = true';
      const byNumber = 'lower(o.offer_number) is null, lower(o.offer_number) asc, o.id asc';
      const search = "and lower(o.reference_number) like '%2026-0012%'";
      // As findOfferPage orders: the sort value's `is null` first (created_at is never null).
      const NEWEST = 'o.created_at is null, o.created_at desc, o.id desc';
      await explain(ctx, 'Lieferant, Standard', supplierScope, NEWEST, supplierUser.companyId);
      await explain(ctx, 'Kunde, Standard', customerScope, NEWEST, customerUser.companyId);
      await explain(ctx, 'Kunde, Angebotsnummer', customerScope, byNumber, customerUser.companyId);
      await explain(ctx, 'Kunde, Suche', customerScope, NEWEST, customerUser.companyId, search);
      await explain(ctx, 'Lieferant, Suche', supplierScope, NEWEST, supplierUser.companyId, search);
    }
    console.log(`Last am Ende (1/5/15 min): ${loadAverage()}`);
    return results.every((r) => r.p95 <= BUDGET_P95_MS);
  } finally {
    await ctx.close();
  }
}

const kinds = options.db === 'both' ? ['postgres', 'pglite'] : [options.db];
let within = true;
for (const kind of kinds) within = (await run(kind)) && within;
console.log(`\nBudget: p95 ≤ ${BUDGET_P95_MS} ms je Liste (PostgreSQL).`);
process.exit(within ? 0 : 1);
