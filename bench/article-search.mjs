// Article catalog search and list at 1,000,000 articles (ARCHITECTURE §7): substring search p95
// <= 50 ms, exact order-number lookup <= 5 ms, filter page 1,000 within 2x of page 1.
//
//   node --import tsx bench/article-search.mjs [--db postgres|pglite|both] [--rows 1000000] [--reps 300]
//                                              [--url postgres://postgres@127.0.0.1:5432/postgres] [--explain] [--keep]
//
// PostgreSQL: creates the database `portal_bench` on --url's server, migrates it, fills it and drops it at
// the end. PGlite: a temporary directory, removed at the end. The catalog is generated in the database
// (INSERT … SELECT generate_series, 100,000 rows per statement; bench/lib/catalog.mjs, shared with
// bench/bom-matching.mjs) with the article indexes dropped during the fill and created again afterwards,
// then VACUUM ANALYZE. The measured code is the portal's own: the catalog service and repository of
// server/src/modules/article (imported through tsx), one call at a time on a warm cache. With --explain the plans (EXPLAIN ANALYZE, BUFFERS) of the captured queries are printed;
// with --keep the PostgreSQL database stays (and is reused by the next run with --keep) for diagnosis.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { fillCatalog } from './lib/catalog.mjs';
import { loadAverage, parseArgs } from './lib/portal.mjs';

const options = parseArgs(process.argv.slice(2), {
  db: 'both',
  rows: 1_000_000,
  reps: 300,
  url: 'postgres://postgres@127.0.0.1:5432/postgres',
  explain: false,
  keep: false,
});
const ROWS = Number(options.rows);
const REPS = Number(options.reps);
const CHUNK = 100_000;
const BENCH_DB = 'portal_bench';

const schema = await import('../server/src/db/schema/index.ts');
const { runMigrations } = await import('../server/src/db/migrate.ts');
const catalog = await import('../server/src/modules/article/article-catalog.service.ts');
const repository = await import('../server/src/modules/article/article-search.repository.ts');

const ACTOR = {
  userId: '00000000-0000-4000-8000-000000000001',
  companyId: '00000000-0000-4000-8000-000000000002',
  companyType: 'ADMIN',
  admin: true,
  pendingRegistration: false,
  passwordChangeNeeded: false,
  email: 'bench@example.invalid',
  sessionId: 'bench',
};

/** Every statement drizzle sends, so that --explain can show the plan of what was really run. */
const captured = [];
const logger = { logQuery: (query, params) => captured.push({ query, params }) };

