// Cold start of `npm start` (ARCHITECTURE §7: <= 5 s to a rendered login page on an existing build, a restart
// <= 2 s).
//
//   node bench/cold-start.mjs [--runs 5] [--absent] [--direct] [--port 0] [--baseline <dir>]
//
// Measures from spawning `npm start` until the login page has RENDERED in headless Chromium: the process is
// polled until `GET /` answers 200 with the SPA's document, then /login is loaded in a fresh browser context
// (empty cache) until its h1 and password field are visible. Chromium itself is started once beforehand.
//   fresh    existing build, new DATA_DIR each run (migrations + demo seed included)
//   restart  existing build, the DATA_DIR of an earlier start (migrations already applied)
//   absent   (--absent, once) no build: `npm start` builds web and server first. Runs in a temporary
//            shadow of the repository (sources linked, dist/ empty) so the real build is never touched.
// --direct spawns `node scripts/start.mjs` instead of `npm start` (shows npm's own share).
// --baseline <dir>: another built checkout of the portal (e.g. the commit before a change), measured run by
//            run interleaved with this one under the same load; reported beside it with the ratio.
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { launchChromium, loadLoginPage } from './lib/browser.mjs';
import {
  freePort,
  hasBuild,
  loadAverage,
  parseArgs,
  root,
  startPortal,
  stats,
  stopPortal,
  waitForLoginPage,
} from './lib/portal.mjs';

const BUDGET_MS = 5000;
const RESTART_BUDGET_MS = 2000;
const options = parseArgs(process.argv.slice(2), {
  runs: 5,
  absent: false,
  direct: false,
  port: 0,
  baseline: '',
});
const command = options.direct ? ['node', 'scripts/start.mjs'] : ['npm', 'start'];
const temporaries = [];

function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaries.push(dir);
  return dir;
}

let browser;

