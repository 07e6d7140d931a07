// Starting, probing and stopping a portal process for the benchmarks. Loopback only.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Settings of the caller's shell that would point the portal away from its embedded default. */
const FOREIGN_SETTINGS = [
  'DATABASE_URL',
  'SEED_DEMO',
  'SMTP_URL',
  'S3_BUCKET',
  'PUBLIC_URL',
  'PORT',
  'DATA_DIR',
];

export function hasBuild(dir = root) {
  return (
    existsSync(path.join(dir, 'server/dist/main.js')) && existsSync(path.join(dir, 'web/dist/index.html'))
  );
}

export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Spawns `command` (default `npm start`) in its own process group so that npm, its shell and node can be
 * stopped together. Returns the child, the spawn time and the moments of interesting output lines.
 */
export function startPortal({ command = ['npm', 'start'], cwd = root, port, dataDir, env = {} }) {
  const childEnv = { ...process.env };
  for (const name of FOREIGN_SETTINGS) delete childEnv[name];
  Object.assign(childEnv, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }, env);
  const spawnedAt = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const handle = { child, spawnedAt, listeningAt: undefined, reportedStartMs: undefined, output: [] };
  const onData = (chunk) => {
    const text = chunk.toString();
    handle.output.push(text);
    const match = /läuft auf .*Start in (\d+) ms/.exec(text);
    if (match && handle.listeningAt === undefined) {
      handle.listeningAt = performance.now();
      handle.reportedStartMs = Number(match[1]);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  handle.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return handle;
}

/**
 * Polls `url` until `accept(response, body)` holds and returns that moment. Fails when the process exits
 * first or the timeout passes.
 */
/** The end of a process's output, for error messages (a failed query can print megabytes). */
function outputTail(handle, chars = 2000) {
  const text = handle.output.join('');
  return text.length > chars ? `…${text.slice(-chars)}` : text;
}

export async function waitForUrl(handle, url, accept = (response) => response.ok, timeoutMs = 300_000) {
  const deadline = performance.now() + timeoutMs;
  let exited = false;
  handle.exited.then(() => {
    exited = true;
  });
  while (performance.now() < deadline) {
    if (exited) throw new Error(`Prozess beendet, bevor ${url} antwortete:\n${outputTail(handle)}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      const body = await response.text();
      if (accept(response, body)) return performance.now();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} antwortete nicht binnen ${timeoutMs} ms:\n${outputTail(handle)}`);
}

/** The first served page: `GET /` answered 200 with the SPA's document (which renders the login). */
export function waitForLoginPage(handle, port) {
  return waitForUrl(
    handle,
    `http://127.0.0.1:${port}/`,
    (response, body) => response.status === 200 && body.includes('<div id="root">'),
  );
}

/** SIGTERM to the whole group (graceful: PGlite closed, lock released), SIGKILL after 15 s. */
export async function stopPortal(handle) {
  if (handle.child.exitCode !== null || handle.child.signalCode !== null) return;
  const signalGroup = (signal) => {
    try {
      process.kill(-handle.child.pid, signal);
    } catch {
      // already gone
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), 15_000);
  await handle.exited;
  clearTimeout(timer);
}

export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
}

export function parseArgs(argv, defaults) {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (!(name in defaults)) throw new Error(`Unbekannte Option ${argv[i]}`);
    if (typeof defaults[name] === 'boolean') options[name] = true;
    else if (typeof defaults[name] === 'number') options[name] = Number(argv[++i]);
    else options[name] = argv[++i];
  }
  return options;
}

/** The 1/5/15-minute load average: other work on the 2 cores shifts every figure. */
export function loadAverage() {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
}

/** Signs in through the API of a running portal and returns its session cookie (for `cookie:` headers). */
export async function signInCookie(base, email, password = 'demo1234') {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Anmeldung von ${email} fehlgeschlagen: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * A fresh, empty PostgreSQL database beside the one of `serverUrl` (loopback), named `prefix_<time>`.
 * Returns its address and `drop()`, which removes it again also while connections are open.
 */
export async function createBenchDatabase(serverUrl, prefix) {
  const name = `${prefix}_${Date.now()}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}
