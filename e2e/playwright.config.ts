import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { e2eEnvironment } from './support/environment';

/**
 * e2e against the BUILT portal (`npm run build` first; `npm test` does that): one server process on a free
 * port with a fresh temporary DATA_DIR (PGlite + demo seed, mails as .eml under DATA_DIR/mail), driven by
 * Debian's Chromium. Run from the repo root: `npx playwright test --config e2e/playwright.config.ts`.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

for (const built of ['server/dist/main.js', 'web/dist/index.html']) {
  if (!existsSync(path.join(root, built)))
    throw new Error(`${built} fehlt: vor den e2e-Tests \`npm run build\` ausführen.`);
}

const env = await e2eEnvironment();

// `npm test` sets PLAYWRIGHT_JSON_OUTPUT_NAME and reads the counts from that file; an `outputFile` here
// would take precedence over it, so it is only given for manual runs (otherwise the JSON lands on stdout).
const jsonReporter: ReporterDescription = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
  ? ['json']
  : ['json', { outputFile: 'playwright-report/results.json' }];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: true,
  // 2 cores shared by the server, Chromium and the runner: two workers are stable, more only queue up.
  workers: 2,
  // No retries: a journey that fails once is a defect to find, not to repeat.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], jsonReporter],
  use: {
    baseURL: env.baseUrl,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node server/dist/main.js',
    cwd: root,
    url: `http://127.0.0.1:${env.port}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM lets the server close PGlite and release DATA_DIR/db.lock before the directory is removed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(env.port),
      HOST: '127.0.0.1',
      DATA_DIR: env.dataDir,
      LOG_LEVEL: 'warn',
    },
  },
});
