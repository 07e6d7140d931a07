// Operation probe (README "Betrieb auf PostgreSQL", "Überwachung"), from outside: two BUILT server processes
// (A and B) on one fresh PostgreSQL database and one shared DATA_DIR (like a shared volume; with DATABASE_URL
// no DATA_DIR lock is taken), started at the same moment, TRUST_PROXY=true (X-Forwarded-For gives the
// addresses), demo data. Then each check of the README sections is run against them and printed as one
// German line ("✓"/"✗" and what was seen); the exit code is 1 when any check failed. The database restart
// is bench/db-restart.mjs.
//
//   npm run build && node bench/operation-probe.mjs [--url postgres://postgres@127.0.0.1:5432/postgres]
//
// Loopback only; every wait has a deadline. The database is dropped and the DATA_DIR removed at the end.

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  createBenchDatabase,
  freePort,
  hasBuild,
  loadAverage,
  parseArgs,
  root,
  signInCookie,
  startPortal,
  stopPortal,
  waitForUrl,
} from './lib/portal.mjs';

const options = parseArgs(process.argv.slice(2), { url: 'postgres://postgres@127.0.0.1:5432/postgres' });
if (!hasBuild()) throw new Error('Bitte zuerst `npm run build` ausführen.');

const START_TIMEOUT_MS = 240_000;
const REQUEST_TIMEOUT_MS = 30_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- the checks' bookkeeping ------------------------------------------------------------------------------

const outcomes = [];
function report(ok, text) {
  outcomes.push(ok);
  console.log(`${ok ? '✓' : '✗'} ${text}`);
}

/** One numbered point; an exception ends only this point (✗ with the message), the others still run. */
async function point(label, work) {
  try {
    await work();
  } catch (error) {
    report(false, `${label}: abgebrochen – ${error.message.split('\n')[0]}`);
  }
}

/** Every answer the probe got, by status: a 5xx anywhere is a finding of its own (never a 5xx). */
const statusCounts = new Map();
const serverErrors = [];

/**
 * One request to a process. `json` sends a JSON body, `form` a FormData; `ip` sets X-Forwarded-For. State
 * changing requests carry the process's own Origin (the origin check accepts it). Answers
 * { status, headers, text, json }.
 */
