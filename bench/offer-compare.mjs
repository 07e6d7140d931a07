// The comparison's budget (ARCHITECTURE §7: compare 5 suppliers x 5,000 lines, p95 <= 500 ms on PostgreSQL):
// GET /api/offer/compare of one enquiry under load, against a bare route doing the same database reads.
//
//   npm run build && node bench/offer-compare.mjs [--suppliers 5] [--lines 5000] [--connections 4]
//       [--duration 10] [--rounds 2] [--threads 2] [--port 4340]
//       [--url postgres://postgres@127.0.0.1:5432/postgres] [--profile]
//
// Creates its own database beside --url (compare_bench_<time>, dropped at the end), starts the BUILT server on it
// (`node server/dist/main.js`, demo seed for the users), then fills in SQL: 5,000 catalog articles (10
// manufacturers, 50 discount groups), a released enquiry of the demo customer (kunde@) with a mapped BOM of --lines
// lines matched to them, and --suppliers supplier companies each with a released, open offer whose --lines lines
// answer the enquiry's (priced, with a lead time, every 20th line an alternative article). Three targets as child
// processes on 127.0.0.1: a bare Fastify hello route, a bare Fastify + pg route (bench/lib/pg-page-server.mjs)
// sending the portal's two reads of the comparison (the enquiry's lines with the offers' values gathered per
// line, the offers' totals) and answering their rows as JSON, and the portal. wrk (/usr/bin/wrk, a separate process; a lua script with the session cookie)
// drives each for --duration seconds, interleaved per round; the table shows the medians of the rounds.
// --explain: prints the plans of the two reads (EXPLAIN ANALYZE, BUFFERS) and stops before the load.
// --profile: the portal runs under `node --cpu-prof`; after the runs, its top self time by package and function.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { printCpuProfiles } from './lib/cpu-profile.mjs';
import {
  createBenchDatabase,
  loadAverage,
  parseArgs,
  root,
  signInCookie,
  startPortal,
  stopPortal,
  waitForUrl,
} from './lib/portal.mjs';

const BUDGET_P95_MS = 500;
const options = parseArgs(process.argv.slice(2), {
  suppliers: 5,
  lines: 5000,
  connections: 4,
  threads: 2,
  duration: 10,
  rounds: 2,
  port: 4340,
  url: 'postgres://postgres@127.0.0.1:5432/postgres',
  profile: false,
  explain: false,
});
const CUSTOMER = 'kunde@demo.local';

/** The portal's two reads of the comparison (offer-compare.repository.ts), as the bare route sends them. */
const LINES_SQL = `select l.id, l.row_number as "rowNumber", l.order_number as "orderNumber",
    l.manufacturer_number as "manufacturerNumber", coalesce(m.display_name, l.manufacturer_name) as "manufacturerName",
    (select dg.display_name from articles a join discount_groups dg on dg.id = a.discount_group_id
      where a.id = l.matched_article_id) as "discountGroup",
    l.bmk, l.quantity::float8 as quantity, c.slots, c.prices, c.delivery_times as "deliveryTimes", c.alternatives
  from bom_lines l
  left join manufacturers m on m.id = l.manufacturer_id
  left join (
    select b.origin_line_id, array_agg(o.ord::int) as slots,
      array_agg(b.price_per_piece::float8) as prices,
      array_agg(b.delivery_time) as delivery_times,
      array_agg(case when b.manual_replacement then (select coalesce(a.order_number, a.manufacturer_number)
        from articles a where a.id = b.matched_article_id) end) as alternatives
    from unnest($2::uuid[]) with ordinality as o(id, ord)
    join offers f on f.id = o.id
    join bom_lines b on b.offer_id = o.id and b.generation = f.lines_generation
    group by b.origin_line_id
  ) c on c.origin_line_id = l.id
  where l.enquiry_bom_id = $1 and l.generation = (select lines_generation from enquiry_boms where id = $1)
  order by l.row_number, l.id limit $3`;
