// The pricing desk's budget (ARCHITECTURE §7: price a 5,000-line offer <= 1 s on PostgreSQL): the time of
// "Preise neu aus dem Katalog" on all lines of an offer, and of a markup and rounding to cents on all lines.
//
//   node --import tsx bench/offer-pricing.mjs [--db postgres|pglite|both] [--lines 5000] [--reps 7]
//                                             [--url postgres://postgres@127.0.0.1:5432/postgres]
//
// Builds the portal app (server/src/app.ts, through tsx) on a fresh database exactly as the route tests do
// (PostgreSQL: a uniquely named database on --url's server, dropped at the end; PGlite: in memory) and fills
// it in the database: 20,000 catalog articles of 10 manufacturers in 50 discount groups (every fifth priced per
// 100, a third listed at the supplier's wholesaler), the supplier's settings (wholesaler, 12.5 % markup, own
// discounts for half of the groups) and an offer draft whose `--lines` lines are matched to distinct articles
// (plus 2 % unmatched lines). Each call goes through the whole stack (app.inject as the supplier's user), one at
// a time; the first call of each kind is a warm-up and not counted. The baseline of the same run is one bare
// UPDATE of all the offer's lines straight on the database (what the machine's load allows at all).
import { performance } from 'node:perf_hooks';
import { loadAverage, parseArgs } from './lib/portal.mjs';

const { createTestApp, signIn, as } = await import('../server/src/test/test-app.ts');
const { createCompany, createUser } = await import('../server/src/test/factories.ts');

const options = parseArgs(process.argv.slice(2), {
  db: 'postgres',
  lines: 5000,
  reps: 7,
  url: 'postgres://postgres@127.0.0.1:5432/postgres',
});
const LINES = Number(options.lines);
const REPS = Number(options.reps);
const ARTICLES = Math.max(20_000, LINES);
const BUDGET_MS = 1000;

async function fill(ctx) {
  const sql = (text, values) => ctx.database.executeSql(text, values);
  const customer = await createCompany(ctx.db, { type: 'CUSTOMER' });
  const supplier = await createCompany(ctx.db, { type: 'SUPPLIER' });
  const user = await createUser(ctx.db, { companyId: supplier.id, admin: true });
  await sql(
    `insert into manufacturers (display_name) select 'Hersteller ' || m from generate_series(1, 10) m`,
  );
  await sql(
    `insert into wholesalers (display_name, name_key) values ('Großhandel Bench', 'großhandel bench')`,
  );
  await sql(
    `insert into discount_groups (display_name, percent, manufacturer_id)
     select 'RG ' || g, 20 + g % 30, (select id from manufacturers order by display_name offset g % 10 limit 1)
     from generate_series(1, 50) g`,
  );
  await sql(
    `with g as (select id, manufacturer_id, row_number() over (order by display_name) as n from discount_groups)
     insert into articles (manufacturer_id, order_number, manufacturer_number, description, list_price,
       purchase_price, price_unit_size, discount_group_id)
     select g.manufacturer_id, 'BN-' || a, 'HN-' || a, 'Artikel ' || a, 10 + (a % 500) * 0.37,
       case when a % 7 = 0 then 5 + (a % 300) * 0.21 end, case when a % 5 = 0 then 100 end,
       case when a % 11 <> 0 then g.id end
     from generate_series(1, $1::int) a join g on g.n = 1 + a % 50`,
    [ARTICLES],
  );
  await sql(
    `insert into article_wholesaler_infos (article_id, wholesaler_id, order_number, purchase_price)
     select a.id, w.id, 'GH-' || a.order_number, a.list_price * 0.55
     from articles a cross join wholesalers w where abs(hashtext(a.order_number)) % 3 = 0`,
  );
  await sql(
    `insert into supplier_pricing (company_id, wholesaler_id, markup_percent)
     select $1::uuid, id, 12.5 from wholesalers`,
    [supplier.id],
  );
  await sql(
    `insert into supplier_discounts (company_id, discount_group_id, percent)
     select $1::uuid, id, 45 from discount_groups where abs(hashtext(display_name)) % 2 = 0`,
    [supplier.id],
  );
  const { rows: enquiryRows } = await sql(
    `insert into enquiries (customer_id, title, technical_spec, released, release_date)
     values ($1, 'Bench', '{}'::jsonb, true, now()) returning id`,
    [customer.id],
  );
  const enquiryId = enquiryRows[0].id;
  const { rows: offerRows } = await sql(
    `insert into offers (lineage_id, enquiry_id, supplier_id, customer_id, technical_spec)
     values (gen_random_uuid(), $1, $2, $3, '{}'::jsonb) returning id`,
    [enquiryId, supplier.id, customer.id],
  );
  const offerId = offerRows[0].id;
  await sql(
    `with a as (select id, manufacturer_id, order_number, row_number() over (order by order_number) as n from articles)
     insert into bom_lines (offer_id, generation, row_number, quantity, article_quantity, order_number,
       manufacturer_id, matched_article_id, status, raw)
     select $1::uuid, 0, l + 1, 1 + l % 20, 1 + l % 20, a.order_number, a.manufacturer_id,
       case when l % 50 <> 0 then a.id end,
       (case when l % 50 <> 0 then 'MATCHED' else 'NOT_FOUND' end)::bom_line_status, '{}'::jsonb
     from generate_series(1, $2::int) l join a on a.n = l`,
    [offerId, LINES],
  );
  await sql('analyze');
  const session = await signIn(ctx.app, user.email);
  return { offerId, session };
}

