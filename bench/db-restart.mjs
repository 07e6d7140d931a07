// Operation probe: two BUILT server processes on one empty PostgreSQL database, started at the same moment
// (migrations and demo seed under the advisory lock), then under load the database drops every connection
// of the portal five times (`pg_terminate_backend`), and with --restart the PostgreSQL server restarts once.
// Reported: whether both processes live, the answers by status (503 is the German "kurz nicht erreichbar",
// 500 must never appear), the time until each process answers 200 again after a drop, and any unhandled
// error the processes printed.
//
//   npm run build && node bench/db-restart.mjs [--workers 20] [--rounds 5] [--restart]
//                                              [--url postgres://postgres@127.0.0.1:5432/postgres]
//
// Loopback only; every loop is bounded by count and time.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  createBenchDatabase,
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
  workers: 20,
  rounds: 5,
  restart: false,
  url: 'postgres://postgres@127.0.0.1:5432/postgres',
});
if (!hasBuild()) throw new Error('Bitte zuerst `npm run build` ausführen.');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const database = await createBenchDatabase(options.url, 'portal_bench_restart');

const dataDirs = [];
const processes = [];
try {
  // Both at once on the empty database: the second waits for the first's migrations and seed.
  for (const label of ['A', 'B']) {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `portal-restart-${label}-`));
    dataDirs.push(dataDir);
    const handle = startPortal({
      command: ['node', 'server/dist/main.js'],
      port,
      dataDir,
      env: { DATABASE_URL: database.url, SEED_DEMO: 'true', PUBLIC_URL: `http://127.0.0.1:${port}` },
    });
    processes.push({ label, port, base: `http://127.0.0.1:${port}`, handle });
  }
  await Promise.all(processes.map((p) => waitForUrl(p.handle, `${p.base}/api/health`)));
  console.log('Beide Prozesse gestartet (gleichzeitig auf leerer Datenbank).');
  for (const p of processes) p.cookie = await signInCookie(p.base, 'lieferant@demo.local');

  const statuses = new Map();
  let stop = false;
  async function worker(index) {
    const p = processes[index % processes.length];
    const paths = [
      '/api/offer/filter?states=OPEN,DECLINED',
      '/api/enquiry/filter',
      '/api/notification/unread',
    ];
    for (let i = 0; !stop && i < 100_000; i++) {
      const url = `${p.base}${paths[i % paths.length]}`;
      let status;
      try {
        const response = await fetch(url, {
          headers: { cookie: p.cookie },
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        status = String(response.status);
      } catch (error) {
        status = `Netzwerkfehler (${error.name})`;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  }
  const load = Array.from({ length: options.workers }, (_, i) => worker(i));

  async function firstOk(p, since) {
    for (let i = 0; i < 600; i++) {
      try {
        const response = await fetch(`${p.base}/api/offer/filter?states=OPEN,DECLINED`, {
          headers: { cookie: p.cookie },
        });
        await response.arrayBuffer();
        if (response.status === 200) return performance.now() - since;
      } catch {
        // not yet
      }
      await sleep(50);
    }
    return Number.POSITIVE_INFINITY;
  }

  const recoveries = [];
  const killer = new pg.Client({ connectionString: database.url });
  await killer.connect();
  for (let round = 1; round <= options.rounds; round++) {
    await sleep(1000);
    const { rowCount } = await killer.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const since = performance.now();
    const times = await Promise.all(processes.map((p) => firstOk(p, since)));
    recoveries.push(...times);
    console.log(
      `Runde ${round}: ${rowCount} Verbindungen beendet, wieder 200 nach ${times.map((t) => `${t.toFixed(0)} ms`).join(' / ')}`,
    );
  }
  await killer.end();

  if (options.restart) {
    const cluster = execFileSync('ls', ['/etc/postgresql']).toString().trim();
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', cluster, 'main', 'restart']);
    const since = performance.now();
    const times = await Promise.all(processes.map((p) => firstOk(p, since)));
    recoveries.push(...times);
    console.log(
      `Neustart von PostgreSQL: wieder 200 nach ${times.map((t) => `${t.toFixed(0)} ms`).join(' / ')}`,
    );
  }

  stop = true;
  await Promise.all(load);

  const alive = processes.map(
    (p) =>
      `${p.label}: ${p.handle.child.exitCode === null ? 'läuft' : `beendet (${p.handle.child.exitCode})`}`,
  );
  const output = processes.map((p) => p.handle.output.join('')).join('\n');
  const unhandled = output.split('\n').filter((line) => /Unhandled|uncaught|'error' event|FATAL/i.test(line));
  console.log(`\nProzesse: ${alive.join(', ')}`);
  console.log(`Antworten: ${[...statuses].map(([status, count]) => `${status}: ${count}`).join(', ')}`);
  console.log(`Längste Erholung: ${Math.max(...recoveries).toFixed(0)} ms (Budget 5000 ms)`);
  console.log(`Unbehandelte Fehler in der Ausgabe: ${unhandled.length}`);
  for (const line of unhandled.slice(0, 10)) console.log(`  ${line}`);
  console.log(`Last: ${loadAverage()} (1/5/15 min), ${os.cpus().length} Kerne`);
  const failed =
    processes.some((p) => p.handle.child.exitCode !== null) ||
    statuses.has('500') ||
    unhandled.length > 0 ||
    Math.max(...recoveries) > 5000;
  process.exitCode = failed ? 1 : 0;
} finally {
  await Promise.all(processes.map((p) => stopPortal(p.handle)));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await database.drop();
}
