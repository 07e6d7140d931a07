// The request path of the signed-in business lists under load, against the least a list page can cost here
// (ARCHITECTURE §7: at 100 connections on PostgreSQL >= 0.5x the req/s of a bare Fastify + pg route running
// the same page query, p99 <= 100 ms on a quiet machine).
//
//   npm run build && node bench/request-path.mjs [--duration 10] [--rounds 3] [--connections 100]
//       [--list offers,offers-customer,enquiries,companies,users,folders,notifications,articles,session]
//       [--database postgres://postgres@127.0.0.1:5432/reqpath_bench] [--rows 88000] [--refill]
//       [--port 4320] [--threads 2] [--profile offers]
//
// Builds nothing: starts the BUILT server (`node server/dist/main.js`) on the PostgreSQL database of
// --database, a bare Fastify hello route (bench/lib/hello-server.mjs) and a bare Fastify + pg route
// (bench/lib/pg-page-server.mjs) running the SQL the portal's offer page sends (drizzle's text of
// offer.repository.ts findOfferPage, supplier scope, 10 rows), all as child processes on 127.0.0.1
// (ports --port, +1, +2). Each target is driven by wrk (/usr/bin/wrk, a separate process; a lua script sends
// the session cookie and reports the percentiles), interleaved: every round runs hello, the pg route and
// then each list once, so the machine's load hits all alike; the table shows the medians of the rounds.
//
// Data (filled once; kept in the database for the next run, --refill starts over): the demo seed
// (SEED_DEMO=true) plus the offers of bench/lib/offer-data.mjs (--rows current offers, some 100,000 rows with
// older versions) on the demo customer (kunde@) and the demo supplier (lieferant@) as the large companies,
// 53 further companies, a project folder per offer lineage and 5,000 notifications for kunde@.
//
// --profile <list>: instead of the table, the portal runs under `node --cpu-prof` while wrk drives that one
// list for --duration seconds; prints the top self time by package and function (what limits the list).

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { printCpuProfiles } from './lib/cpu-profile.mjs';
import {
  loadAverage,
  parseArgs,
  root,
  signInCookie,
  startPortal,
  stopPortal,
  waitForUrl,
} from './lib/portal.mjs';

const BUDGET = { ratio: 0.5, p99Ms: 100 };
const options = parseArgs(process.argv.slice(2), {
  duration: 10,
  rounds: 3,
  connections: 100,
  threads: 2,
  list: 'offers,offers-customer,enquiries,companies,users,folders,notifications,articles',
  database: 'postgres://postgres@127.0.0.1:5432/reqpath_bench',
  rows: 88_000,
  refill: false,
  port: 4320,
  warmup: 3,
  profile: '',
});

const SUPPLIER = 'lieferant@demo.local';
const CUSTOMER = 'kunde@demo.local';
const ADMIN = 'admin@demo.local';
const PASSWORD = 'demo1234';

/** The portal's lists: who asks and what (the web app's first page of each list). */
const LISTS = {
  offers: [SUPPLIER, '/api/offer/filter?states=OPEN,DECLINED'],
  'offers-customer': [CUSTOMER, '/api/offer/filter?states=OPEN,DECLINED'],
  enquiries: [CUSTOMER, '/api/enquiry/filter'],
  companies: [ADMIN, '/api/company/all'],
  users: [ADMIN, '/api/user/all'],
  folders: [SUPPLIER, '/api/offer/businessdata/list'],
  notifications: [CUSTOMER, '/api/notification/'],
  articles: [ADMIN, '/api/article/filter'],
  session: [CUSTOMER, '/api/auth/session'],
};