async function call(target, urlPath, { method = 'GET', cookie, json, form, ip, headers = {} } = {}) {
  const sent = { ...headers };
  if (cookie) sent.cookie = cookie;
  if (ip) sent['x-forwarded-for'] = ip;
  if (method !== 'GET') sent.origin = target.base;
  let body;
  if (json !== undefined) {
    sent['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    body = form;
  }
  const response = await fetch(`${target.base}${urlPath}`, {
    method,
    headers: sent,
    body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let parsed = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (a page, a PDF, the metrics)
  }
  statusCounts.set(response.status, (statusCounts.get(response.status) ?? 0) + 1);
  if (response.status >= 500)
    serverErrors.push(`${method} ${urlPath} (${target.label}): ${response.status} ${text.slice(0, 200)}`);
  return { status: response.status, headers: response.headers, text, json: parsed };
}

const shortly = (answer) => `${answer.status}${answer.json?.code ? ` ${answer.json.code}` : ''}`;

/** A multipart form: plain fields first (in this order), then the file. */
function multipart(fields, file) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append(
      'file',
      new Blob([file.content], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  return form;
}

/** Runs a command to its end (killed after `timeoutMs`); answers exit code and output. */
function runCommand(command, args, env, timeoutMs = 180_000) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Polls `test` until it answers a truthy value or the deadline passes (then null). */
async function until(test, timeoutMs, everyMs = 200) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const value = await test();
    if (value) return value;
    await sleep(everyMs);
  }
  return null;
}

// --- database, data directory, processes ---------------------------------------------------------------

const database = await createBenchDatabase(options.url, 'portal_bench_operation');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-operation-'));
const filesDir = path.join(dataDir, 'files');
const mailDir = path.join(dataDir, 'mail');

const processes = { A: null, B: null };
/** Every process started, also the B stopped for its restart (its output counts too). */
const handles = [];
let db;
try {
  const ports = { A: await freePort(), B: await freePort() };
  const publicUrl = `http://127.0.0.1:${ports.A}`;
  const portalEnv = {
    DATABASE_URL: database.url,
    SEED_DEMO: 'true',
    TRUST_PROXY: 'true',
    PUBLIC_URL: publicUrl,
  };
  const start = (label) => {
    const port = ports[label];
    const handle = startPortal({ command: ['node', 'server/dist/main.js'], port, dataDir, env: portalEnv });
    processes[label] = { label, port, base: `http://127.0.0.1:${port}`, handle };
    handles.push(handle);
    return processes[label];
  };

  // --- 2. both at once on the empty database --------------------------------------------------------------
  const startedAt = performance.now();
  start('A');
  start('B');
  await point('2. Gleichzeitiger Start', async () => {
    const ready = await Promise.all(
      ['A', 'B'].map((label) =>
        waitForUrl(
          processes[label].handle,
          `${processes[label].base}/api/health`,
          (r) => r.ok,
          START_TIMEOUT_MS,
        ),
      ),
    );
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const admins = Number(
      (await db.query(`select count(*) from users where email = 'admin@demo.local'`)).rows[0].count,
    );
    const twice = (
      await db.query(
        `select email from users where email like '%@demo.local' group by email having count(*) > 1`,
      )
    ).rowCount;
    const demoUsers = Number(
      (await db.query(`select count(*) from users where email like '%@demo.local'`)).rows[0].count,
    );
    const seconds = ready.map((at) => ((at - startedAt) / 1000).toFixed(1).replace('.', ','));
    report(
      admins === 1 && twice === 0,
      `2. Beide Prozesse gleichzeitig auf leerer Datenbank gestartet: /api/health 200 nach ${seconds[0]} s (A) / ${seconds[1]} s (B); admin@demo.local ${admins}×, ${demoUsers} Demo-Nutzer, doppelt: ${twice}`,
    );
  });
  if (!db) throw new Error('Die Prozesse sind nicht gestartet; weitere Prüfungen sinnlos.');
  const A = () => processes.A;
  const B = () => processes.B;

  const cookies = {};
  for (const email of ['admin@demo.local', 'lieferant@demo.local', 'kunde@demo.local']) {
    cookies[email] = await signInCookie(A().base, email);
  }
  const operator = cookies['admin@demo.local'];
  const supplier = cookies['lieferant@demo.local'];
  const customer = cookies['kunde@demo.local'];

  // --- 3. create-admin while both processes run --------------------------------------------------------
  await point('3. create-admin', async () => {
    const env = { ...process.env };
    for (const variable of ['SMTP_URL', 'S3_BUCKET', 'PORT', 'SEED_DEMO']) delete env[variable];
    Object.assign(env, { DATABASE_URL: database.url, DATA_DIR: dataDir, PUBLIC_URL: publicUrl });
    const email = 'erste.admin@firma.de';
    const mailsBefore = new Set(existsSync(mailDir) ? readdirSync(mailDir) : []);
    const first = await runCommand('node', ['server/dist/create-admin.js', '--email', email], env);
    const invitation = await until(() => {
      if (!existsSync(mailDir)) return null;
      return readdirSync(mailDir).find(
        (file) =>
          file.endsWith('.eml') &&
          !mailsBefore.has(file) &&
          readFileSync(path.join(mailDir, file), 'utf8').includes(email),
      );
    }, 30_000);
    const [row] = (
      await db.query(
        `select u.admin, c.active, c.type, c.name as company from users u join companies c on c.id = u.company_id where u.email = $1`,
        [email],
      )
    ).rows;
    report(
      first.code === 0 && Boolean(invitation) && row?.admin === true && row?.type === 'ADMIN',
      `3a. create-admin --email ${email}: Exit ${first.code}, Einladung ${invitation ? `mail/${invitation}` : 'nicht gefunden'}, Nutzer ${row ? `admin=${row.admin}, Unternehmen „${row.company}“ (${row.type}, aktiv=${row.active})` : 'fehlt'}`,
    );
    for (const line of first.stdout.trim().split('\n')) console.log(`    ${line}`);
    const second = await runCommand('node', ['server/dist/create-admin.js', '--email', email], env);
    const message = second.stderr.trim().split('\n')[0] ?? '';
    report(
      second.code === 1 && /bereits von einem Nutzer verwendet/.test(second.stderr),
      `3b. Dieselbe Adresse noch einmal: Exit ${second.code}, „${message}“`,
    );
  });

  // --- 4. no lost update across processes -------------------------------------------------------------
  await point('4. Kein verlorenes Update', async () => {
    const list = await call(A(), '/api/manufacturer/all?paginationSize=1', { cookie: operator });
    const id = list.json?.content?.[0]?.id;
    if (!id) throw new Error(`kein Hersteller in der Liste (${shortly(list)})`);
    const loaded = (await call(A(), `/api/manufacturer/?id=${id}`, { cookie: operator })).json;
    const form = (abbreviation) => ({
      id,
      displayName: loaded.displayName,
      nameVariants: loaded.nameVariants,
      abbreviation,
      link: loaded.link,
      lastUpdate: loaded.lastUpdate,
    });
    const first = await call(A(), '/api/manufacturer/update', {
      method: 'POST',
      cookie: operator,
      json: form('PROBE-A'),
    });
    const second = await call(B(), '/api/manufacturer/update', {
      method: 'POST',
      cookie: operator,
      json: form('PROBE-B'),
    });
    const after = (await call(B(), `/api/manufacturer/?id=${id}`, { cookie: operator })).json;
    report(
      first.status === 200 &&
        second.status === 409 &&
        second.json?.code === 'CHANGED_MEANWHILE' &&
        /Anna Admin/.test(second.json?.message ?? '') &&
        after?.abbreviation === 'PROBE-A',
      `4. Hersteller „${loaded.displayName}“: Speichern über A ${shortly(first)}, über B mit altem Stand ${shortly(second)} „${second.json?.message ?? second.text.slice(0, 120)}“; gespeichert bleibt ${after?.abbreviation}`,
    );
  });

  // --- 5. signed documents stay -----------------------------------------------------------------------
  await point('5. Verbindliche Dokumente', async () => {
    const orders = await call(A(), '/api/offer/filter?states=ACCEPTED,CONFIRMED&paginationSize=50', {
      cookie: supplier,
    });
    const found = orders.json?.content ?? [];
    if (found.length === 0)
      throw new Error(`kein angenommenes oder bestätigtes Angebot (${shortly(orders)})`);
    for (const item of found) {
      const offer = (await call(B(), `/api/offer/?id=${item.id}`, { cookie: supplier })).json;
      const fixed = offer.files.filter((file) =>
        ['OFFER', 'ORDER', ...(offer.state === 'CONFIRMED' ? ['ORDER_CONFIRMATION'] : [])].includes(
          file.fileType,
        ),
      );
      const answers = [];
      for (const [side, cookie] of [
        ['Lieferant', supplier],
        ['Kunde', customer],
      ]) {
        for (const file of fixed) {
          const answer = await call(B(), '/api/offer/file/delete', {
            method: 'POST',
            cookie,
            json: { offerId: offer.id, fileId: file.id },
          });
          answers.push({ side, file, answer });
        }
      }
      const again = (await call(A(), `/api/offer/?id=${item.id}`, { cookie: supplier })).json;
      const kept = fixed.every((file) => again.files.some((other) => other.id === file.id));
      const allRefused = answers.every(
        ({ answer }) => answer.status === 409 && answer.json?.code === 'SIGNED_DOCUMENT_FIXED',
      );
      report(
        fixed.length >= 2 && allRefused && kept,
        `5. ${item.offerNumber ?? item.id} (${offer.state}): Löschen über B von ${fixed
          .map((file) => `${file.fileType} „${file.filename}“`)
          .join(', ')} – ${answers
          .map(({ side, file, answer }) => `${side}/${file.fileType}: ${shortly(answer)}`)
          .join(', ')}; Dateien danach ${kept ? 'alle noch da' : 'FEHLEN'}`,
      );
      const reasons = new Set(answers.map(({ answer }) => answer.json?.message).filter(Boolean));
      for (const reason of reasons) console.log(`    Begründung: „${reason}“`);
    }
  });

  // --- 6. nothing left behind (janitor on the start of B) ----------------------------------------------
  await point('6. Nichts bleibt liegen', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const folder = path.join(filesDir, 'enquiry', randomUUID());
    mkdirSync(folder, { recursive: true });
    const partial = path.join(folder, `${randomUUID()}.part-${randomUUID().slice(0, 8)}`);
    const orphan = path.join(folder, randomUUID());
    writeFileSync(partial, Buffer.alloc(256 * 1024, 1));
    writeFileSync(orphan, Buffer.alloc(1024 * 1024, 2));
    const [{ storage_key: key }] = (
      await db.query('select storage_key from enquiry_files order by storage_key limit 1')
    ).rows;
    const referenced = path.join(filesDir, key);
    if (!existsSync(referenced)) throw new Error(`die Datei der Anfrage ${key} fehlt schon vor dem Test`);
    for (const file of [partial, orphan, referenced]) utimesSync(file, twoHoursAgo, twoHoursAgo);

    await stopPortal(B().handle);
    const restarted = performance.now();
    const b = start('B');
    await waitForUrl(b.handle, `${b.base}/api/health`, (r) => r.ok, START_TIMEOUT_MS);
    const swept = await until(
      () =>
        b.handle.output
          .join('')
          .split('\n')
          .find((line) => line.includes('Dateispeicher aufgeräumt')),
      60_000,
    );
    const seconds = ((performance.now() - restarted) / 1000).toFixed(1).replace('.', ',');
    const gone = (file) => !existsSync(file);
    report(
      Boolean(swept) && gone(partial) && gone(orphan) && existsSync(referenced),
      `6. Nach Neustart von B (Aufräumen nach ${seconds} s): .part--Datei ${gone(partial) ? 'entfernt' : 'NOCH DA'}, Datei ohne Datensatz ${gone(orphan) ? 'entfernt' : 'NOCH DA'}, Datei der Anfrage (${key}, ebenfalls 2 h alt) ${existsSync(referenced) ? 'vorhanden' : 'GELÖSCHT'}`,
    );
    if (swept)
      console.log(`    Log von B: ${swept.replace(/^.*?(Dateispeicher)/, '$1').replace(/".*$/, '')}`);
  });

  // --- 7. bad input is never a 500 ----------------------------------------------------------------------
  let draftId;
  await point('7. Stückliste mit zu breiter Kopfzeile', async () => {
    const created = await call(A(), '/api/enquiry/', {
      method: 'POST',
      cookie: customer,
      json: { title: 'Betriebsprobe Stückliste', amount: 1 },
    });
    draftId = created.json?.id;
    if (created.status !== 201 || !draftId) throw new Error(`Entwurf nicht angelegt (${shortly(created)})`);
    const wide = (columns) => {
      const header = Array.from({ length: columns }, (_, i) => `Spalte ${i + 1}`).join(';');
      const row = Array.from({ length: columns }, (_, i) => String(i)).join(';');
      return Buffer.from(`${header}\n${row}\n`, 'utf8');
    };
    const answers = [];
    for (const columns of [600, 20_000]) {
      const answer = await call(B(), '/api/enquiry/bom/upload', {
        method: 'POST',
        cookie: customer,
        form: multipart(
          { enquiryId: draftId },
          { name: 'Stückliste.csv', type: 'text/csv', content: wide(columns) },
        ),
      });
      answers.push({ columns, answer });
    }
    report(
      answers.every(({ answer }) => answer.status === 422 && answer.json?.code === 'BOM_HEADER_TOO_WIDE'),
      `7. Stückliste mit ${answers.map(({ columns, answer }) => `${columns.toLocaleString('de-DE')} Spalten: ${shortly(answer)}`).join(', ')} – „${answers[0].answer.json?.message ?? answers[0].answer.text.slice(0, 120)}“`,
    );
  });

  // --- 8. folder brake across addresses and processes -------------------------------------------------
  await point('8. Bremse des Projektordners', async () => {
    const [folder] = (
      await db.query(
        'select id from business_folders where password_hash is not null and allow_anonymous limit 1',
      )
    ).rows;
    if (!folder) throw new Error('kein Projektordner mit Passwort in den Demodaten');
    const folderId = folder.id;
    const check = (target, ip, password) =>
      call(target, '/api/offer/businessdata/check', { method: 'POST', ip, json: { folderId, password } });
    const wrong = [];
    for (let i = 1; i <= 10; i++) {
      const target = i % 2 ? A() : B();
      wrong.push({ target: target.label, answer: await check(target, `203.0.113.${i}`, `falsch-${i}`) });
    }
    const eleventh = await check(B(), '203.0.113.10', 'falsch-11');
    const retryAfter = eleventh.headers.get('retry-after');
    const right = await check(A(), '198.51.100.23', 'projekt2026');
    const alerts = (
      await db.query(
        `select count(*)::int as n, count(distinct user_id)::int as users from notifications where text like 'Viele falsche Passwörter%'`,
      )
    ).rows[0];
    const firstTen = wrong.map(({ answer }) => answer.status);
    report(
      wrong.every(({ answer }) => answer.status === 403) &&
        eleventh.status === 429 &&
        Boolean(retryAfter) &&
        right.status === 200,
      `8. 10 falsche Passwörter von 10 Adressen (abwechselnd A/B): ${[...new Set(firstTen)].join('/')} ×10; 11. Versuch von 203.0.113.10 über B: ${shortly(eleventh)}, Retry-After: ${retryAfter ?? 'fehlt'}; richtiges Passwort von neuer Adresse über A: ${shortly(right)}; Hinweis an Verwalter: ${alerts.n} Benachrichtigung(en) an ${alerts.users} Nutzer`,
    );
    if (eleventh.json?.message) console.log(`    Meldung: „${eleventh.json.message}“`);
  });

  // --- 9. small holes -----------------------------------------------------------------------------------
  await point('9a. Inhalt gegen Endung', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(512, 7),
    ]);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 0)]);
    const answers = [];
    let ok = true;
    for (const [label, content] of [
      ['PNG', png],
      ['EXE', exe],
    ]) {
      const answer = await call(B(), '/api/file/?path=exportResult/', {
        method: 'POST',
        cookie: operator,
        form: multipart({}, { name: `Bericht-${label}.pdf`, type: 'application/pdf', content }),
      });
      answers.push(`${label}-Inhalt: ${shortly(answer)}`);
      if (answer.status !== 415) ok = false;
    }
    report(ok, `9a. POST /api/file/ mit .pdf-Namen: ${answers.join(', ')}`);
  });

  await point('9b. Kopfzeilen', async () => {
    const seen = [];
    let ok = true;
    for (const target of [A(), B()]) {
      for (const urlPath of ['/', '/api/health']) {
        const answer = await call(target, urlPath);
        const csp = answer.headers.get('content-security-policy') ?? '';
        const hsts = answer.headers.get('strict-transport-security');
        const baseNone = /(^|;)\s*base-uri 'none'/.test(csp);
        if (answer.status !== 200 || !baseNone || hsts !== null) ok = false;
        seen.push(
          `${target.label} ${urlPath}: ${answer.status}, base-uri 'none' ${baseNone ? 'ja' : 'NEIN'}, HSTS ${hsts ?? 'keins'}`,
        );
      }
    }
    report(ok, `9b. Kopfzeilen über http: ${seen.join('; ')}`);
  });

  await point('9c. AVV', async () => {
    const answer = await call(B(), '/api/legal/avv', { cookie: customer });
    const cacheControl = answer.headers.get('cache-control');
    report(
      answer.status === 200 && /no-store/.test(cacheControl ?? ''),
      `9c. AVV-Download (/api/legal/avv): ${answer.status}, ${answer.headers.get('content-type')}, Cache-Control: ${cacheControl ?? 'fehlt'}`,
    );
  });

  await point('9d. Dateiname mit U+202E', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
    const sent = 'Rechnung\u202Efdp.pdf';
    const generic = await call(B(), '/api/file/?path=exportResult/', {
      method: 'POST',
      cookie: operator,
      form: multipart({}, { name: sent, type: 'application/pdf', content: pdf }),
    });
    const onDisk = existsSync(path.join(filesDir, 'exportResult'))
      ? readdirSync(path.join(filesDir, 'exportResult')).filter((file) => file.startsWith('Rechnung'))
      : [];
    const enquiryFile = draftId
      ? await call(A(), `/api/enquiry/${draftId}/file`, {
          method: 'POST',
          cookie: customer,
          form: multipart({}, { name: sent, type: 'application/pdf', content: pdf }),
        })
      : null;
    const visible = (value) =>
      (value ?? '–').replace(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F\uFEFF]/g, '<U+202E>');
    const clean = (value) =>
      typeof value === 'string' && !/[\u202A-\u202E\u2066-\u2069\u200B-\u200F\uFEFF]/.test(value);
    report(
      generic.status === 201 &&
        clean(generic.json?.name) &&
        onDisk.length > 0 &&
        onDisk.every(clean) &&
        (!enquiryFile || (enquiryFile.status === 201 && clean(enquiryFile.json?.filename))),
      `9d. Datei „Rechnung<U+202E>fdp.pdf“: /api/file/ ${shortly(generic)} gespeichert als „${visible(generic.json?.name)}“ (Platte: ${onDisk.map(visible).join(', ') || '–'})${enquiryFile ? `, Anfrage-Datei ${shortly(enquiryFile)} als „${visible(enquiryFile.json?.filename)}“` : ''}`,
    );
    const titled = await call(B(), '/api/enquiry/', {
      method: 'POST',
      cookie: customer,
      json: { title: 'Schrank\u202Etxt.exe', amount: 1 },
    });
    report(
      titled.status === 400,
      `9e. Anfragetitel mit U+202E: ${shortly(titled)} „${titled.json?.issues?.[0]?.message ?? titled.json?.message ?? ''}“`,
    );
  });

  // --- 10. metrics ------------------------------------------------------------------------------------
  await point('10. Kennzahlen', async () => {
    const answer = await call(A(), '/metrics');
    const lines = answer.text.split('\n');
    const bucket = lines.find(
      (line) => line.startsWith('portal_http_request_duration_seconds_bucket{') && line.includes('route="'),
    );
    const pool = lines.find((line) => line.startsWith('portal_db_pool_in_use'));
    const waiting = lines.find((line) => line.startsWith('portal_db_pool_waiting'));
    report(
      answer.status === 200 && Boolean(bucket) && Boolean(pool),
      `10. GET /metrics auf A von 127.0.0.1: ${answer.status}, ${answer.headers.get('content-type')}, ${lines.length} Zeilen; z. B. ${bucket ?? 'kein Histogramm mit route'}; ${pool ?? 'portal_db_pool_in_use fehlt'}; ${waiting ?? 'portal_db_pool_waiting fehlt'}`,
    );
  });

  // --- the whole run ----------------------------------------------------------------------------------
  report(
    serverErrors.length === 0,
    `Keine 5xx: ${[...statusCounts]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ')}`,
  );
  for (const line of serverErrors.slice(0, 10)) console.log(`    ${line}`);
  const output = handles.map((handle) => handle.output.join('')).join('\n');
  const unhandled = output.split('\n').filter((line) => /Unhandled|uncaught|'error' event|FATAL/i.test(line));
  const alive = Object.values(processes).map(
    (p) =>
      `${p.label}: ${p.handle.child.exitCode === null ? 'läuft' : `beendet (${p.handle.child.exitCode})`}`,
  );
  report(
    unhandled.length === 0 && Object.values(processes).every((p) => p.handle.child.exitCode === null),
    `Prozesse ${alive.join(', ')}; unbehandelte Fehler in der Ausgabe: ${unhandled.length}`,
  );
  for (const line of unhandled.slice(0, 10)) console.log(`    ${line.slice(0, 300)}`);
  console.log(`Last: ${loadAverage()} (1/5/15 min), ${os.cpus().length} Kerne`);
  const failed = outcomes.filter((ok) => !ok).length;
  console.log(
    failed === 0 ? 'Alle Prüfungen bestanden.' : `${failed} von ${outcomes.length} Prüfungen fehlgeschlagen.`,
  );
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  await db?.end().catch(() => {});
  await Promise.all(
    Object.values(processes)
      .filter(Boolean)
      .map((p) => stopPortal(p.handle)),
  );
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}
