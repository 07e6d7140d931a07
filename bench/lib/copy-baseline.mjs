// The database's own cost of a catalog import (bench/article-import.mjs): `psql \copy` of the same articles
// into a copy of the articles table with all its indexes (trigram GIN indexes included), so that the
// import's rate is compared with what PostgreSQL needs for this data and these indexes, not with a bare
// table of text columns.
import { execFileSync } from 'node:child_process';

const psql = (url, ...args) => execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', ...args]).toString();

/** Columns the generated catalog fills, in the order of the COPY file. */
const COLUMNS = [
  'id',
  'manufacturer_id',
  'unit_id',
  'order_number',
  'manufacturer_number',
  'description',
  'list_price',
  'purchase_price',
  'width',
  'height',
  'depth',
  'weight',
  'ean_number',
  'customs_tarif_number',
  'country_of_origin_abbreviation',
  'delivery_time',
  'packaging_unit_size',
  'article_import_source',
];

/**
 * Converts the generated CSV (bench/generate-catalog.mjs) into COPY text of article rows as the import writes
 * them (names resolved through the names index, decimal commas, mm -> cm, g -> kg, time-ordered ids so that
 * new rows are appended to the primary key as the import's are). Done once in `url` (a seeded portal
 * database), not measured; the helper tables are dropped again.
 */
export function writeArticleCopyFile(url, csvFile, copyFile, headerCount) {
  const raw = Array.from({ length: headerCount }, (_, index) => `c${index} text`).join(', ');
  psql(url, '-c', `CREATE UNLOGGED TABLE bench_raw (n bigserial, ${raw})`);
  try {
    const names = Array.from({ length: headerCount }, (_, index) => `c${index}`).join(', ');
    psql(
      url,
      '-c',
      `\\copy bench_raw (${names}) FROM '${csvFile}' WITH (FORMAT csv, DELIMITER ';', HEADER true)`,
    );
    const decimal = (column) => `replace(${column}, ',', '.')::numeric`;
    const select = `SELECT ('00000000-0000-7000-8000-' || lpad(to_hex(r.n), 12, '0'))::uuid,
        coalesce(m.item_id, (SELECT id FROM manufacturers ORDER BY id LIMIT 1)),
        u.item_id, r.c1, r.c2, r.c3, ${decimal('r.c5')}, ${decimal('r.c6')},
        ${decimal('r.c7')} / 10, ${decimal('r.c8')} / 10, ${decimal('r.c9')} / 10, ${decimal('r.c10')} / 1000,
        r.c11, r.c12, r.c13, r.c14::integer, ${decimal('r.c15')}, 'CSV'
      FROM bench_raw r
      LEFT JOIN manufacturer_names m ON m.name_lower = lower(trim(r.c0))
      LEFT JOIN unit_names u ON u.name_lower = lower(trim(r.c4))
      ORDER BY r.n`;
    psql(url, '-c', `\\copy (${select.replaceAll(/\s+/g, ' ')}) TO '${copyFile}'`);
  } finally {
    psql(url, '-c', 'DROP TABLE IF EXISTS bench_raw');
  }
}

/**
 * The articles an import wrote (those it created or changed since `since`, an ISO time of the database), as
 * COPY text of every column the import can fill (the generated key columns excepted: PostgreSQL computes
 * them while copying, as it does for the import). For files whose rows the database cannot convert by itself
 * (BMEcat, DATANORM): the baseline copies exactly the rows the import wrote. Returns the columns and rows.
 */
export function writeImportedCopyFile(url, since, copyFile) {
  const columns = psql(
    url,
    '-Atc',
    `SELECT string_agg(column_name, ',' ORDER BY ordinal_position) FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = 'articles' AND is_generated = 'NEVER'`,
  )
    .trim()
    .split(',');
  const where = `WHERE updated_at >= '${since}'::timestamptz ORDER BY id`;
  psql(url, '-c', `\\copy (SELECT ${columns.join(', ')} FROM articles ${where}) TO '${copyFile}'`);
  const rows = Number(
    psql(url, '-Atc', `SELECT count(*) FROM articles ${where.replace(/ ORDER BY id$/, '')}`),
  );
  return { columns, rows };
}

/**
 * Seconds of `psql \copy` of `copyFile` into `CREATE TABLE … (LIKE articles INCLUDING ALL)`: the same
 * columns, defaults and all 14 indexes (no foreign keys: LIKE does not copy them). The table is dropped after.
 */
export function timeCopyIntoArticles(url, copyFile, columns = COLUMNS) {
  psql(url, '-c', 'DROP TABLE IF EXISTS bench_copy');
  psql(url, '-c', 'CREATE TABLE bench_copy (LIKE articles INCLUDING ALL)');
  const indexes = Number(
    psql(url, '-Atc', "SELECT count(*) FROM pg_indexes WHERE tablename = 'bench_copy'").trim(),
  );
  psql(url, '-c', 'CHECKPOINT');
  const started = performance.now();
  psql(url, '-c', `\\copy bench_copy (${columns.join(', ')}) FROM '${copyFile}'`);
  const seconds = (performance.now() - started) / 1000;
  psql(url, '-c', 'DROP TABLE bench_copy');
  return { seconds, indexes };
}

/** A fresh database `name` as a copy of `template` (the seeded portal database); dropped by `dropDatabase`. */
export function createDatabaseFrom(adminUrl, name, template) {
  psql(adminUrl, '-c', `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function dropDatabase(adminUrl, name) {
  psql(adminUrl, '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** Plans of the statements over `over` (1 s) in database `name`, with their actual times, into the PostgreSQL log. */
export function explainSlowStatements(adminUrl, name, over = '1s') {
  for (const setting of [
    "session_preload_libraries = 'auto_explain'",
    `auto_explain.log_min_duration = '${over}'`,
    'auto_explain.log_analyze = on',
  ])
    psql(adminUrl, '-qc', `ALTER DATABASE ${name} SET ${setting}`);
}