/** drizzle's text of findOfferPage for a supplier, states OPEN and DECLINED, newest first, first page. */
const PAGE_SQL =
  'select "offers"."id", "offers"."lineage_id", "offers"."enquiry_id", "offers"."supplier_id", "offers"."customer_id", ' +
  '"offers"."state", "offers"."version", "offers"."released", "offers"."release_date", "offers"."invalidated", ' +
  '"offers"."archived", "offers"."customer_current", "offers"."offer_number", "offers"."reference_number", ' +
  '"offers"."price", "offers"."delivery_condition", "offers"."desired_delivery_date", "offers"."amount", ' +
  '"offers"."location", "offers"."additional_info", "offers"."additional_info_supplier", "offers"."rejection_reason", ' +
  '"offers"."rejection_reason_individual", "offers"."technical_spec", "offers"."lines_generation", ' +
  '"offers"."created_by", "offers"."created_at", "offers"."updated_at", "offers"."updated_by", ' +
  '"offer_customer"."name", "enquiries"."title" from "offers" ' +
  'inner join "companies" "offer_customer" on "offer_customer"."id" = "offers"."customer_id" ' +
  'inner join "enquiries" on "enquiries"."id" = "offers"."enquiry_id" ' +
  'where (("offers"."supplier_id" = $1 and "offers"."invalidated" = $2) and "offers"."state" in ($3, $4) ' +
  'and "offers"."archived" = $5) order by "offers"."created_at" desc, "offers"."id" desc limit $6';

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function serverUrlOf(url) {
  const server = new URL(url);
  server.pathname = '/postgres';
  return server.toString();
}

async function offerCount(url) {
  try {
    // The notifications are filled last: with them the fill was complete.
    const text =
      'select least((select count(*) from offers), (select count(*) * 100 from notifications)) as n';
    return await withClient(url, async (c) => Number((await c.query(text)).rows[0].n));
  } catch {
    return 0; // no database or not migrated yet
  }
}

