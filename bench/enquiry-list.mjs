// The enquiry list at 10,000 enquiries (GET /api/enquiry/filter p95 <= 50 ms on PostgreSQL;
// ARCHITECTURE §7 names 100,000 rows for business lists: --rows 100000).
//
//   node --import tsx bench/enquiry-list.mjs [--db postgres|pglite|both] [--rows 10000] [--reps 200]
//                                            [--url postgres://postgres@127.0.0.1:5432/postgres] [--explain]
//
// Builds the portal app (server/src/app.ts, through tsx) on a fresh database exactly as the route tests do
// (PostgreSQL: a uniquely named database on --url's server, dropped at the end; PGlite: in memory), fills
// it in the database (INSERT … SELECT generate_series) and signs in a customer user and a supplier user.
// Then every list variant is requested through the whole stack (session lookup, validation, service,
// repository, serialisation) with app.inject, one request at a time on a warm cache: the time is the
// server's own latency without network. With --explain the plans of the customer's and the supplier's
// default page are printed (EXPLAIN ANALYZE of SQL written like the repository's).
//
// Data: one large customer owns half of the enquiries (the measured customer), 49 others share the rest;
// 60 % are released (half to all suppliers, half to 3 chosen of 30 suppliers), 5 % archived, 10 % closed.
import { loadAverage, parseArgs } from './lib/portal.mjs';

const options = parseArgs(process.argv.slice(2), {
  db: 'postgres',
  rows: 10_000,
  reps: 200,
  url: 'postgres://postgres@127.0.0.1:5432/postgres',
  explain: false,
});
const ROWS = Number(options.rows);
const REPS = Number(options.reps);
const BUDGET_P95_MS = 50;

const { createTestApp, signIn, as } = await import('../server/src/test/test-app.ts');
const { createCompany, createUser } = await import('../server/src/test/factories.ts');

const TITLE_WORDS = ['Schaltschrank', 'Steuerschrank', 'Verteilerschrank', 'Klemmenkasten', 'Pultgehäuse'];
const PLACE_WORDS = ['Pumpenstation', 'Förderband', 'Lackieranlage', 'Kläranlage', 'Presse', 'Mühle', 'Kran'];

