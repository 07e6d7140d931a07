// `npm test`: types, lint, module boundaries, unit, server route tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), build and e2e (ARCHITECTURE §6). Independent steps run side by side; each
// step's output is printed whole when it ends, so the log reads like a sequential run. Ends with one line
// "N passed, N failed" over every runner and the wall time.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true';
const reports = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
// The failed tests by name, printed again at the very end: a CI log is often read from its tail only.
const failures = [];
const timings = [];
const started = Date.now();
const bin = (file) => path.join(root, 'node_modules', file);

/** Runs one step with its output in a file; resolves to whether it passed. */
function step(title, command, args, options = {}) {
  const log = path.join(reports, `${title.replace(/[^a-z0-9]+/gi, '-')}.log`);
  const out = createWriteStream(log);
  const begin = Date.now();
  console.log(`▶ ${title}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', ...options.env },
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', (error) => out.write(`${error.message}\n`));
    child.on('close', (code) => {
      out.end(() => {
        timings.push([title, Date.now() - begin]);
        console.log(`\n=== ${title} ===`);
        process.stdout.write(readFileSync(log));
        // The step's test report is counted also when the step failed, so the closing line names the
        // failures; a failed step without a report (types, lint, build) counts as one failure.
        const failedBefore = totals.failed;
        if (options.count && existsSync(options.report)) options.count(options.report, title);
        if (code !== 0) {
          if (totals.failed === failedBefore) {
            totals.failed += 1;
            failures.push(`${title}: Schritt fehlgeschlagen (Exit-Code ${code})`);
          }
          console.error(`\n✗ ${title} fehlgeschlagen (Exit-Code ${code}).`);
        }
        resolve(code === 0);
      });
    });
  });
}

function countVitest(file, run) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    const relative = path.relative(root, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(`${run}: ${relative} › ${test.fullName}`);
    }
    // A file that fails before its tests run (import error, hook) has no failed test of its own.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
      failures.push(`${run}: ${relative} › ${file.message || 'Datei fehlgeschlagen'}`);
    }
  }
}

function countPlaywright(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.stats.expected + (report.stats.flaky ?? 0);
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      if (spec.ok === false) failures.push(`e2e: ${spec.file} › ${[...trail, spec.title].join(' › ')}`);
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}

/** A vitest run of one workspace on the given Node binary (the Node running this script by default). */
function vitest(title, workspace, name, env = {}, node = process.execPath) {
  const report = path.join(reports, `${name}.json`);
  const args = [
    bin('vitest/vitest.mjs'),
    'run',
    '--root',
    workspace,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  return step(title, node, args, { env, report, count: countVitest });
}

function finish() {
  console.log('\n=== Dauer je Schritt ===');
  for (const [title, ms] of timings) console.log(`${title.padEnd(44)} ${(ms / 1000).toFixed(1)} s`);
  console.log(`${'Gesamt (Wanduhr)'.padEnd(44)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  rmSync(reports, { recursive: true, force: true });
  if (failures.length > 0) {
    console.log('\n=== Fehlgeschlagen ===');
    for (const failure of failures) console.log(`✗ ${failure}`);
  }
  console.log(
    `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
  );
  process.exit(totals.failed > 0 ? 1 : 0);
}

/** Runs steps side by side; stops the run after the group when one failed. */
async function together(...steps) {
  const passed = await Promise.all(steps.map((run) => run()));
  if (passed.includes(false)) finish();
}

const missing = [];
if (!process.env.TEST_DATABASE_URL) missing.push('TEST_DATABASE_URL (PostgreSQL-Läufe)');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) missing.push(`Chromium unter ${chromium} (e2e)`);
if (ci && missing.length > 0) {
  console.error(`\n✗ CI=true, aber es fehlt: ${missing.join(', ')}. Diese Tests würden fehlen.`);
  process.exit(1);
}
for (const what of missing) console.warn(`\n!!! Es fehlt ${what}: dieser Teil wird ÜBERSPRUNGEN. !!!`);
console.log(`Node ${process.version}`);

// Cheap checks, unit tests and the build: independent of each other, about one core each.
await together(
  () => step('Typen (tsc -b)', process.execPath, [bin('typescript/bin/tsc'), '-b']),
  () => step('Lint (Biome)', process.execPath, [bin('@biomejs/biome/bin/biome'), 'check', '.']),
  () => step('Modulgrenzen (dependency-cruiser)', 'npm', ['run', '--silent', 'check:boundaries']),
  () => vitest('Unit: domain', 'domain', 'domain'),
  () => vitest('Unit: web', 'web', 'web'),
  () => step('Build (web + server)', 'npm', ['run', 'build']),
);

// The route tests side by side, each run one worker: on PGlite, on PostgreSQL, and on PostgreSQL once more
// under a second supported runtime (README "Laufzeit"; CI runs this script on Node 24 and names the
// machine's Node in SERVER_TESTS_SECOND_NODE). The PostgreSQL runs wait on the database much of their time,
// so the three together take little longer than the PGlite run alone.
const secondNode = process.env.SERVER_TESTS_SECOND_NODE;
await together(
  () => vitest('Server-Tests auf PGlite', 'server', 'server-pglite', { TEST_DATABASE_URL: '' }),
  ...(process.env.TEST_DATABASE_URL
    ? [() => vitest('Server-Tests auf PostgreSQL', 'server', 'server-postgres')]
    : []),
  ...(secondNode
    ? [
        () =>
          vitest(
            'Server-Tests unter der zweiten Node-Version',
            'server',
            'server-second-node',
            process.env.TEST_DATABASE_URL ? {} : { TEST_DATABASE_URL: '' },
            secondNode,
          ),
      ]
    : []),
);

// e2e alone: the browser, the server and the runner need the machine to themselves to be steady.
if (existsSync(chromium)) {
  const report = path.join(reports, 'e2e.json');
  await together(() =>
    step(
      'e2e (Playwright, Chromium)',
      process.execPath,
      [bin('@playwright/test/cli.js'), 'test', '--config', 'e2e/playwright.config.ts'],
      { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report }, report, count: countPlaywright },
    ),
  );
}

finish();
