// `npm test`: types, lint, unit, server route tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// build and e2e (ARCHITECTURE §6). Ends with one line "N passed, N failed" over every runner.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true';
const reports = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];

function run(title, command, args, options = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...options.env },
  });
  timings.push([title, Date.now() - started]);
  // The step's test report is counted also when the step failed, so the closing line names the failures;
  // a failed step without a report (types, lint, build) counts as one failure.
  const failedBefore = totals.failed;
  if (options.count && existsSync(options.report)) options.count(options.report);
  if (result.status !== 0) {
    if (totals.failed === failedBefore) totals.failed += 1;
    console.error(`\n✗ ${title} fehlgeschlagen (Exit-Code ${result.status}).`);
    finish(1);
  }
}

function countVitest(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

function vitest(title, workspace, name, env = {}) {
  const output = path.join(reports, `${name}.json`);
  run(
    title,
    'npx',
    [
      'vitest',
      'run',
      '--root',
      workspace,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
    ],
    { env, report: output, count: countVitest },
  );
}

function countPlaywright(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.stats.expected + (report.stats.flaky ?? 0);
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
}

function finish(code) {
  console.log('\n=== Dauer je Schritt ===');
  for (const [title, ms] of timings) console.log(`${title.padEnd(44)} ${(ms / 1000).toFixed(1)} s`);
  rmSync(reports, { recursive: true, force: true });
  console.log(
    `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
  );
  process.exit(code);
}

run('Typen (tsc)', 'npx', ['tsc', '-p', 'domain'], {});
run('Typen server', 'npx', ['tsc', '-p', 'server'], {});
run('Typen web', 'npx', ['tsc', '-p', 'web'], {});
run('Typen e2e', 'npx', ['tsc', '-p', 'e2e'], {});
run('Lint (Biome)', 'npx', ['biome', 'check', '.'], {});
vitest('Unit: domain', 'domain', 'domain');
vitest('Unit: web', 'web', 'web');
vitest('Server-Tests auf PGlite', 'server', 'server-pglite', { TEST_DATABASE_URL: '' });

if (process.env.TEST_DATABASE_URL) {
  vitest('Server-Tests auf PostgreSQL', 'server', 'server-postgres');
} else if (ci) {
  console.error('\n✗ CI=true, aber TEST_DATABASE_URL ist nicht gesetzt: die PostgreSQL-Tests würden fehlen.');
  finish(1);
} else {
  console.warn(
    '\n!!! TEST_DATABASE_URL ist nicht gesetzt: Server-Tests auf PostgreSQL werden ÜBERSPRUNGEN. !!!',
  );
}

// A second supported runtime (ARCHITECTURE §3): the server route tests again under the Node of NODE24_BIN
// (.ci/run unpacks Node 24 LTS into a cache). Vitest's workers run on the Node that starts it.
if (process.env.NODE24_BIN) {
  const vitestCli = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const output = path.join(reports, 'server-node24.json');
  run(
    'Server-Tests auf PGlite unter Node 24',
    process.env.NODE24_BIN,
    [
      vitestCli,
      'run',
      '--root',
      'server',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
    ],
    { env: { TEST_DATABASE_URL: '' }, report: output, count: countVitest },
  );
} else if (ci) {
  console.error('\n✗ CI=true, aber NODE24_BIN ist nicht gesetzt: der Lauf unter Node 24 würde fehlen.');
  finish(1);
}

run('Build (web + server)', 'npm', ['run', 'build'], {});

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  const output = path.join(reports, 'e2e.json');
  run('e2e (Playwright, Chromium)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: output },
    report: output,
    count: countPlaywright,
  });
} else if (ci) {
  console.error(`\n✗ CI=true, aber kein Chromium unter ${chromium}: die e2e-Tests würden fehlen.`);
  finish(1);
} else {
  console.warn(
    `\n!!! Kein Chromium unter ${chromium}: e2e-Tests werden ÜBERSPRUNGEN (apt-get install chromium). !!!`,
  );
}

finish(totals.failed > 0 ? 1 : 0);
