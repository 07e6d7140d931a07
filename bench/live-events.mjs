// Live events (ARCHITECTURE §7: a message reaches its recipient <= 200 ms p95 across two server
// processes; an idle stream costs no query) and the unread counts of a user with 10,000 notifications
// (<= 10 ms).
//
//   npm run build && node --import tsx bench/live-events.mjs [--streams 1000] [--messages 200]
//                                   [--url postgres://postgres@127.0.0.1:5432/postgres] [--idle 20]
//
// Starts TWO built server processes (`node server/dist/main.js`) on one fresh PostgreSQL database. Process A
// holds the event streams: `--streams` of them, of 200 customer users in 100 companies (a user with several
// tabs), plus the recipient's own stream. Process B takes the supplier's messages (multipart send). Measured:
//   memory   RSS of process A before and after the streams are open (per stream), each after a full GC
//   idle     transactions of the database in `--idle` seconds with no streams, and with all streams open
//            (pg-boss's own polling makes the baseline; the streams should add nothing)
//   delivery from the start of the send request on B to the `message` event on the recipient's stream on A
//   unread   GET /api/notification/unread and /api/conversation/message/unread for a user with 10,000
//            notifications (2,000 unread) among 100,000 of other users, on process A, one at a time
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../server/src/db/client.ts';
import { openEventStream } from '../server/src/events/testing/sse-client.ts';
import { multipartForm } from '../server/src/files/testing/multipart-form.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../server/src/test/factories.ts';
import { percentile } from './lib/offer-data.mjs';
import {
  freePort,
  hasBuild,
  loadAverage,
  parseArgs,
  signInCookie,
  startPortal,
  stopPortal,
  waitForUrl,
} from './lib/portal.mjs';

const options = parseArgs(process.argv.slice(2), {
  streams: 1000,
  messages: 200,
  idle: 20,
  url: 'postgres://postgres@127.0.0.1:5432/postgres',
});
if (!hasBuild()) throw new Error('Bitte zuerst `npm run build` ausführen.');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** RSS after a full garbage collection in the process (bench/lib/gc-on-signal.cjs). */
async function rssMb(pid) {
  process.kill(pid, 'SIGUSR2');
  await sleep(1000);
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}

const name = `portal_bench_live_${Date.now()}`;
const admin = new pg.Client({ connectionString: options.url });
await admin.connect();
await admin.query(`create database "${name}"`);
const dbUrl = new URL(options.url);
dbUrl.pathname = `/${name}`;
const temporaries = [];
const processes = [];

async function start(label) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `portal-bench-live-${label}-`));
  temporaries.push(dataDir);
  const handle = startPortal({
    command: ['node', '--expose-gc', '--require', './bench/lib/gc-on-signal.cjs', 'server/dist/main.js'],
    port,
    dataDir,
    env: { DATABASE_URL: dbUrl.toString(), SEED_DEMO: 'false', PUBLIC_URL: `http://127.0.0.1:${port}` },
  });
  processes.push(handle);
  await waitForUrl(handle, `http://127.0.0.1:${port}/api/health`);
  return { handle, base: `http://127.0.0.1:${port}`, pid: handle.child.pid };
}

async function call(base, cookie, method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      cookie,
      origin: base,
      ...(body && !(body instanceof Buffer) ? { 'content-type': 'application/json' } : {}),
    },
    body: body && !(body instanceof Buffer) ? JSON.stringify(body) : body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