/** Fills the database: companies, enquiries, recipients; returns the ids the measurement needs. */
async function fill(ctx) {
  const sql = (text, values) => ctx.database.executeSql(text, values);
  const big = await createCompany(ctx.db, { type: 'CUSTOMER', name: 'Großkunde Anlagenbau GmbH' });
  const customerUser = await createUser(ctx.db, { companyId: big.id });
  const others = [];
  for (let i = 0; i < 49; i++) others.push((await createCompany(ctx.db, { type: 'CUSTOMER' })).id);
  const suppliers = [];
  for (let i = 0; i < 30; i++) suppliers.push((await createCompany(ctx.db, { type: 'SUPPLIER' })).id);
  const supplierUser = await createUser(ctx.db, { companyId: suppliers[0] });
  const customers = [big.id, ...others];
  const started = performance.now();
  // Row g: customer big for even g, else one of the others; released for g % 10 < 6; chosen recipients for
  // released rows with odd g / 10; archived for g % 20 = 4; closed for g % 10 = 2 (both of the large customer, released).
  await sql(
    `insert into enquiries (customer_id, title, reference_number, delivery_condition, desired_delivery_date,
       amount, technical_spec, released, release_date, recipients_mode, closed, archived, created_at, updated_at)
     select
       case when g % 2 = 0 then $1::uuid else ($2::uuid[])[1 + (g / 2) % 49] end,
       ($3::text[])[1 + g % 5] || ' ' || ($4::text[])[1 + (g / 5) % 7] || ' ' || g,
       'REF-' || g,
       'EXW',
       date '2027-01-01' + (g % 300),
       1 + g % 5,
       '{}'::jsonb,
       g % 10 < 6,
       case when g % 10 < 6 then now() - (g || ' minutes')::interval end,
       (case when g % 10 < 6 and (g / 10) % 2 = 1 then 'CHOSEN' else 'ALL' end)::enquiry_recipients_mode,
       g % 10 = 2,
       g % 20 = 4,
       now() - ((g * 2) || ' minutes')::interval,
       now()
     from generate_series(1, $5::int) g`,
    [big.id, `{${others.join(',')}}`, `{${TITLE_WORDS.join(',')}}`, `{${PLACE_WORDS.join(',')}}`, ROWS],
  );
  // Three chosen suppliers per CHOSEN enquiry, spread over all 30.
  await sql(
    `insert into enquiry_recipients (enquiry_id, supplier_id)
     select e.id, ($1::uuid[])[1 + (abs(hashtext(e.id::text)) + k * 7) % 30]
     from enquiries e cross join generate_series(0, 2) k
     where e.recipients_mode = 'CHOSEN'
     on conflict do nothing`,
    [`{${suppliers.join(',')}}`],
  );
  // As autovacuum leaves a table at rest: statistics and the visibility map (index-only counts).
  await sql('vacuum analyze enquiries');
  await sql('vacuum analyze enquiry_recipients');
  const fillSeconds = (performance.now() - started) / 1000;
  const [counts] = (
    await sql(
      `select count(*)::int as all, count(*) filter (where customer_id = $1)::int as big,
        count(*) filter (where released and not archived and (recipients_mode = 'ALL' or exists
          (select 1 from enquiry_recipients r where r.enquiry_id = enquiries.id and r.supplier_id = $2)))::int as supplier
       from enquiries`,
      [big.id, suppliers[0]],
    )
  ).rows;
  return { customerUser, supplierUser, customers, counts, fillSeconds };
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

const CUSTOMER_LISTS = [
  ['Kunde: Standard (Anlage absteigend)', '/api/enquiry/filter'],
  ['Kunde: Titel aufsteigend', '/api/enquiry/filter?column=title&sortDescending=false'],
  ['Kunde: Freigabedatum absteigend', '/api/enquiry/filter?column=releaseDate'],
  ['Kunde: Titelsuche „pumpenstation 12“', '/api/enquiry/filter?title=pumpenstation%2012'],
  ['Kunde: Titelsuche „Kläranlage“ (Umlaut)', '/api/enquiry/filter?title=Klaeranlage'],
  ['Kunde: mit archivierten', '/api/enquiry/filter?archived=true'],
  ['Kunde: Seite 200', '/api/enquiry/filter?page=200'],
];
const SUPPLIER_LISTS = [
  ['Lieferant: Standard (Anlage absteigend)', '/api/enquiry/filter'],
  ['Lieferant: Titel aufsteigend', '/api/enquiry/filter?column=title&sortDescending=false'],
  ['Lieferant: Freigabedatum absteigend', '/api/enquiry/filter?column=releaseDate'],
  ['Lieferant: Titelsuche „presse“', '/api/enquiry/filter?title=presse'],
  ['Lieferant: Seite 100', '/api/enquiry/filter?page=100'],
];

async function explain(ctx, customerId, supplierId) {
  const statements = [
    [
      'Kunde, Standardseite',
      `select e.id, e.title, c.name from enquiries e join companies c on c.id = e.customer_id
       where e.customer_id = $1 and e.archived = false order by e.created_at desc, e.id desc limit 10`,
      [customerId],
    ],
    [
      'Lieferant, Standardseite',
      `select e.id, e.title, c.name from enquiries e join companies c on c.id = e.customer_id
       where e.released and not e.archived and (e.recipients_mode = 'ALL' or exists (select 1 from enquiry_recipients r
         where r.enquiry_id = e.id and r.supplier_id = $1)) order by e.created_at desc, e.id desc limit 10`,
      [supplierId],
    ],
  ];
  for (const [label, text, values] of statements) {
    const { rows } = await ctx.database.executeSql(`explain (analyze, buffers) ${text}`, values);
    console.log(`\n${label}:\n${rows.map((row) => Object.values(row)[0]).join('\n')}`);
  }
}

async function run(kind) {
  if (kind === 'postgres') process.env.TEST_DATABASE_URL = options.url;
  else delete process.env.TEST_DATABASE_URL;
  const ctx = await createTestApp();
  try {
    const { customerUser, supplierUser, counts, fillSeconds } = await fill(ctx);
    const customer = await signIn(ctx.app, customerUser.email);
    const supplier = await signIn(ctx.app, supplierUser.email);
    console.log(
      `\n${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${counts.all} Anfragen (Großkunde ${counts.big}, ` +
        `an den Lieferanten ${counts.supplier}), gefüllt in ${fillSeconds.toFixed(1)} s; ${REPS} Aufrufe je Liste, ` +
        `Last ${loadAverage()}`,
    );
    console.log(
      `${'Liste (GET /api/enquiry/filter, 10 je Seite)'.padEnd(46)}  ${'p50'.padStart(8)}  ${'p95'.padStart(8)}  ${'max'.padStart(8)}  Treffer`,
    );
    const results = [];
    for (const [label, url, session] of [
      ...CUSTOMER_LISTS.map(([label, url]) => [label, url, customer]),
      ...SUPPLIER_LISTS.map(([label, url]) => [label, url, supplier]),
    ]) {
      const r = await measure(ctx.app, session, url);
      results.push(r);
      console.log(
        `${label.padEnd(46)}  ${r.p50.toFixed(1).padStart(5)} ms  ${r.p95.toFixed(1).padStart(5)} ms  ` +
          `${r.max.toFixed(1).padStart(5)} ms  ${String(r.total).padStart(7)}  ${r.p95 <= BUDGET_P95_MS ? 'ok' : 'ÜBER BUDGET'}`,
      );
    }
    if (options.explain) await explain(ctx, customerUser.companyId, supplierUser.companyId);
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
