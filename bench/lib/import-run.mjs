// Driving the portal's article import from a bench (bench/article-import.mjs, bench/catalog-import.mjs): a
// fresh portal per measurement with its own data directory, JSON calls with the session cookie, an upload
// followed until the run stops running (written, or waiting in its preview), and "Übernehmen".
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root, signInCookie, startPortal, stopPortal, waitForUrl } from './portal.mjs';
import { postMultipart } from './upload.mjs';

export async function api(base, cookie, method, url, body, attempt = 1) {
  let response;
  try {
    response = await fetch(`${base}/api${url}`, {
      method,
      headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    // A kept-alive connection that the server closed just as it was reused (its timers run late while the
    // embedded database keeps its event loop busy): a browser repeats such a GET, so does the bench.
    if (method !== 'GET' || attempt >= 3) throw error;
    return api(base, cookie, method, url, body, attempt + 1);
  }
  const text = await response.text();
  // Overload is answered 503 at once (ARCHITECTURE §7); the progress poll asks again, as the dialog does.
  if (response.status === 503 && method === 'GET' && attempt < 50) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    return api(base, cookie, method, url, body, attempt + 1);
  }
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Polls GET /article/import every 100 ms until the run no longer runs; returns its run. */
export async function waitForRun(base, cookie) {
  for (;;) {
    const status = await api(base, cookie, 'GET', '/article/import');
    if (!status.running) return status.run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function expectState(run, state) {
  if (run.state !== state) throw new Error(`Import ${run.state} statt ${state}: ${run.message}`);
}

/**
 * Uploads `file` with `fields` and waits for the import to finish; returns server-side and end-to-end seconds.
 * preview=false: the import writes at once, as before the preview existed.
 */
export async function runImport(base, cookie, fields, file) {
  const started = performance.now();
  await postMultipart(base, cookie, '/article/import', { ...fields, preview: 'false' }, file);
  const uploaded = performance.now();
  const run = await waitForRun(base, cookie);
  const finished = performance.now();
  expectState(run, 'SUCCEEDED');
  return {
    rows: run.processedRows,
    created: run.createdCount,
    updated: run.updatedCount,
    errors: run.errorCount,
    uploadSeconds: (uploaded - started) / 1000,
    totalSeconds: (finished - started) / 1000,
  };
}

/**
 * The import as the dialog runs it: upload (the file read and matched into its preview), then "Übernehmen"
 * (POST /article/import/confirm) and the write. Seconds of each step, measured from the client; `mark()` is
 * taken at the start, when the preview is shown and at the end (e.g. the server's CPU seconds).
 */
export async function runPreviewAndConfirm(base, cookie, fields, file, mark = () => null) {
  const marks = { start: mark() };
  const started = performance.now();
  await postMultipart(base, cookie, '/article/import', fields, file);
  const uploaded = performance.now();
  const previewed = await waitForRun(base, cookie);
  const shown = performance.now();
  marks.preview = mark();
  expectState(previewed, 'PREVIEW');
  const { preview } = await api(base, cookie, 'GET', '/article/import/preview');
  const confirmedAt = performance.now();
  await api(base, cookie, 'POST', '/article/import/confirm');
  const run = await waitForRun(base, cookie);
  const finished = performance.now();
  marks.end = mark();
  expectState(run, 'SUCCEEDED');
  return {
    marks,
    rows: previewed.processedRows,
    preview,
    created: run.createdCount,
    updated: run.updatedCount,
    errors: run.errorCount,
    uploadSeconds: (uploaded - started) / 1000,
    previewSeconds: (shown - started) / 1000,
    writeSeconds: (finished - confirmedAt) / 1000,
    totalSeconds: (finished - started - (confirmedAt - shown)) / 1000,
  };
}

/**
 * Starts a fresh portal with demo data on its own data directory (and `env`, e.g. DATABASE_URL), signs in as
 * the demo admin, runs `work({ base, cookie, pid, output })` and stops it; the server's own lines about each import's
 * phases are printed after. `profileDir` starts it with a CPU profile written there.
 */
export async function withPortal({ env = {}, port, tmp, profileDir = null }, work) {
  const dataDir = mkdtempSync(path.join(tmp, 'portal-bench-import-'));
  const portal = startPortal({
    command: [
      'node',
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      path.join(root, 'server/dist/main.js'),
    ],
    port,
    dataDir,
    env: { ...env, SEED_DEMO: 'true' },
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForUrl(portal, `${base}/api/health`);
    const cookie = await signInCookie(base, 'admin@demo.local');
    return await work({ base, cookie, pid: portal.child.pid, output: () => portal.output.join('') });
  } catch (error) {
    const exited = await Promise.race([
      portal.exited,
      new Promise((resolve) => setTimeout(resolve, 500, null)),
    ]);
    console.log(
      `Server ${exited ? `beendet (Code ${exited.code}, Signal ${exited.signal})` : 'läuft noch'}; Ausgabe (Ende):\n${portal.output.join('').split('\n').slice(-30).join('\n')}`,
    );
    throw error;
  } finally {
    await stopPortal(portal);
    for (const text of portal.output.join('').split('\n')) {
      if (/Artikelimport [0-9a-f-]+: /.test(text))
        console.log(`    Server: ${text.replace(/^.*?Artikelimport/, 'Artikelimport')}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