try {
  const a = await start('a');
  const b = await start('b');
  const database = await openPostgres(dbUrl.toString(), { max: 4 });
  const { db } = database;
  const sql = (text, values) => database.executeSql(text, values);

  // One customer with an enquiry addressed to one supplier; the supplier starts the chat.
  const customerCompany = await createCompany(db, { type: 'CUSTOMER', name: 'Kunde Empfänger GmbH' });
  const customer = await createUser(db, { companyId: customerCompany.id });
  const supplierCompany = await createCompany(db, { type: 'SUPPLIER', name: 'Lieferant Sender GmbH' });
  const supplier = await createUser(db, { companyId: supplierCompany.id });
  const [{ id: enquiryId }] = (
    await sql(
      `insert into enquiries (customer_id, title, technical_spec, released, release_date, recipients_mode)
       values ($1, 'Bench Live', '{}'::jsonb, true, now(), 'ALL') returning id`,
      [customerCompany.id],
    )
  ).rows;
  const supplierCookie = await signInCookie(b.base, supplier.email, TEST_PASSWORD);
  const customerCookie = await signInCookie(a.base, customer.email, TEST_PASSWORD);
  const conversation = await call(b.base, supplierCookie, 'POST', '/api/conversation/', { enquiryId });

  // Other users who only hold streams: 200 users in 100 companies.
  const cookies = [];
  for (let c = 0; c < 100; c++) {
    const company = await createCompany(db, { type: c % 2 ? 'SUPPLIER' : 'CUSTOMER' });
    for (let u = 0; u < 2; u++) {
      const user = await createUser(db, { companyId: company.id });
      cookies.push(await signInCookie(a.base, user.email, TEST_PASSWORD));
    }
  }

  // PostgreSQL reports a backend's counts up to 10 s late: let the sign-ins' counts arrive first.
  await sleep(15_000);
  const idleQueries = async () => {
    const read = async () =>
      Number(
        (
          await admin.query(
            'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
            [name],
          )
        ).rows[0].n,
      );
    const before = await read();
    await sleep(options.idle * 1000);
    return (await read()) - before;
  };
  const idleWithout = await idleQueries();
  // The hub starts with the first stream: open and close one, so the baseline holds the hub and its code.
  (await openEventStream(a.base, cookies[0])).close();
  const rssBefore = await rssMb(a.pid);

  const streams = [];
  for (let i = 0; i < options.streams; i++) {
    streams.push(await openEventStream(a.base, cookies[i % cookies.length]));
  }
  const recipient = await openEventStream(a.base, customerCookie);
  await recipient.next((event) => event.event === 'ready');
  const rssAfter = await rssMb(a.pid);
  await sleep(15_000);
  const idleWith = await idleQueries();

  // Delivery: send on B, receive on A.
  const latencies = [];
  for (let i = 0; i < options.messages; i++) {
    const form = multipartForm([
      { name: 'conversationId', value: conversation.id },
      { name: 'content', value: `Nachricht ${i}` },
    ]);
    const started = performance.now();
    const response = await fetch(`${b.base}/api/conversation/message/send`, {
      method: 'POST',
      headers: { cookie: supplierCookie, origin: b.base, ...form.headers },
      body: form.payload,
    });
    const sent = await response.json();
    await recipient.next((event) => event.event === 'message' && event.data.messageId === sent.id, 5000);
    latencies.push(performance.now() - started);
    await sleep(20);
  }
  latencies.sort((x, y) => x - y);

  // Unread counts at 10,000 notifications of the recipient (2,000 unread) among 100,000 of others.
  await sql(
    `insert into notifications (user_id, entity, action, text, link, read_at, created_at)
     select $1, 'OFFER', 'update', 'Bench ' || i, '/offer', case when i % 5 = 0 then null else now() end,
       now() - (i || ' seconds')::interval
     from generate_series(1, 10000) i`,
    [customer.id],
  );
  const others = (await sql(`select id from users where id <> $1 limit 100`, [customer.id])).rows.map(
    (r) => r.id,
  );
  await sql(
    `insert into notifications (user_id, entity, action, text, read_at)
     select ($1::uuid[])[1 + i % array_length($1::uuid[], 1)], 'ENQUIRY', 'create', 'Andere ' || i,
       case when i % 3 = 0 then null else now() end
     from generate_series(1, 100000) i`,
    [`{${others.join(',')}}`],
  );
  await sql('vacuum analyze notifications');
  const timeCalls = async (url) => {
    const times = [];
    for (let i = 0; i < 220; i++) {
      const started = performance.now();
      await call(a.base, customerCookie, 'GET', url);
      if (i >= 20) times.push(performance.now() - started);
    }
    return times.sort((x, y) => x - y);
  };
  const unreadNotifications = await timeCalls('/api/notification/unread');
  const unreadMessages = await timeCalls('/api/conversation/message/unread');
  const count = await call(a.base, customerCookie, 'GET', '/api/notification/unread');
  const plan = (
    await sql(
      `explain (analyze, format json) select count(*) from notifications where user_id = $1 and read_at is null`,
      [customer.id],
    )
  ).rows[0]['QUERY PLAN'][0];

  for (const stream of [...streams, recipient]) stream.close();
  await database.close();

  const fmt = (value) => value.toFixed(1);
  console.log(
    `Rechner: ${os.cpus().length} Kerne, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Last ${loadAverage()}`,
  );
  console.log(`Streams auf Prozess A: ${streams.length + 1} (200 Nutzer in 100 Firmen + Empfänger)`);
  console.log(
    `RSS A: vorher ${fmt(rssBefore)} MB, nachher ${fmt(rssAfter)} MB -> ${fmt(((rssAfter - rssBefore) * 1024) / (streams.length + 1))} KB je Stream`,
  );
  console.log(
    `Transaktionen in ${options.idle} s Leerlauf: ohne Streams ${idleWithout}, mit allen Streams ${idleWith}`,
  );
  console.log(
    `Zustellung B -> A (${latencies.length} Nachrichten): p50 ${fmt(percentile(latencies, 50))} ms, p95 ${fmt(percentile(latencies, 95))} ms, p99 ${fmt(percentile(latencies, 99))} ms, max ${fmt(latencies.at(-1))} ms (Budget p95 200 ms)`,
  );
  console.log(
    `GET /api/notification/unread (${count.count} ungelesen von 10.000): p50 ${fmt(percentile(unreadNotifications, 50))} ms, p95 ${fmt(percentile(unreadNotifications, 95))} ms (Budget 10 ms); Abfrage in der Datenbank ${plan['Execution Time'].toFixed(2)} ms`,
  );
  console.log(
    `GET /api/conversation/message/unread: p50 ${fmt(percentile(unreadMessages, 50))} ms, p95 ${fmt(percentile(unreadMessages, 95))} ms`,
  );
} finally {
  for (const handle of processes) await stopPortal(handle);
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
  for (const dir of temporaries) rmSync(dir, { recursive: true, force: true });
}