async function openPostgresBench() {
  const admin = new pg.Client({ connectionString: options.url });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [BENCH_DB])).rowCount > 0;
  const reuse = options.keep && exists;
  if (!reuse) {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  }
  await admin.end();
  const url = new URL(options.url);
  url.pathname = `/${BENCH_DB}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  return {
    kind: 'postgres',
    reused: reuse,
    db: drizzleNodePg({ client: pool, schema, logger }),
    query: async (text, values = []) => (await pool.query(text, values)).rows,
    /** Runs the statements in one transaction (rolled back) and returns the rows of the last one. */
    async inTransaction(steps) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        let rows = [];
        for (const [text, values] of steps) rows = (await client.query(text, values)).rows;
        await client.query('rollback');
        return rows;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
      if (options.keep) return;
      const dropper = new pg.Client({ connectionString: options.url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

async function openPgliteBench() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pglite-'));
  const client = await PGlite.create(path.join(dir, 'db'), { extensions: { pg_trgm } });
  return {
    kind: 'pglite',
    db: drizzlePglite({ client, schema, logger }),
    query: async (text, values = []) =>
      values.length > 0
        ? (await client.query(text, values)).rows
        : ((await client.exec(text)).at(-1)?.rows ?? []),
    inTransaction: (steps) =>
      client.transaction(async (tx) => {
        let rows = [];
        for (const [text, values] of steps) rows = (await tx.query(text, values)).rows;
        await tx.rollback();
        return rows;
      }),
    async close() {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Random search texts as people type them: pieces of numbers, of an alternative, words of the description. */
async function sampleTerms(database, count) {
  const rows = await database.query(
    `select a.order_number, a.manufacturer_number, a.description, n.number as alternative
       from articles a left join article_alternative_numbers n on n.article_id = a.id
      where a.order_number is not null order by hashtext(a.id::text || 'bench') limit ${count}`,
  );
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const piece = (text, min, max) => {
    const length = Math.min(text.length, min + Math.floor(random() * (max - min + 1)));
    const start = Math.floor(random() * (text.length - length + 1));
    return text.slice(start, start + length);
  };
  return rows.map((row, index) => {
    const kind = index % 4;
    if (kind === 0) return { kind: 'order', term: piece(row.order_number, 4, 8), exact: row.order_number };
    if (kind === 1)
      return { kind: 'manufacturer', term: piece(row.manufacturer_number, 4, 8), exact: row.order_number };
    if (kind === 2 && row.alternative)
      return { kind: 'alternative', term: piece(row.alternative, 5, 9), exact: row.order_number };
    const words = row.description.split(/[\s,]+/).filter((word) => word.length >= 6);
    const word = words[0] ?? row.description;
    return { kind: 'description', term: piece(word, 5, 9), exact: row.order_number, word };
  });
}

const UMLAUT_SPELLING = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

async function time(work) {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1), n: sorted.length };
}

const format = (value) => value.toFixed(2).replace('.', ',');
const line = (label, values) => {
  if (values.length === 0) return null;
  const s = stats(values);
  console.log(
    `  ${label.padEnd(52)} p50 ${format(s.p50).padStart(7)} ms   p95 ${format(s.p95).padStart(7)} ms   max ${format(s.max).padStart(8)} ms`,
  );
  return s;
};

/** EXPLAIN ANALYZE of every statement `work` sent, under the planner settings it ran with (withPlanner). */
async function explain(database, label, work) {
  captured.length = 0;
  await work();
  console.log(`\n  EXPLAIN ${label}:`);
  let settings = null;
  for (const { query, params } of captured) {
    if (/^(begin|commit|rollback)/i.test(query)) {
      settings = null;
      continue;
    }
    if (query.includes('set_config(')) {
      settings = [query, params];
      continue;
    }
    if (query.startsWith('explain')) continue;
    const steps = [
      ...(settings ? [settings] : []),
      [`explain (analyze, buffers, costs off) ${query}`, params],
    ];
    const plan = await database.inTransaction(steps);
    console.log(`    -- ${query.slice(0, 160).replace(/\s+/g, ' ')}…`);
    console.log(plan.map((row) => `    ${Object.values(row)[0]}`).join('\n'));
  }
}

async function measure(database) {
  const db = database.db;
  const service = catalog.createArticleCatalogService({ db });
  const terms = await sampleTerms(database, REPS);
  const results = {};
  // Warm the cache the way a running portal has it.
  for (const { term } of terms.slice(0, 50)) await service.search(ACTOR, { searchTerm: term, amount: 10 });

  console.log(`\n  ${database.kind}: ${REPS} Messungen je Zeile (ein Aufruf nach dem anderen)`);
  const search = [];
  const byKind = {};
  let empty = 0;
  for (const { kind, term } of terms) {
    const { ms, result } = await time(() => service.search(ACTOR, { searchTerm: term, amount: 10 }));
    search.push(ms);
    byKind[kind] = [...(byKind[kind] ?? []), ms];
    if (result.length === 0) empty += 1;
  }
  results.search = line('Teilstringsuche /article/search (alle)', search);
  for (const [kind, values] of Object.entries(byKind)) line(`  davon ${kind}`, values);
  if (empty > 0) console.log(`  (${empty} Suchen ohne Treffer)`);

  // SPEC §5 search: description words typed without umlauts ("Kühlgerät" as "kuehlg"), answered by the trigram
  // index on portal_fold(description): the piece around the word's first umlaut, ä/ö/ü/ß written out.
  const spelled = terms
    .filter(({ word }) => word && /[äöüß]/.test(word))
    .map(({ word }) => {
      const at = word.search(/[äöüß]/);
      return word.slice(Math.max(0, at - 3), at + 4).replace(/[äöüß]/g, (char) => UMLAUT_SPELLING[char]);
    });
  const spelledTimes = [];
  let spelledEmpty = 0;
  for (const term of spelled) {
    const { ms, result } = await time(() => service.search(ACTOR, { searchTerm: term, amount: 10 }));
    spelledTimes.push(ms);
    if (result.length === 0) spelledEmpty += 1;
  }
  results.spelled = line(`  Umlaut umschrieben (${spelled.length}, z. B. „${spelled[0]}“)`, spelledTimes);
  if (spelledEmpty > 0) console.log(`  (${spelledEmpty} umschriebene Suchen ohne Treffer – Fehler!)`);

  const exact = [];
  const exactSearch = [];
  for (const { exact: number } of terms) {
    exact.push((await time(() => repository.findByExactNumber(db, number, 10))).ms);
    exactSearch.push((await time(() => service.search(ACTOR, { searchTerm: number, amount: 10 }))).ms);
  }
  results.exact = line('exakte Bestellnummer (findByExactNumber)', exact);
  results.exactSearch = line('exakte Bestellnummer über /article/search', exactSearch);

  const [{ id: manufacturerId }] = await database.query(
    `select id from manufacturers order by display_name limit 1`,
  );
  const pageReps = Math.max(20, Math.round(REPS / 6));
  results.pages = {};
  for (const column of ['orderNumber', 'manufacturerNumber', 'manufacturer', 'listPrice', 'weight']) {
    for (const manufacturer of [undefined, manufacturerId]) {
      const label = `${column}${manufacturer ? ' + Herstellerfilter' : ''}`;
      const pages = {};
      for (const page of [0, 999]) {
        const query = { page, paginationSize: 10, column, sortDescending: false, manufacturer };
        await service.filter(ACTOR, query);
        const values = [];
        for (let i = 0; i < pageReps; i++) values.push((await time(() => service.filter(ACTOR, query))).ms);
        pages[page] = line(`/article/filter ${label}, Seite ${page + 1}`, values);
      }
      results.pages[label] = { ratio: pages[999].p50 / pages[0].p50, page1: pages[0], page1000: pages[999] };
      console.log(`  ${''.padEnd(52)} Seite 1.000 / Seite 1 (p50): ${format(results.pages[label].ratio)}x`);
    }
  }
  // The list's search text: up to 1,000 matches they are paged exactly; more matches are all sorted.
  const textFilter = { exact: [], estimated: [] };
  for (const { term } of terms) {
    const { ms, result } = await time(() =>
      service.filter(ACTOR, {
        page: 0,
        paginationSize: 10,
        column: 'orderNumber',
        sortDescending: false,
        orderNumber: term,
      }),
    );
    textFilter[result.totalIsEstimate ? 'estimated' : 'exact'].push(ms);
  }
  results.textFilter = line(
    `/article/filter mit Suchtext, <= 1.000 Treffer (${textFilter.exact.length})`,
    textFilter.exact,
  );
  results.textFilterMany = line(
    `/article/filter mit Suchtext, > 1.000 Treffer (${textFilter.estimated.length})`,
    textFilter.estimated,
  );

  if (options.explain) {
    const sample = terms[0];
    await explain(database, `exakte Bestellnummer ${sample.exact}`, () =>
      repository.findByExactNumber(db, sample.exact, 10),
    );
    const fragment = terms.find((term) => term.kind === 'order');
    await explain(database, `Suche „${fragment.term}“`, () =>
      service.search(ACTOR, { searchTerm: fragment.term, amount: 10 }),
    );
    const word = terms.find((term) => term.kind === 'description');
    await explain(database, `Suche „${word.term}“ (Beschreibung)`, () =>
      service.search(ACTOR, { searchTerm: word.term, amount: 10 }),
    );
    await explain(database, 'Suche „kuehlger“ (Beschreibung, Umlaut umschrieben)', () =>
      service.search(ACTOR, { searchTerm: 'kuehlger', amount: 10 }),
    );
    await explain(database, `Liste mit Suchtext „${fragment.term}“`, () =>
      service.filter(ACTOR, {
        page: 0,
        paginationSize: 10,
        column: 'orderNumber',
        sortDescending: false,
        orderNumber: fragment.term,
      }),
    );
    await explain(database, 'Liste nach Bestellnummer, Seite 1.000', () =>
      service.filter(ACTOR, { page: 999, paginationSize: 10, column: 'orderNumber', sortDescending: false }),
    );
    await explain(database, 'Liste nach Hersteller, Seite 1.000', () =>
      service.filter(ACTOR, { page: 999, paginationSize: 10, column: 'manufacturer', sortDescending: false }),
    );
  }
  return results;
}

const kinds = options.db === 'both' ? ['postgres', 'pglite'] : [options.db];
console.log(
  `Artikelsuche mit ${ROWS.toLocaleString('de-DE')} Artikeln; ${os.cpus().length} Kerne ${os.cpus()[0]?.model ?? ''}, ` +
    `Node ${process.version}, Last ${loadAverage()}`,
);
for (const kind of kinds) {
  const database = kind === 'postgres' ? await openPostgresBench() : await openPgliteBench();
  try {
    const started = performance.now();
    await runMigrations({ db: database.db, kind });
    if (!database.reused) await fillCatalog(database, { rows: ROWS, chunk: CHUNK });
    await measure(database);
    console.log(`  ${kind}: gesamt ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
  }
}
