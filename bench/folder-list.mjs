// The project folder list at 100,000 offers (ARCHITECTURE §7: business lists, folders included,
// p95 <= 50 ms at 100,000 rows on PostgreSQL).
//
//   node --import tsx bench/folder-list.mjs [--db postgres|pglite|both] [--rows 88000] [--reps 200]
//                                           [--url postgres://postgres@127.0.0.1:5432/postgres]
//
// Builds the portal app on a fresh database as the route tests do, fills the offers of bench/offer-list.mjs
// (bench/lib/offer-data.mjs), gives every offer lineage its project folder with a file count, and adds
// one visibility entry per folder (88,000; an external guest has 40 folders shared with it, 5 of them expired; the rest
// belong to other addresses). Then GET /api/offer/businessdata/list is requested through the whole stack
// with app.inject, one request at a time on a warm cache, for a supplier's and a customer's staff user and
// the external guest.
import { createCompany, createUser } from '../server/src/test/factories.ts';
import { createTestApp, fillOffers, measure, signIn } from './lib/offer-data.mjs';
import { loadAverage, parseArgs } from './lib/portal.mjs';

const options = parseArgs(process.argv.slice(2), {
  db: 'postgres',
  rows: 88_000,
  reps: 200,
  url: 'postgres://postgres@127.0.0.1:5432/postgres',
});
const ROWS = Number(options.rows);
const REPS = Number(options.reps);
const BUDGET_P95_MS = 50;

async function fillFolders(ctx) {
  const sql = (text, values) => ctx.database.executeSql(text, values);
  const started = performance.now();
  await sql(
    `insert into business_folders (lineage_id, file_count, last_update)
     select lineage_id, (abs(hashtext(lineage_id::text)) % 12), max(updated_at) from offers group by lineage_id
     on conflict do nothing`,
  );
  const guests = await createCompany(ctx.db, { type: 'EXTERNAL', name: 'Montage Extern GmbH' });
  const guest = await createUser(ctx.db, { companyId: guests.id });
  await sql(
    `insert into business_folder_shares (folder_id, email, end_date, read, write)
     select f.id, case when n <= 40 then $1 else 'gast-' || n || '@extern.test' end,
       case when n <= 5 then current_date - 3 when n % 3 = 0 then current_date + 30 end, true, n % 4 = 0
     from (select id, row_number() over (order by id) as n from business_folders) f
     where f.n <= 100000`,
    [guest.email],
  );
  await sql(
    `update business_folders set allow_external = true where id in (select folder_id from business_folder_shares)`,
  );
  await sql('vacuum analyze business_folders');
  await sql('vacuum analyze business_folder_shares');
  const [counts] = (
    await sql(
      `select (select count(*)::int from business_folders) as folders,
         (select count(*)::int from business_folder_shares) as shares`,
    )
  ).rows;
  return { guest, counts, seconds: (performance.now() - started) / 1000 };
}

const LISTS = [
  ['Standard (neueste zuerst)', '/api/offer/businessdata/list'],
  ['Seite 100', '/api/offer/businessdata/list?page=100'],
  ['Suche „2026-0012“', '/api/offer/businessdata/list?search=2026-0012'],
  ['Suche „an-2025“', '/api/offer/businessdata/list?search=an-2025'],
  ['30 je Seite', '/api/offer/businessdata/list?paginationSize=30'],
];

async function run(kind) {
  if (kind === 'postgres') process.env.TEST_DATABASE_URL = options.url;
  else delete process.env.TEST_DATABASE_URL;
  const ctx = await createTestApp();
  try {
    const { customerUser, supplierUser, counts, fillSeconds } = await fillOffers(ctx, ROWS);
    const folders = await fillFolders(ctx);
    console.log(
      `\n${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${counts.all} Angebote, ${folders.counts.folders} ` +
        `Projektordner, ${folders.counts.shares} Freigaben; gefüllt in ${(fillSeconds + folders.seconds).toFixed(1)} s; ` +
        `${REPS} Aufrufe je Liste, Last ${loadAverage()}`,
    );
    console.log(
      `${'Liste (GET /api/offer/businessdata/list)'.padEnd(52)}  ${'p50'.padStart(8)}  ${'p95'.padStart(8)}  ${'max'.padStart(8)}  Treffer`,
    );
    const results = [];
    for (const [who, user] of [
      ['Lieferant', supplierUser],
      ['Kunde', customerUser],
      ['Externer Gast', folders.guest],
    ]) {
      const session = await signIn(ctx.app, user.email);
      for (const [label, url] of LISTS) {
        const r = await measure(ctx.app, session, url, REPS);
        results.push(r);
        console.log(
          `${`${who}: ${label}`.padEnd(52)}  ${r.p50.toFixed(1).padStart(5)} ms  ${r.p95.toFixed(1).padStart(5)} ms  ` +
            `${r.max.toFixed(1).padStart(5)} ms  ${String(r.total).padStart(7)}  ${r.p95 <= BUDGET_P95_MS ? 'ok' : 'ÜBER BUDGET'}`,
        );
      }
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
