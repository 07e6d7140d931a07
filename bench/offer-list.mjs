// The offer, order and job lists at 100,000 offers (issue 14: GET /api/offer/filter p95 <= 50 ms on
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
const SLOTS = 4;

const { createTestApp, signIn, as } = await import('../server/src/test/test-app.ts');
const { createCompany, createUser } = await import('../server/src/test/factories.ts');

const PREFIXES = ['MM', 'KS', 'AB', 'EL', 'RT', 'WS'];

/** Fills the database: companies, enquiries, offers with their older versions. */
async function fill(ctx) {
  const sql = (text, values) => ctx.database.executeSql(text, values);
  const bigCustomer = await createCompany(ctx.db, { type: 'CUSTOMER', name: 'Großkunde Anlagenbau GmbH' });
  const customerUser = await createUser(ctx.db, { companyId: bigCustomer.id });
  const customers = [bigCustomer.id];
  for (let i = 0; i < 24; i++) customers.push((await createCompany(ctx.db, { type: 'CUSTOMER' })).id);
  const bigSupplier = await createCompany(ctx.db, { type: 'SUPPLIER', name: 'Schaltanlagen Groß GmbH' });
  const supplierUser = await createUser(ctx.db, { companyId: bigSupplier.id });
  const others = [];
  for (let i = 0; i < 29; i++) others.push((await createCompany(ctx.db, { type: 'SUPPLIER' })).id);
  const enquiryCount = Math.ceil(ROWS / SLOTS);
  const started = performance.now();
  // Enquiry e: the large customer for even e; reference numbers like MM-2026-00123.
  await sql(
    `insert into enquiries (customer_id, title, reference_number, delivery_condition, desired_delivery_date,
       amount, technical_spec, released, release_date, created_at, updated_at)
     select case when e % 2 = 0 then $1::uuid else ($2::uuid[])[1 + (e / 2) % 24] end,
       'Schaltschrank ' || e,
       ($3::text[])[1 + e % 6] || '-' || (2024 + (e / 6) % 3) || '-' || lpad(e::text, 5, '0'),
       'EXW', date '2027-01-01' + (e % 300), 1, '{}'::jsonb, true,
       now() - ((e * 4) || ' minutes')::interval, now() - ((e * 4 + 60) || ' minutes')::interval, now()
     from generate_series(1, $4::int) e`,
    [bigCustomer.id, `{${customers.slice(1).join(',')}}`, `{${PREFIXES.join(',')}}`, enquiryCount],
  );
  // Offer g = slot k of enquiry e (g = e * SLOTS + k): slot 0 of an even enquiry is the large supplier,
  // the others four distinct of the 29 further suppliers. The state follows a spread of g over 20 classes.
  await sql(
    `with e as (select id, customer_id, reference_number, (row_number() over (order by created_at desc))::int as n
                from enquiries),
     g0 as (select e.*, (e.n - 1) * ${SLOTS} + k as g, k from e cross join generate_series(0, ${SLOTS - 1}) k),
     g as (select g0.*, (g0.g * 13 + g0.g / ${SLOTS}) % 20 as s from g0)
     insert into offers (lineage_id, enquiry_id, supplier_id, customer_id, state, version, released,
       release_date, archived, customer_current, offer_number, reference_number, price, delivery_condition,
       desired_delivery_date, amount, technical_spec, created_at, updated_at)
     select gen_random_uuid(), g.id,
       case when g.k = 0 and g.n % 2 = 0 then $1::uuid else ($2::uuid[])[1 + (g.n + g.k * 6) % 29] end,
       g.customer_id,
       (case when g.s < 4 then 'OPEN' when g.s < 12 then 'OPEN' when g.s < 15 then 'DECLINED'
             when g.s < 17 then 'ACCEPTED' else 'CONFIRMED' end)::offer_state,
       case when g.g % 45 = 0 then 3 when g.g % 9 = 0 then 2 else 1 end,
       g.s >= 4,
       case when g.s >= 4 then now() - ((g.g * 3) || ' minutes')::interval end,
       g.s = 13,
       g.s >= 4,
       case when g.g % 7 <> 0 or g.s >= 4 then 'AN-' || (2024 + g.g % 3) || '-' || lpad(g.g::text, 6, '0') end,
       g.reference_number,
       1000 + (g.g % 997) * 37.5,
       'EXW', date '2027-02-01' + (g.g % 200), 1, '{}'::jsonb,
       now() - ((g.g * 3 + 30) || ' minutes')::interval, now()
     from g where g.g < $3::int`,
    [bigSupplier.id, `{${others.join(',')}}`, ROWS],
  );
  await sql('update offers set lineage_id = id');
  // Older versions: invalidated, released (OPEN or DECLINED), created before the current one; the one just
  // before a current draft is still the customer's current version.
  await sql(
    `insert into offers (lineage_id, enquiry_id, supplier_id, customer_id, state, version, released,
       release_date, invalidated, customer_current, offer_number, reference_number, price, delivery_condition,
       desired_delivery_date, amount, technical_spec, created_at, updated_at)
     select o.lineage_id, o.enquiry_id, o.supplier_id, o.customer_id,
       (case when v % 2 = 1 then 'DECLINED' else 'OPEN' end)::offer_state, v, true,
       o.created_at - ((o.version - v) || ' days')::interval, true,
       not o.released and v = o.version - 1,
       o.offer_number, o.reference_number, o.price + 250 * (o.version - v), 'EXW',
       o.desired_delivery_date, 1, '{}'::jsonb, o.created_at - ((o.version - v) || ' days')::interval, now()
     from offers o cross join generate_series(1, 2) v
     where o.version > v`,
  );
  // As autovacuum leaves a table at rest: statistics and the visibility map (index-only counts).
  await sql('vacuum analyze enquiries');
  await sql('vacuum analyze offers');
  const fillSeconds = (performance.now() - started) / 1000;
  const [counts] = (
    await sql(
      `select count(*)::int as all, count(*) filter (where invalidated)::int as old,
         count(*) filter (where supplier_id = $1 and not invalidated)::int as supplier,
         count(*) filter (where customer_id = $2 and customer_current)::int as customer
       from offers`,
      [bigSupplier.id, bigCustomer.id],
    )
  ).rows;
  return { customerUser, supplierUser, counts, fillSeconds };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(app, session, url) {
  for (let i = 0; i < 20; i++) await as(app, session, { method: 'GET', url });
  const times = [];
  let total = 0;
  for (let i = 0; i < REPS; i++) {
    const started = performance.now();
    const response = await as(app, session, { method: 'GET', url });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    total = response.json().totalElements;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], total };
}

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
    const { customerUser, supplierUser, counts, fillSeconds } = await fill(ctx);
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
        const r = await measure(ctx.app, session, url);
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