/** Fills the database: the demo seed through the built server, then the offer volume in SQL. */
async function fill(url, dataDir) {
  const name = new URL(url).pathname.slice(1);
  await withClient(serverUrlOf(url), async (c) => {
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}"`);
  });
  const portal = startPortal({
    command: ['node', 'server/dist/main.js'],
    port: options.port + 2,
    dataDir,
    env: { DATABASE_URL: url, SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
  });
  try {
    await waitForUrl(portal, `http://127.0.0.1:${options.port + 2}/api/health`);
    const deadline = Date.now() + 120_000;
    for (;;) {
      try {
        await signInCookie(`http://127.0.0.1:${options.port + 2}`, SUPPLIER, PASSWORD);
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  } finally {
    await stopPortal(portal);
  }
  const started = performance.now();
  await withClient(url, async (c) => {
    const companyOf = async (email) =>
      (await c.query('select company_id from users where email = $1', [email])).rows[0].company_id;
    const bigCustomer = await companyOf(CUSTOMER);
    const bigSupplier = await companyOf(SUPPLIER);
    const customers = (
      await c.query(
        `insert into companies (name, type, city) select 'Kunde ' || i || ' GmbH', 'CUSTOMER', 'Köln'
         from generate_series(1, 24) i returning id`,
      )
    ).rows.map((r) => r.id);
    const others = (
      await c.query(
        `insert into companies (name, type, city) select 'Lieferant ' || i || ' GmbH', 'SUPPLIER', 'Essen'
         from generate_series(1, 29) i returning id`,
      )
    ).rows.map((r) => r.id);
    // As bench/lib/offer-data.mjs fillOffers: enquiry e belongs to the large customer for even e.
    await c.query(
      `insert into enquiries (customer_id, title, reference_number, delivery_condition, desired_delivery_date,
         amount, technical_spec, released, release_date, created_at, updated_at)
       select case when e % 2 = 0 then $1::uuid else ($2::uuid[])[1 + (e / 2) % 24] end,
         'Schaltschrank ' || e,
         ($3::text[])[1 + e % 6] || '-' || (2024 + (e / 6) % 3) || '-' || lpad(e::text, 5, '0'),
         'EXW', date '2027-01-01' + (e % 300), 1, '{}'::jsonb, true,
         now() - ((e * 4) || ' minutes')::interval, now() - ((e * 4 + 60) || ' minutes')::interval, now()
       from generate_series(1, $4::int) e`,
      [bigCustomer, `{${customers.join(',')}}`, '{MM,KS,AB,EL,RT,WS}', Math.ceil(options.rows / 4)],
    );
    await c.query(
      `with e as (select id, customer_id, reference_number, (row_number() over (order by created_at desc))::int as n
                  from enquiries where title ~ '^Schaltschrank [0-9]+$' and reference_number ~ '-[0-9]{5}$'),
       g0 as (select e.*, (e.n - 1) * 4 + k as g, k from e cross join generate_series(0, 3) k),
       g as (select g0.*, (g0.g * 13 + g0.g / 4) % 20 as s from g0)
       insert into offers (lineage_id, enquiry_id, supplier_id, customer_id, state, version, released,
         release_date, archived, customer_current, offer_number, reference_number, price, delivery_condition,
         desired_delivery_date, amount, technical_spec, created_at, updated_at)
       select gen_random_uuid(), g.id,
         case when g.k = 0 and g.n % 2 = 0 then $1::uuid else ($2::uuid[])[1 + (g.n + g.k * 6) % 29] end,
         g.customer_id,
         (case when g.s < 12 then 'OPEN' when g.s < 15 then 'DECLINED'
               when g.s < 17 then 'ACCEPTED' else 'CONFIRMED' end)::offer_state,
         case when g.g % 45 = 0 then 3 when g.g % 9 = 0 then 2 else 1 end,
         g.s >= 4, case when g.s >= 4 then now() - ((g.g * 3) || ' minutes')::interval end,
         g.s = 13, g.s >= 4,
         case when g.g % 7 <> 0 or g.s >= 4 then 'AN-' || (2024 + g.g % 3) || '-' || lpad(g.g::text, 6, '0') end,
         g.reference_number, 1000 + (g.g % 997) * 37.5, 'EXW', date '2027-02-01' + (g.g % 200), 1, '{}'::jsonb,
         now() - ((g.g * 3 + 30) || ' minutes')::interval, now()
       from g where g.g < $3::int and g.customer_id is not null`,
      [bigSupplier, `{${others.join(',')}}`, options.rows],
    );
    await c.query(
      // Lineages are the first version's id; the demo's own offers already point at one.
      'update offers set lineage_id = id where not exists (select 1 from offers o where o.id = offers.lineage_id)',
    );
    await c.query(
      `insert into offers (lineage_id, enquiry_id, supplier_id, customer_id, state, version, released,
         release_date, invalidated, customer_current, offer_number, reference_number, price, delivery_condition,
         desired_delivery_date, amount, technical_spec, created_at, updated_at)
       select o.lineage_id, o.enquiry_id, o.supplier_id, o.customer_id,
         (case when v % 2 = 1 then 'DECLINED' else 'OPEN' end)::offer_state, v, true,
         o.created_at - ((o.version - v) || ' days')::interval, true, not o.released and v = o.version - 1,
         o.offer_number, o.reference_number, o.price + 250 * (o.version - v), 'EXW',
         o.desired_delivery_date, 1, '{}'::jsonb, o.created_at - ((o.version - v) || ' days')::interval, now()
       from offers o join enquiries e on e.id = o.enquiry_id cross join generate_series(1, 2) v
       where o.version > v and e.title ~ '^Schaltschrank [0-9]+$' and e.reference_number ~ '-[0-9]{5}$'`,
    );
    await c.query(
      `insert into business_folders (lineage_id, file_count, last_update)
       select lineage_id, abs(hashtext(lineage_id::text)) % 12, max(updated_at) from offers group by lineage_id
       on conflict do nothing`,
    );
    await c.query(
      `insert into notifications (user_id, entity, action, text, link, read_at, created_at)
       select u.id, 'OFFER', 'update', 'Angebot AN-' || i || ' freigegeben', '/offer/' || i,
         case when i % 3 = 0 then now() end, now() - (i || ' minutes')::interval
       from users u cross join generate_series(1, 5000) i where u.email = $1`,
      [CUSTOMER],
    );
    for (const table of ['companies', 'enquiries', 'offers', 'business_folders', 'notifications']) {
      await c.query(`vacuum analyze ${table}`);
    }
  });
  return (performance.now() - started) / 1000;
}

/** A wrk lua script: the session cookie on every request and the figures as one JSON line at the end. */
function wrkScript(dir, name, cookie) {
  const file = path.join(dir, `${name}.lua`);
  writeFileSync(
    file,
    `${cookie ? `wrk.headers["Cookie"] = ${JSON.stringify(cookie)}\n` : ''}` +
      `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('RESULT {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"connect":%d,' ..
    '"read":%d,"write":%d,"status":%d,"timeout":%d}\\n', summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99), e.connect, e.read, e.write, e.status, e.timeout))
end
`,
  );
  return file;
}

function runWrk(url, script, seconds) {
  return new Promise((resolve, reject) => {
    const args = [
      `-t${options.threads}`,
      `-c${options.connections}`,
      `-d${seconds}s`,
      '--timeout',
      '5s',
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
      if (code !== 0 || !line) reject(new Error(`wrk ${url}: ${code}\n${out}`));
      else {
        const r = JSON.parse(line.slice(7));
        resolve({
          rps: r.requests / (r.durationUs / 1e6),
          p50: r.p50Us / 1000,
          p99: r.p99Us / 1000,
          errors: r.connect + r.read + r.write + r.status,
          timeouts: r.timeout,
        });
      }
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const load1 = () => os.loadavg()[0];

async function main() {
  const names = options.list.split(',').filter(Boolean);
  for (const name of names) if (!LISTS[name]) throw new Error(`Unbekannte Liste ${name}`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'reqpath-bench-'));
  const dataDir = path.join(work, 'data');
  mkdirSync(dataDir);
  const url = options.database;
  const handles = [];
  try {
    if (options.refill || (await offerCount(url)) < options.rows / 2) {
      console.log(`Fülle ${url} …`);
      console.log(`gefüllt in ${(await fill(url, dataDir)).toFixed(1)} s`);
    }
    const supplierId = await withClient(
      url,
      async (c) =>
        (await c.query('select company_id from users where email = $1', [SUPPLIER])).rows[0].company_id,
    );
    const [helloPort, pgPort, portalPort] = [options.port, options.port + 1, options.port + 2];
    const hello = startPortal({
      command: ['node', 'bench/lib/hello-server.mjs'],
      port: helloPort,
      cwd: root,
    });
    const pgPage = startPortal({
      command: ['node', 'bench/lib/pg-page-server.mjs'],
      port: pgPort,
      env: {
        DATABASE_URL: url,
        PAGE_SQL,
        PAGE_PARAMS: JSON.stringify([supplierId, false, 'OPEN', 'DECLINED', false, 10]),
      },
    });
    const profileDir = path.join(work, 'profile');
    const portal = startPortal({
      command: options.profile
        ? ['node', '--cpu-prof', `--cpu-prof-dir=${profileDir}`, 'server/dist/main.js']
        : ['node', 'server/dist/main.js'],
      port: portalPort,
      dataDir,
      env: { DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    });
    handles.push(hello, pgPage, portal);
    const base = `http://127.0.0.1:${portalPort}`;
    await waitForUrl(hello, `http://127.0.0.1:${helloPort}/hello`);
    await waitForUrl(pgPage, `http://127.0.0.1:${pgPort}/page`);
    await waitForUrl(portal, `${base}/api/health`);
    const cookies = {};
    for (const email of new Set(names.map((name) => LISTS[name][0]))) {
      cookies[email] = await signInCookie(base, email, PASSWORD);
    }
    const targets = [
      { name: 'hello (bare Fastify)', url: `http://127.0.0.1:${helloPort}/hello`, cookie: '' },
      { name: 'pg-page (bare Fastify + pg)', url: `http://127.0.0.1:${pgPort}/page`, cookie: '' },
      ...names.map((name) => ({
        name: `${name} ${LISTS[name][1]}`,
        url: `${base}${LISTS[name][1]}`,
        cookie: cookies[LISTS[name][0]],
      })),
    ];
    for (const [i, target] of targets.entries()) {
      target.script = wrkScript(work, `t${i}`, target.cookie);
      target.runs = [];
      const check = await fetch(target.url, { headers: target.cookie ? { cookie: target.cookie } : {} });
      if (!check.ok) throw new Error(`${target.url}: ${check.status} ${await check.text()}`);
    }
    if (options.profile) {
      const target = targets.find((t) => t.name.startsWith(`${options.profile} `));
      if (!target) throw new Error(`--profile: ${options.profile} steht nicht in --list`);
      await runWrk(target.url, target.script, options.warmup);
      const before = loadAverage();
      const result = await runWrk(target.url, target.script, options.duration);
      console.log(
        `${target.name}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms unter --cpu-prof; ` +
          `Last vorher ${before}, nachher ${loadAverage()}`,
      );
      await stopPortal(portal);
      printCpuProfiles(profileDir);
      return 0;
    }
    const loadBefore = loadAverage();
    console.log(
      `${options.connections} Verbindungen, ${options.threads} wrk-Threads, ${options.duration} s je Lauf, ` +
        `${options.rounds} Runden (verschränkt), PostgreSQL ${url}; Last vorher ${loadBefore}`,
    );
    for (const target of targets) await runWrk(target.url, target.script, options.warmup);
    for (let round = 0; round < options.rounds; round++) {
      for (const target of targets) {
        const before = load1();
        const result = await runWrk(target.url, target.script, options.duration);
        target.runs.push({ ...result, loadBefore: before, loadAfter: load1() });
      }
      console.log(`Runde ${round + 1}/${options.rounds} fertig, Last ${loadAverage()}`);
    }
    const summary = targets.map((t) => ({
      name: t.name,
      rps: median(t.runs.map((r) => r.rps)),
      p50: median(t.runs.map((r) => r.p50)),
      p99: median(t.runs.map((r) => r.p99)),
      p99max: Math.max(...t.runs.map((r) => r.p99)),
      errors: t.runs.reduce((n, r) => n + r.errors, 0),
      timeouts: t.runs.reduce((n, r) => n + r.timeouts, 0),
      loadBefore: median(t.runs.map((r) => r.loadBefore)),
      loadAfter: median(t.runs.map((r) => r.loadAfter)),
      rpsRuns: t.runs.map((r) => r.rps.toFixed(0)).join('/'),
    }));
    const reference = summary[1].rps;
    console.log(
      `\n${'Ziel'.padEnd(58)} ${'req/s'.padStart(7)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'p99 max'.padStart(8)} ` +
        `${'Fehl/Zeit'.padStart(9)} ${'× pg'.padStart(6)}  Last vor/nach  req/s je Runde`,
    );
    for (const [i, s] of summary.entries()) {
      const ratio = s.rps / reference;
      const within = ratio >= BUDGET.ratio && s.p99 <= BUDGET.p99Ms && s.errors + s.timeouts === 0;
      console.log(
        `${s.name.slice(0, 58).padEnd(58)} ${s.rps.toFixed(0).padStart(7)} ${s.p50.toFixed(1).padStart(5)} ms ` +
          `${s.p99.toFixed(1).padStart(5)} ms ${s.p99max.toFixed(1).padStart(5)} ms ` +
          `${`${s.errors}/${s.timeouts}`.padStart(9)} ${ratio.toFixed(2).padStart(5)}x  ` +
          `${s.loadBefore.toFixed(1).padStart(5)}/${s.loadAfter.toFixed(1).padEnd(5)}  ${s.rpsRuns}` +
          `${i >= 2 ? `  ${within ? 'ok' : 'ÜBER BUDGET'}` : ''}`,
      );
    }
    console.log(
      `\nMedian der Runden; Budget je Liste: ≥ ${BUDGET.ratio}x pg-page req/s, p99 ≤ ${BUDGET.p99Ms} ms, ` +
        `0 Fehler (auf einer ruhigen Maschine). Last vorher ${loadBefore}, nachher ${loadAverage()}; ` +
        `${os.cpus().length} Kerne.`,
    );
    return 0;
  } finally {
    await Promise.all(handles.map((h) => stopPortal(h)));
    rmSync(work, { recursive: true, force: true });
  }
}

process.exit(await main());