async function timed(ctx, session, url, payload) {
  const started = performance.now();
  const response = await as(ctx.app, session, { method: 'POST', url, payload });
  const ms = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return { ms, changed: response.json().changedLines };
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return { median: Math.round(median), min: Math.round(sorted[0]), max: Math.round(sorted.at(-1)) };
}

async function run(kind) {
  if (kind === 'postgres') process.env.TEST_DATABASE_URL = options.url;
  else delete process.env.TEST_DATABASE_URL;
  const ctx = await createTestApp();
  try {
    const fillStarted = performance.now();
    const { offerId, session } = await fill(ctx);
    console.log(
      `\n${kind}: ${LINES} Zeilen, ${ARTICLES} Artikel, gefüllt in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`,
    );
    // Baseline of the same run: one bare UPDATE of every line of the offer (no joins), straight on the database.
    const bare = [];
    for (let rep = 0; rep <= REPS; rep++) {
      const started = performance.now();
      await ctx.database.executeSql(
        `update bom_lines set price_per_piece = coalesce(price_per_piece, 0) + 0, updated_at = now()
         where offer_id = $1`,
        [offerId],
      );
      if (rep > 0) bare.push(performance.now() - started);
    }
    const base = summary(bare);
    console.log(
      `Grundlinie (ein nacktes UPDATE aller Zeilen): Median ${base.median} ms (min ${base.min}, max ${base.max})`,
    );
    const calls = [
      ['Preise neu aus dem Katalog (alle Zeilen)', '/api/offer/articles/reprice', { offerId }],
      ['Aufschlag 15 % (alle Zeilen)', '/api/offer/articles/markup', { offerId, markupPercent: 15 }],
      ['Auf Cent runden (alle Zeilen)', '/api/offer/articles/round', { offerId }],
    ];
    const results = [];
    for (const [label, url, payload] of calls) {
      const times = [];
      let changed = 0;
      for (let rep = 0; rep <= REPS; rep++) {
        // Rounding changes nothing the second time: price anew before each, untimed.
        if (url.endsWith('/round')) await timed(ctx, session, '/api/offer/articles/reprice', { offerId });
        const result = await timed(ctx, session, url, payload);
        if (rep > 0) times.push(result.ms);
        changed = result.changed;
      }
      const s = summary(times);
      results.push({ label, changed, ...s });
      console.log(
        `${label}: ${changed} Zeilen geändert, Median ${s.median} ms (min ${s.min}, max ${s.max}), ${REPS} Läufe` +
          (url.endsWith('/reprice')
            ? ` — Budget ${BUDGET_MS} ms: ${s.median <= BUDGET_MS ? 'erfüllt' : 'VERFEHLT'}`
            : ''),
      );
    }
    return results;
  } finally {
    await ctx.close();
  }
}

console.log(`Last (1/5/15 min) vorher: ${loadAverage()}`);
const kinds = options.db === 'both' ? ['postgres', 'pglite'] : [options.db];
for (const kind of kinds) await run(kind);
console.log(`Last (1/5/15 min) nachher: ${loadAverage()}`);
