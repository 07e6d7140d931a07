// Load test of API endpoints against a hello-world Fastify route (ARCHITECTURE §7: a list endpoint at
// 100 connections answers with p99 <= 50 ms, 0 errors and >= 0.2x the hello-world req/s).
//
//   node bench/api-list.mjs [--connections 100] [--amount 20000] [--user admin@demo.local]
//                           [--list '/api/company/all?page=1&size=10,/api/user/all?page=1&size=10']
//                           [--database postgres://postgres@127.0.0.1:5432/bench]
//
// Starts the BUILT server (`npm run build` first) on a fresh temporary DATA_DIR (embedded PGlite, demo
// seed; with --database on that PostgreSQL, demo seed included) and a bare Fastify, both on 127.0.0.1 only, and sends a bounded number of requests to each:
// hello-world, GET /api/health, the signed-in GET /api/auth/session and every --list path (signed in).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
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

const BUDGET = { p99Ms: 50, ratio: 0.2 };
const options = parseArgs(process.argv.slice(2), {
  connections: 100,
  amount: 20_000,
  warmup: 2_000,
  user: 'admin@demo.local',
  password: 'demo1234',
  list: '',
  database: '',
});

async function load(url, headers = {}) {
  await autocannon({ url, headers, connections: options.connections, amount: options.warmup });
  const result = await autocannon({ url, headers, connections: options.connections, amount: options.amount });
  const failed = result.errors + result.non2xx; // `errors` includes the timeouts
  if (failed > 0) {
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([status, { count }]) => `${status}: ${count}`)
      .join(', ');
    console.log(
      `  ${url}: ${result.errors} Fehler (davon ${result.timeouts} Zeitüberschreitungen), ${result.non2xx} nicht-2xx [${statuses}]`,
    );
  }
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.total / result.duration,
    requests: result.requests.total,
    failed,
  };
}

function row(label, r, hello) {
  const ratio = hello ? r.rps / hello.rps : 1;
  const cells = [
    label.padEnd(50),
    `${r.p50.toFixed(0).padStart(5)} ms`,
    `${r.p99.toFixed(0).padStart(5)} ms`,
    `${r.rps.toFixed(0).padStart(7)}`,
    `${ratio.toFixed(2).padStart(6)}x`,
    `${String(r.failed).padStart(6)}`,
  ];
  const within = r.p99 <= BUDGET.p99Ms && r.failed === 0 && ratio >= BUDGET.ratio;
  return `${cells.join('  ')}  ${hello ? (within ? 'ok' : 'ÜBER BUDGET') : ''}`;
}

async function main() {
  if (!hasBuild()) {
    console.error('Kein Build vorhanden: zuerst `npm run build`.');
    return 2;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const helloPort = await freePort();
  const portalPort = await freePort();
  const hello = startPortal({ command: ['node', 'bench/lib/hello-server.mjs'], port: helloPort });
  const database = options.database ? { DATABASE_URL: options.database, SEED_DEMO: 'true' } : {};
  const portal = startPortal({
    command: ['node', 'server/dist/main.js'],
    port: portalPort,
    dataDir,
    env: database,
  });
  try {
    const base = `http://127.0.0.1:${portalPort}`;
    await waitForUrl(hello, `http://127.0.0.1:${helloPort}/hello`);
    await waitForUrl(portal, `${base}/api/health`);
    const cookie = await signInCookie(base, options.user, options.password);

    console.log(
      `${options.connections} Verbindungen, ${options.amount} Anfragen je Ziel (+${options.warmup} Aufwärmen), ` +
        `${options.database ? 'PostgreSQL' : 'PGlite'}, Last ${loadAverage()}`,
    );
    console.log(
      `${'Ziel'.padEnd(50)}  ${'p50'.padStart(8)}  ${'p99'.padStart(8)}  ${'req/s'.padStart(7)}  ` +
        `${'× hello'.padStart(7)}  Fehler`,
    );
    const reference = await load(`http://127.0.0.1:${helloPort}/hello`);
    console.log(row('hello-world (Fastify, GET /hello)', reference));
    const targets = [
      ['GET /api/health (prüft die Datenbank)', '/api/health', {}],
      [`GET /api/auth/session (${options.user})`, '/api/auth/session', { cookie }],
      ...options.list
        .split(',')
        .filter(Boolean)
        .map((listPath) => [`GET ${listPath}`, listPath, { cookie }]),
    ];
    for (const [label, targetPath, headers] of targets) {
      console.log(row(label, await load(`${base}${targetPath}`, headers), reference));
    }
    console.log(
      `\nBudget je Ziel: p99 ≤ ${BUDGET.p99Ms} ms, 0 Fehler, ≥ ${BUDGET.ratio}x hello-world req/s.`,
    );
    console.log(`Last am Ende (1/5/15 min): ${loadAverage()}`);
    return 0;
  } finally {
    await Promise.all([stopPortal(hello), stopPortal(portal)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit(await main());
