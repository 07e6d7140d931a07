// A business list under many connections on the embedded database (ARCHITECTURE §7: PGlite, 20
// connections, no timeouts; overload answered 503 quickly): starts the built portal on a fresh DATA_DIR with
// the demo seed, signs in the demo supplier and runs wrk (a separate process) against the supplier's offer
// list with the session cookie. Prints wrk's report (latency distribution, timeouts, non-2xx answers) and
// the load average.
//
//   npm run build
//   node bench/business-list-wrk.mjs [--connections 20] [--duration 20] [--threads 2] [--timeout 2]
//                                    [--server server/dist/main.js] [--port 0]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  loadAverage,
  parseArgs,
  signInCookie,
  startPortal,
  stopPortal,
  waitForUrl,
} from './lib/portal.mjs';

const options = parseArgs(process.argv.slice(2), {
  connections: 20,
  duration: 20,
  threads: 2,
  timeout: 2,
  server: 'server/dist/main.js',
  port: 0,
});
const LIST = '/api/offer/filter?states=OPEN,DECLINED';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-wrk-'));
const port = options.port || (await freePort());
const portal = startPortal({ command: ['node', options.server], port, dataDir, env: { SEED_DEMO: 'true' } });
try {
  const base = `http://127.0.0.1:${port}`;
  await waitForUrl(portal, `${base}/api/health`);
  const cookie = await signInCookie(base, 'lieferant@demo.local');
  const check = await fetch(`${base}${LIST}`, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`${LIST} antwortete ${check.status}`);
  const script = path.join(dataDir, 'cookie.lua');
  writeFileSync(script, `wrk.headers["cookie"] = ${JSON.stringify(cookie)}\n`);
  console.log(`Last vorher: ${loadAverage()}`);
  const wrk = spawnSync(
    '/usr/bin/wrk',
    [
      `-t${options.threads}`,
      `-c${options.connections}`,
      `-d${options.duration}s`,
      `--timeout`,
      `${options.timeout}s`,
      '--latency',
      '-s',
      script,
      `${base}${LIST}`,
    ],
    { encoding: 'utf8' },
  );
  console.log(wrk.stdout, wrk.stderr);
  console.log(`Last nachher: ${loadAverage()}`);
} finally {
  await stopPortal(portal);
  rmSync(dataDir, { recursive: true, force: true });
}
