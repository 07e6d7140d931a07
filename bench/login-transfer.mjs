// What the login page costs on the wire (ARCHITECTURE §7: <= 200 KB of JavaScript transferred).
//
//   node bench/login-transfer.mjs [--runs 3] [--port 0]
//
// Starts the BUILT server (`npm run build` first; node server/dist/main.js, own temporary DATA_DIR), loads
// /login in a fresh headless Chromium context (empty cache) until the login form has rendered, and sums per
// resource type the bytes that crossed the wire (encoded body, as sent) and the decoded size, with the
// Content-Encoding the server chose for the browser's own Accept-Encoding.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium, loadLoginPage } from './lib/browser.mjs';
import {
  freePort,
  hasBuild,
  loadAverage,
  parseArgs,
  startPortal,
  stopPortal,
  waitForUrl,
} from './lib/portal.mjs';

const BUDGET_JS_BYTES = 200 * 1024;
const options = parseArgs(process.argv.slice(2), { runs: 3, port: 0 });

/** One load of /login: per resource type, encoded (on the wire) and decoded bytes, and the encodings seen. */
async function measureLoad(browser, base) {
  const pending = [];
  await loadLoginPage(browser, base, {
    onResponse: (response) => {
      pending.push(
        (async () => {
          const request = response.request();
          const sizes = await request.sizes();
          const body = await response.body().catch(() => Buffer.alloc(0));
          return {
            url: response.url(),
            type: request.resourceType(),
            encoded: sizes.responseBodySize,
            decoded: body.length,
            encoding: (await response.headerValue('content-encoding')) ?? 'identity',
            acceptEncoding: (await request.headerValue('accept-encoding')) ?? '',
          };
        })(),
      );
    },
  });
  return Promise.all(pending);
}

function summarize(resources) {
  const byType = new Map();
  for (const resource of resources) {
    const entry = byType.get(resource.type) ?? { count: 0, encoded: 0, decoded: 0, encodings: new Set() };
    entry.count += 1;
    entry.encoded += resource.encoded;
    entry.decoded += resource.decoded;
    entry.encodings.add(resource.encoding);
    byType.set(resource.type, entry);
  }
  return byType;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;

async function main() {
  if (!hasBuild()) {
    console.error('Kein Build vorhanden: zuerst `npm run build`.');
    return 2;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-login-transfer-'));
  const port = options.port || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const handle = startPortal({ command: ['node', 'server/dist/main.js'], port, dataDir });
  const browser = await launchChromium();
  try {
    await waitForUrl(handle, `${base}/api/health`);
    console.log(`Login-Seite ${base}/login, ${options.runs} Läufe mit leerem Cache (Last ${loadAverage()})`);
    let scriptBytes = [];
    for (let run = 0; run < options.runs; run++) {
      const resources = await measureLoad(browser, base);
      const byType = summarize(resources);
      const scripts = resources.filter((resource) => resource.type === 'script');
      scriptBytes.push(scripts.reduce((sum, resource) => sum + resource.encoded, 0));
      if (run === 0) {
        console.log(`Accept-Encoding des Browsers: ${scripts[0]?.acceptEncoding ?? '-'}`);
        for (const resource of scripts.sort((a, b) => b.encoded - a.encoded)) {
          console.log(
            `  ${path.basename(new URL(resource.url).pathname).padEnd(40)} ${kb(resource.encoded)} übertragen  ${kb(resource.decoded)} entpackt  (${resource.encoding})`,
          );
        }
        for (const [type, entry] of byType) {
          console.log(
            `${type.padEnd(12)} ${String(entry.count).padStart(3)} Dateien  ${kb(entry.encoded)} übertragen  ${kb(entry.decoded)} entpackt  (${[...entry.encodings].join(', ')})`,
          );
        }
      }
    }
    scriptBytes = [...new Set(scriptBytes)];
    const worst = Math.max(...scriptBytes);
    console.log(`\nJavaScript übertragen: ${scriptBytes.map((bytes) => kb(bytes).trim()).join(' / ')}`);
    console.log(`Last am Ende (1/5/15 min): ${loadAverage()}`);
    const ok = worst <= BUDGET_JS_BYTES;
    console.log(`Budget ≤ ${kb(BUDGET_JS_BYTES).trim()} JavaScript: ${ok ? 'eingehalten' : 'ÜBERSCHRITTEN'}`);
    return ok ? 0 : 1;
  } finally {
    await browser.close();
    await stopPortal(handle);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit(await main());
