// A 200 MB file through the project folder (ARCHITECTURE §7: a 200 MB upload streamed with server
// RSS growth < 64 MB): upload (POST /api/offer/businessdata), download (GET /file) and ZIP (GET /zip), each
// with the server's RSS sampled every 50 ms from /proc/<pid>/status.
//
//   npm run build                              (the bench starts server/dist/main.js)
//   node bench/folder-upload.mjs [--mb 200] [--pg postgres://postgres@127.0.0.1:5432/postgres] [--skipPostgres]
//
// PGlite in a temporary DATA_DIR with the demo seed, then PostgreSQL in a dedicated database
// `portal_bench_folder_<pid>` (dropped at the end). The demo supplier uploads into the demo job's folder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
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
import { generatedSource, postMultipart, withRss } from './lib/upload.mjs';

const options = parseArgs(process.argv.slice(2), {
  mb: 200,
  pg: 'postgres://postgres@127.0.0.1:5432/postgres',
  skipPostgres: false,
});
if (!hasBuild()) throw new Error('server/dist fehlt: zuerst npm run build ausführen.');
const BUDGET_MB = 64;

/** Reads a GET response to its end without keeping it; resolves with the number of bytes. */
function drain(base, cookie, url) {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { cookie } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', () =>
          response.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${response.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

function report(label, measured, extra = '') {
  const growth = measured.peak - measured.before;
  console.log(
    `${label.padEnd(44)} RSS ${Math.round(measured.before)} → max ${Math.round(measured.peak)} MB, Zuwachs ` +
      `${Math.round(growth)} MB ${growth < BUDGET_MB ? 'ok' : 'ÜBER BUDGET'}${extra}`,
  );
  return growth < BUDGET_MB;
}

async function run(kind, env) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-folder-'));
  const port = await freePort();
  const portal = startPortal({
    command: ['node', 'server/dist/main.js'],
    port,
    dataDir,
    env: { ...env, SEED_DEMO: 'true' },
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForUrl(portal, `${base}/api/health`);
    const cookie = await signInCookie(base, 'lieferant@demo.local');
    const list = await (await fetch(`${base}/api/offer/businessdata/list`, { headers: { cookie } })).json();
    const job = list.content.find((row) => row.state === 'CONFIRMED');
    if (!job) throw new Error('Kein Demo-Auftrag mit Projektordner gefunden.');
    const pid = portal.child.pid;
    const size = options.mb * 1024 * 1024 - 1;
    const started = performance.now();
    const upload = await withRss(pid, () =>
      postMultipart(
        base,
        cookie,
        '/offer/businessdata/',
        { folderId: job.folderId },
        generatedSource('Messwerte-Montage.csv', size),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    let within = report(
      `${kind}: Upload ${options.mb} MB`,
      upload,
      ` (${seconds.toFixed(1)} s, ${Math.round(options.mb / seconds)} MB/s)`,
    );
    const item = upload.result;
    const query = `folderId=${job.folderId}&itemId=${item.id}`;
    const download = await withRss(pid, () => drain(base, cookie, `/api/offer/businessdata/file?${query}`));
    within =
      report(`${kind}: Download (GET /file)`, download, ` (${Math.round(download.result / 1048576)} MB)`) &&
      within;
    const zip = await withRss(pid, () =>
      drain(base, cookie, `/api/offer/businessdata/zip?folderId=${job.folderId}&itemIds=${item.id}`),
    );
    within = report(`${kind}: ZIP (GET /zip)`, zip, ` (${Math.round(zip.result / 1048576)} MB)`) && within;
    return within;
  } finally {
    await stopPortal(portal);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Projektordner, ${options.mb} MB je Datei; Last ${loadAverage()}`);
let within = await run('PGlite', {});
if (!options.skipPostgres) {
  const name = `portal_bench_folder_${process.pid}`;
  const admin = new URL(options.pg);
  execFileSync('psql', [options.pg, '-qc', `create database ${name}`]);
  try {
    admin.pathname = `/${name}`;
    within = (await run('PostgreSQL', { DATABASE_URL: admin.toString() })) && within;
  } finally {
    execFileSync('psql', [options.pg, '-qc', `drop database if exists ${name} with (force)`]);
  }
}
console.log(`Budget: RSS-Zuwachs < ${BUDGET_MB} MB.`);
process.exit(within ? 0 : 1);