const TOTALS_SQL = `select b.offer_id as "offerId",
    coalesce(sum(round(coalesce(b.quantity, 0) * b.price_per_piece, 2)), 0)::float8 as "materialTotal",
    count(b.price_per_piece)::int as "pricedLines", max(b.delivery_time) as "longestDeliveryTime"
  from bom_lines b join offers f on f.id = b.offer_id and b.generation = f.lines_generation
  where b.offer_id = any($1::uuid[])
  group by b.offer_id`;

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The enquiry with its BOM and the suppliers' offers, in SQL; returns the ids the targets need. */
async function fill(client) {
  const q = async (text, values) => (await client.query(text, values)).rows;
  const [{ company_id: customerId }] = await q('select company_id from users where email = $1', [CUSTOMER]);
  await q(
    `insert into manufacturers (display_name) select 'Bench-Hersteller ' || m from generate_series(1, 10) m`,
  );
  await q(
    `insert into discount_groups (display_name, percent, manufacturer_id)
     select 'Bench-RG ' || g, 20 + g % 30,
       (select id from manufacturers where display_name like 'Bench-%' order by display_name offset g % 10 limit 1)
     from generate_series(1, 50) g`,
  );
  await q(
    `with g as (select id, manufacturer_id, row_number() over (order by display_name) as n
                from discount_groups where display_name like 'Bench-%')
     insert into articles (manufacturer_id, order_number, manufacturer_number, description, list_price,
       discount_group_id, delivery_time)
     select g.manufacturer_id, 'CMP-' || a, 'CMPH-' || a, 'Artikel ' || a, 1 + (a % 500) * 0.37, g.id, 1 + a % 15
     from generate_series(1, $1::int * 2) a join g on g.n = 1 + a % 50`,
    [options.lines],
  );
  const [{ id: enquiryId }] = await q(
    `insert into enquiries (customer_id, title, reference_number, delivery_condition, desired_delivery_date, amount,
       technical_spec, released, release_date)
     values ($1, 'Vergleich 5 x 5.000', 'CMP-1', 'EXW', date '2027-06-01', 2, '{}'::jsonb, true, now()) returning id`,
    [customerId],
  );
  const [{ id: bomId }] = await q(
    `insert into enquiry_boms (enquiry_id, customer_id, storage_key, filename, size, header_row_index, headers, mapping)
     values ($1, $2, 'bench/compare.csv', 'Stückliste.csv', 1, 1, '["Bestellnummer"]'::jsonb,
       '[{"importHeader":"Bestellnummer","bomField":"orderNumber"}]'::jsonb) returning id`,
    [enquiryId, customerId],
  );
  await q(
    `with a as (select id, manufacturer_id, order_number, manufacturer_number,
                  row_number() over (order by order_number) as n from articles where order_number like 'CMP-%')
     insert into bom_lines (enquiry_bom_id, generation, row_number, quantity, article_quantity, order_number,
       manufacturer_number, manufacturer_id, matched_article_id, status, raw, bmk)
     select $1::uuid, 0, l, 1 + l % 20, 1 + l % 20, a.order_number, a.manufacturer_number, a.manufacturer_id,
       case when l % 50 <> 0 then a.id end,
       (case when l % 50 <> 0 then 'MATCHED' else 'NOT_FOUND' end)::bom_line_status, '{}'::jsonb, '-K' || l
     from generate_series(1, $2::int) l join a on a.n = l`,
    [bomId, options.lines],
  );
  const offerIds = [];
  for (let s = 1; s <= options.suppliers; s++) {
    const [{ id: supplierId }] = await q(
      `insert into companies (name, type, city) values ('Vergleichslieferant ' || $1::int || ' GmbH', 'SUPPLIER', 'Essen')
       returning id`,
      [s],
    );
    const [{ id: offerId }] = await q(
      `insert into offers (lineage_id, enquiry_id, supplier_id, customer_id, state, released, release_date,
         customer_current, offer_number, reference_number, price, delivery_condition, desired_delivery_date, amount,
         technical_spec, valid_until)
       values (gen_random_uuid(), $1, $2, $3, 'OPEN', true, now(), true, 'VGL-' || $4::int, 'CMP-1',
         50000 + $4::int * 1000, 'EXW', date '2027-05-01' + $4::int, 2, '{}'::jsonb, current_date + 30)
       returning id`,
      [enquiryId, supplierId, customerId, s],
    );
    await q('update offers set lineage_id = id where id = $1', [offerId]);
    // Every line answered, priced with a spread per supplier, a lead time, every 20th an alternative article.
    await q(
      `insert into bom_lines (offer_id, generation, row_number, quantity, article_quantity, order_number,
         manufacturer_number, manufacturer_id, matched_article_id, manual_replacement, status, raw, bmk,
         origin_line_id, price_per_piece, delivery_time)
       select $1::uuid, 0, e.row_number, e.quantity, e.article_quantity, e.order_number, e.manufacturer_number,
         e.manufacturer_id,
         case when e.row_number % 20 = $2::int then (select id from articles where order_number = 'CMP-' || (e.row_number + $3::int))
              else e.matched_article_id end,
         e.row_number % 20 = $2::int, e.status, '{}'::jsonb, e.bmk, e.id,
         round((1 + (e.row_number % 500) * 0.37) * (0.9 + ((e.row_number * $2::int) % 7) * 0.03), 2),
         1 + (e.row_number + $2::int * 3) % 15
       from bom_lines e where e.enquiry_bom_id = $4::uuid`,
      [offerId, s, options.lines, bomId],
    );
    offerIds.push(offerId);
  }
  for (const table of ['bom_lines', 'offers', 'articles', 'enquiries', 'enquiry_boms'])
    await q(`vacuum analyze ${table}`);
  return { enquiryId, bomId, offerIds };
}