/** Until nothing listens on `port` any more (the previous run's process may still be closing). */
async function waitForFreePort(port) {
  for (;;) {
    const inUse = await new Promise((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (!inUse) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One start: spawn, wait for the first served page and the rendered login, stop. Returns the timings in ms. */
async function measure(cwd, dataDir) {
  const port = options.port || (await freePort());
  await waitForFreePort(port);
  const handle = startPortal({ command, cwd, port, dataDir });
  try {
    const servedAt = await waitForLoginPage(handle, port);
    const { renderedAt } = await loadLoginPage(browser, `http://127.0.0.1:${port}`);
    return {
      rendered: renderedAt - handle.spawnedAt,
      firstPage: servedAt - handle.spawnedAt,
      listening: handle.listeningAt === undefined ? Number.NaN : handle.listeningAt - handle.spawnedAt,
      reported: handle.reportedStartMs ?? Number.NaN,
    };
  } finally {
    await stopPortal(handle);
  }
}

/**
 * A throw-away copy of the repository without dist/: top-level files of web/ and server/ are copied (vite
 * and build.mjs resolve their output from their own location), directories and node_modules are linked.
 */
function createShadowTree() {
  const shadow = tempDir('portal-cold-absent-');
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.base.json']) {
    copyFileSync(path.join(root, file), path.join(shadow, file));
  }
  cpSync(path.join(root, 'scripts'), path.join(shadow, 'scripts'), { recursive: true });
  for (const dir of ['node_modules', 'domain', 'e2e', 'bench']) {
    symlinkSync(path.join(root, dir), path.join(shadow, dir));
  }
  for (const workspace of ['web', 'server']) {
    mkdirSync(path.join(shadow, workspace));
    for (const entry of readdirSync(path.join(root, workspace))) {
      if (entry === 'dist') continue;
      const source = path.join(root, workspace, entry);
      const target = path.join(shadow, workspace, entry);
      if (statSync(source).isDirectory()) symlinkSync(source, target);
      else copyFileSync(source, target);
    }
  }
  return shadow;
}

function buildStamp() {
  return ['web/dist/index.html', 'server/dist/main.js']
    .map((file) => statSync(path.join(root, file)).mtimeMs)
    .join('/');
}

function line(label, values) {
  const s = stats(values);
  const ms = (value) => `${Math.round(value).toString().padStart(6)} ms`;
  return `${label.padEnd(34)} median ${ms(s.median)}   min ${ms(s.min)}   max ${ms(s.max)}   (n=${s.n})`;
}

async function main() {
  if (!hasBuild()) {
    console.error(
      'Kein Build vorhanden: zuerst `npm run build` (misst den Start auf einem vorhandenen Build).',
    );
    process.exit(2);
  }
  console.log(
    `Kaltstart von \`${command.join(' ')}\`, ${options.runs} Läufe je Fall (Last ${loadAverage()}) …`,
  );
  browser = await launchChromium();
  const baseline = options.baseline ? path.resolve(options.baseline) : undefined;
  if (baseline && !hasBuild(baseline)) {
    console.error(`Kein Build in ${baseline}.`);
    process.exit(2);
  }
  const fresh = [];
  const baseFresh = [];
  const firstDataDir = tempDir('portal-cold-');
  const baseDataDir = tempDir('portal-cold-base-');
  for (let i = 0; i < options.runs; i++) {
    if (baseline)
      baseFresh.push(await measure(baseline, i === 0 ? baseDataDir : tempDir('portal-cold-base-')));
    fresh.push(await measure(root, i === 0 ? firstDataDir : tempDir('portal-cold-')));
    process.stdout.write('.');
  }
  const restart = [];
  const baseRestart = [];
  for (let i = 0; i < options.runs; i++) {
    if (baseline) baseRestart.push(await measure(baseline, baseDataDir));
    restart.push(await measure(root, firstDataDir));
    process.stdout.write('.');
  }
  let absent;
  if (options.absent) {
    const before = buildStamp();
    absent = await measure(createShadowTree(), tempDir('portal-cold-'));
    if (buildStamp() !== before)
      console.warn('\nWARNUNG: der echte Build hat sich während der Messung geändert.');
  }
  console.log('\n');
  console.log(
    'Zeit vom Prozessstart bis zur gezeichneten Login-Seite (Chromium, Überschrift und Passwortfeld):',
  );
  console.log(
    line(
      'vorhandener Build, neues DATA_DIR',
      fresh.map((r) => r.rendered),
    ),
  );
  console.log(
    line(
      'vorhandener Build, Neustart',
      restart.map((r) => r.rendered),
    ),
  );
  if (absent) console.log(line('ohne Build (baut zuerst)', [absent.rendered]));
  if (baseline) {
    console.log(`\nVergleichsstand ${baseline}, abwechselnd gemessen:`);
    const ratio = (ours, theirs) =>
      (stats(ours.map((r) => r.rendered)).median / stats(theirs.map((r) => r.rendered)).median).toFixed(2);
    console.log(
      line(
        'Vergleich: neues DATA_DIR',
        baseFresh.map((r) => r.rendered),
      ),
    );
    console.log(
      line(
        'Vergleich: Neustart',
        baseRestart.map((r) => r.rendered),
      ),
    );
    console.log(
      `Verhältnis (Median dieser Stand / Vergleich): neues DATA_DIR ${ratio(fresh, baseFresh)}, Neustart ${ratio(restart, baseRestart)}`,
    );
  }
  console.log('\nDavon bis zur ersten ausgelieferten Seite (GET / -> 200, Login-HTML):');
  console.log(
    line(
      'vorhandener Build, neues DATA_DIR',
      fresh.map((r) => r.firstPage),
    ),
  );
  console.log(
    line(
      'vorhandener Build, Neustart',
      restart.map((r) => r.firstPage),
    ),
  );
  if (absent) console.log(line('ohne Build (baut zuerst)', [absent.firstPage]));
  console.log('\nDavon bis zur Meldung „läuft auf“ / vom Server selbst gemessene Startzeit:');
  console.log(
    line(
      'neues DATA_DIR: „läuft auf“',
      fresh.map((r) => r.listening),
    ),
  );
  console.log(
    line(
      'neues DATA_DIR: Server „Start in“',
      fresh.map((r) => r.reported),
    ),
  );
  console.log(
    line(
      'Neustart: „läuft auf“',
      restart.map((r) => r.listening),
    ),
  );
  console.log(
    line(
      'Neustart: Server „Start in“',
      restart.map((r) => r.reported),
    ),
  );

  console.log(`\nLast am Ende (1/5/15 min): ${loadAverage()}`);
  const freshOk = stats(fresh.map((r) => r.rendered)).median <= BUDGET_MS;
  const restartOk = stats(restart.map((r) => r.rendered)).median <= RESTART_BUDGET_MS;
  const verdict = (ok) => (ok ? 'eingehalten' : 'ÜBERSCHRITTEN');
  console.log(`\nBudget neues DATA_DIR ≤ ${BUDGET_MS} ms (Median): ${verdict(freshOk)}`);
  console.log(`Budget Neustart ≤ ${RESTART_BUDGET_MS} ms (Median): ${verdict(restartOk)}`);
  return freshOk && restartOk ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} finally {
  await browser?.close();
  for (const dir of temporaries) rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