/** A wrk lua script: the session cookie on every request and the figures as one JSON line at the end. */
function wrkScript(dir, name, cookie) {
  const file = path.join(dir, `${name}.lua`);
  writeFileSync(
    file,
    `${cookie ? `wrk.headers["Cookie"] = ${JSON.stringify(cookie)}\n` : ''}` +
      `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('RESULT {"requests":%d,"durationUs":%d,"p50Us":%d,"p95Us":%d,"p99Us":%d,"errors":%d,"timeouts":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    e.connect + e.read + e.write + e.status, e.timeout))
end
`,
  );
  return file;
}

function runWrk(url, script) {
  return new Promise((resolve, reject) => {
    const args = [
      `-t${options.threads}`,
      `-c${options.connections}`,
      `-d${options.duration}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      url,
    ];
    const child = spawn('/usr/bin/wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) return reject(new Error(`wrk ${url}: ${code}\n${out}`));
      const r = JSON.parse(line.slice(7));
      resolve({
        rps: r.requests / (r.durationUs / 1e6),
        p50: r.p50Us / 1000,
        p95: r.p95Us / 1000,
        p99: r.p99Us / 1000,
        errors: r.errors,
        timeouts: r.timeouts,
      });
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (value) => `${value.toFixed(1).replace('.', ',')} ms`;

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'compare-bench-'));
  const dataDir = path.join(work, 'data');
  mkdirSync(dataDir);
  const database = await createBenchDatabase(options.url, 'compare_bench');
  const handles = [];
  const [helloPort, pgPort, portalPort] = [options.port, options.port + 1, options.port + 2];
  const base = `http://127.0.0.1:${portalPort}`;
  try {
    console.log(`Maschine: ${os.cpus().length} Kerne ${os.cpus()[0]?.model}, Node ${process.version}`);
    console.log(`Last (1/5/15 min) vorher: ${loadAverage()}`);
    const profileDir = path.join(work, 'profile');
    const portal = startPortal({
      command: options.profile
        ? ['node', '--cpu-prof', `--cpu-prof-dir=${profileDir}`, 'server/dist/main.js']
        : ['node', 'server/dist/main.js'],
      port: portalPort,
      dataDir,
      env: { DATABASE_URL: database.url, SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
    });
    handles.push(portal);
    await waitForUrl(portal, `${base}/api/health`);
    let cookie;
    for (const deadline = Date.now() + 180_000; ; ) {
      try {
        cookie = await signInCookie(base, CUSTOMER);
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    const filled = performance.now();
    const ids = await withClient(database.url, fill);
    console.log(
      `Gefüllt: ${options.suppliers} Angebote x ${options.lines} Zeilen in ${((performance.now() - filled) / 1000).toFixed(1)} s`,
    );
    if (options.explain) {
      await withClient(database.url, async (c) => {
        for (const [text, values] of [
          [LINES_SQL, [ids.bomId, `{${ids.offerIds.join(',')}}`, options.lines + 1]],
          [TOTALS_SQL, [`{${ids.offerIds.join(',')}}`]],
        ]) {
          const { rows } = await c.query(`explain (analyze, buffers) ${text}`, values);
          console.log(rows.map((row) => row['QUERY PLAN']).join('\n'), '\n');
        }
      });
      return;
    }
    const compareUrl = `${base}/api/offer/compare?enquiryId=${ids.enquiryId}`;
    const check = await fetch(compareUrl, { headers: { cookie } });
    const body = await check.json();
    if (!check.ok || body.lines.length !== options.lines || body.offers.length !== options.suppliers) {
      throw new Error(`Vergleich unerwartet: ${check.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
    const bytes = JSON.stringify(body).length;
    console.log(
      `Antwort: ${body.offers.length} Angebote, ${body.lines.length} Zeilen, ${(bytes / 1e6).toFixed(2)} MB JSON`,
    );

    const hello = startPortal({
      command: ['node', 'bench/lib/hello-server.mjs'],
      port: helloPort,
      cwd: root,
    });
    const pgRoute = startPortal({
      command: ['node', 'bench/lib/pg-page-server.mjs'],
      port: pgPort,
      env: {
        DATABASE_URL: database.url,
        PAGE_STATEMENTS: JSON.stringify([
          { text: LINES_SQL, values: [ids.bomId, `{${ids.offerIds.join(',')}}`, options.lines + 1] },
          { text: TOTALS_SQL, values: [`{${ids.offerIds.join(',')}}`] },
        ]),
      },
    });
    handles.push(hello, pgRoute);
    await waitForUrl(hello, `http://127.0.0.1:${helloPort}/hello`);
    await waitForUrl(pgRoute, `http://127.0.0.1:${pgPort}/page`);

    const targets = [
      ['hello (nackt)', `http://127.0.0.1:${helloPort}/hello`, null],
      ['pg-Route (nackt, dieselben zwei Abfragen)', `http://127.0.0.1:${pgPort}/page`, null],
      ['Portal GET /api/offer/compare', compareUrl, cookie],
    ];
    const results = new Map(targets.map(([name]) => [name, []]));
    // Warm-up: each target once for a few seconds, not counted.
    for (const [name, url, targetCookie] of targets) {
      await runWrk(url, wrkScript(work, `warm-${results.get(name).length}`, targetCookie)).catch(() => null);
    }
    for (let round = 1; round <= options.rounds; round++) {
      for (const [name, url, targetCookie] of targets) {
        const result = await runWrk(url, wrkScript(work, `r${round}`, targetCookie));
        results.get(name).push(result);
        console.log(
          `Runde ${round} ${name}: ${result.rps.toFixed(1)} req/s, p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)}, Fehler ${result.errors}, Zeitüberschreitungen ${result.timeouts}; Last ${loadAverage()}`,
        );
      }
    }
    console.log(`\n| Ziel | req/s | p50 | p95 | p99 | Fehler/Zeitüberschreitung |`);
    console.log('| --- | --- | --- | --- | --- | --- |');
    const summary = {};
    for (const [name] of targets) {
      const runs = results.get(name);
      const row = {
        rps: median(runs.map((r) => r.rps)),
        p50: median(runs.map((r) => r.p50)),
        p95: median(runs.map((r) => r.p95)),
        p99: median(runs.map((r) => r.p99)),
        errors: runs.reduce((n, r) => n + r.errors, 0),
        timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
      };
      summary[name] = row;
      console.log(
        `| ${name} | ${row.rps.toFixed(1)} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${row.errors}/${row.timeouts} |`,
      );
    }
    const portalRow = summary['Portal GET /api/offer/compare'];
    const bare = summary['pg-Route (nackt, dieselben zwei Abfragen)'];
    console.log(
      `\nVerhältnis Portal/pg-Route: req/s ${(portalRow.rps / bare.rps).toFixed(2)}x, p95 ${(portalRow.p95 / bare.p95).toFixed(2)}x`,
    );
    console.log(
      `Budget p95 <= ${BUDGET_P95_MS} ms bei ${options.connections} Verbindungen: ${portalRow.p95 <= BUDGET_P95_MS ? 'erfüllt' : 'VERFEHLT'} (${ms(portalRow.p95)})`,
    );
    console.log(`Last (1/5/15 min) nachher: ${loadAverage()}`);
    if (options.profile) {
      await stopPortal(portal);
      printCpuProfiles(profileDir);
    }
  } finally {
    for (const handle of handles.reverse()) await stopPortal(handle);
    await database.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
