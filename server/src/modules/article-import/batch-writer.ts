import type { ImportField } from '@portal/domain/rules/import-mapping';
import { getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { BulkTransaction } from '../../db/client';
import {
  articleAlternativeNumbers,
  articleImportErrors,
  articleImportRuns,
  articles,
  articleWholesalerInfos,
} from '../../db/schema';

/**
 * The set-based write of one batch (ARCHITECTURE §7: COPY into a staging table, then INSERT/UPDATE … FROM).
 * Everything of a batch — new and updated articles, wholesaler prices, error rows and the run's counters —
 * commits in one transaction, so the run always states exactly what reached the catalog.
 */

type ArticleField = Exclude<
  ImportField,
  'manufacturer' | 'unit' | 'wholesalerOrderNumber' | 'wholesalerPurchasePrice'
>;

const ARTICLE_COLUMNS: Record<ArticleField, PgColumn> = {
  orderNumber: articles.orderNumber,
  manufacturerNumber: articles.manufacturerNumber,
  description: articles.description,
  erpNumber: articles.erpNumber,
  listPrice: articles.listPrice,
  purchasePrice: articles.purchasePrice,
  width: articles.width,
  height: articles.height,
  depth: articles.depth,
  weight: articles.weight,
  deliveryTime: articles.deliveryTime,
  packagingUnitSize: articles.packagingUnitSize,
  priceUnitSize: articles.priceUnitSize,
  orderQuantityUnitSize: articles.orderQuantityUnitSize,
  minimumOrderQuantityUnitSize: articles.minimumOrderQuantityUnitSize,
  eanNumber: articles.eanNumber,
  surchargeCode: articles.surchargeCode,
  copperCode: articles.copperCode,
  copperBaseValue: articles.copperBaseValue,
  copperWeight: articles.copperWeight,
  customsTarifNumber: articles.customsTarifNumber,
  countryOfOriginAbbreviation: articles.countryOfOriginAbbreviation,
  rohs: articles.rohs,
  manufacturerLink: articles.manufacturerLink,
  image: articles.image,
};

const WHOLESALER_COLUMNS = {
  wholesalerOrderNumber: { name: 'wholesaler_order_number', type: 'text' },
  wholesalerPurchasePrice: {
    name: 'wholesaler_purchase_price',
    type: articleWholesalerInfos.purchasePrice.getSQLType(),
  },
} as const;

/** A staged column: the field it carries, its name in the staging table and its SQL type. */
export interface StagedColumn {
  field: ImportField;
  name: string;
  type: string;
}

/** The staging columns for the mapped fields (manufacturer and unit travel as resolved ids). */
export function stagedColumns(fields: readonly ImportField[]): StagedColumn[] {
  const columns: StagedColumn[] = [];
  for (const field of fields) {
    if (field === 'manufacturer' || field === 'unit') continue;
    if (field === 'wholesalerOrderNumber' || field === 'wholesalerPurchasePrice') {
      columns.push({ field, ...WHOLESALER_COLUMNS[field] });
      continue;
    }
    const column = ARTICLE_COLUMNS[field];
    columns.push({ field, name: column.name, type: column.getSQLType() });
  }
  return columns;
}

const q = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
const ARTICLES = q(getTableName(articles));
const INFOS = q(getTableName(articleWholesalerInfos));
const ALTERNATIVES = q(getTableName(articleAlternativeNumbers));
const ERRORS = q(getTableName(articleImportErrors));
const RUNS = q(getTableName(articleImportRuns));

export interface BatchPlan {
  runId: string;
  columns: StagedColumn[];
  defaultUnitId: string | null;
  /** Wholesaler of the configuration; its prices are written only with one. */
  wholesalerId: string | null;
  /** Whether the catalog has alternative numbers at all (else that matching step is skipped). */
  alternatives: boolean;
}

/** Are there alternative numbers to match against (checked once per import)? */
export async function hasAlternativeNumbers(tx: BulkTransaction): Promise<boolean> {
  const result = await tx.query(`SELECT EXISTS (SELECT 1 FROM ${ALTERNATIVES}) AS present`);
  return result.rows[0]?.present === true;
}

export interface BatchData {
  /** COPY text of the staged rows: line, manufacturer_id, unit_id, then `plan.columns`. */
  rows: string;
  rowCount: number;
  /** COPY text of rows refused while reading: run_id, line, order_number, reason. */
  errors: string;
  errorCount: number;
  /** The last row number of the file that this batch covers. */
  lastLine: number;
  /** processed rows and percent of the file once this batch is committed. */
  processedRows: number;
  percent: number;
}

export interface BatchResult {
  created: number;
  updated: number;
  failed: number;
  /** Someone asked to end the import (seen when the batch committed). */
  abortRequested?: boolean;
}

/**
 * The staging table of an import: temporary (never logged, invisible to other sessions), created once per
 * import on the import's own connection; its rows vanish at every commit.
 */
export async function createStagingTable(
  tx: BulkTransaction,
  columns: readonly StagedColumn[],
): Promise<void> {
  const definitions = columns.map((column) => `, ${q(column.name)} ${column.type}`).join('');
  await tx.query('DROP TABLE IF EXISTS import_batch');
  await tx.query(
    `CREATE TEMP TABLE import_batch (line integer NOT NULL, manufacturer_id uuid NOT NULL, unit_id uuid${definitions},
       article_id uuid, is_new boolean NOT NULL DEFAULT false, via_alternative boolean NOT NULL DEFAULT false,
       error text) ON COMMIT DELETE ROWS`,
  );
}

export async function dropStagingTable(tx: BulkTransaction): Promise<void> {
  await tx.query('DROP TABLE IF EXISTS import_batch');
}

/** Writes one batch in the caller's transaction. Throws (rolling the batch back) when the run stopped meanwhile. */
export async function writeBatch(
  tx: BulkTransaction,
  plan: BatchPlan,
  data: BatchData,
): Promise<BatchResult> {
  const staged = plan.columns;
  const has = (field: ImportField) => staged.some((column) => column.field === field);
  let result: BatchResult = { created: 0, updated: 0, failed: 0 };
  if (data.rowCount > 0) {
    const names = ['line', 'manufacturer_id', 'unit_id', ...staged.map((column) => q(column.name))].join(
      ', ',
    );
    await tx.copyFrom(`COPY import_batch (${names}) FROM STDIN`, data.rows);
    // A fresh temporary table has no statistics; without them the planner may loop over the catalog.
    const matchColumns = [
      'manufacturer_id',
      ...(has('orderNumber') ? ['order_number'] : []),
      ...(has('manufacturerNumber') ? ['manufacturer_number'] : []),
    ];
    await tx.query(`ANALYZE import_batch (${matchColumns.join(', ')})`);
    // New rows go to the pending lists of the trigram (GIN) indexes and are merged once at the end
    // (mergeSearchIndexes): a bulk merge costs a fraction of inserting row by row into the index.
    await tx.query("SET LOCAL gin_pending_list_limit = '256MB'");
    // Every join of a batch pairs a few thousand staged rows with the (large) catalog through its indexes;
    // a hash join would read the whole catalog for every batch.
    await tx.query('SET LOCAL enable_hashjoin = off');
    await tx.query('SET LOCAL enable_mergejoin = off');
    await matchArticles(tx, has, plan.alternatives);
    result = await mergeArticles(tx, plan, has);
    await tx.query(
      `INSERT INTO ${ERRORS} (run_id, line, order_number, reason) SELECT $1, line, ${
        has('orderNumber') ? 'order_number' : 'NULL'
      }, error FROM import_batch WHERE error IS NOT NULL`,
      [plan.runId],
    );
  }
  if (data.errorCount > 0) {
    await tx.copyFrom(`COPY ${ERRORS} (run_id, line, order_number, reason) FROM STDIN`, data.errors);
  }
  const counted = await tx.query(
    `UPDATE ${RUNS} SET created_count = created_count + $2, updated_count = updated_count + $3,
       error_count = error_count + $4, last_committed_line = $5, processed_rows = greatest(processed_rows, $6),
       percent = greatest(percent, $7), heartbeat_at = now()
     WHERE id = $1 AND state = 'RUNNING' RETURNING abort_requested`,
    [
      plan.runId,
      result.created,
      result.updated,
      result.failed + data.errorCount,
      data.lastLine,
      data.processedRows,
      data.percent,
    ],
  );
  if (counted.rowCount === 0) throw new RunStoppedError();
  return {
    ...result,
    failed: result.failed + data.errorCount,
    abortRequested: counted.rows[0]?.abort_requested === true,
  };
}

/** The run is no longer RUNNING (reported failed by another process): the batch must not commit. */
export class RunStoppedError extends Error {
  constructor() {
    super('Der Import wurde inzwischen beendet.');
  }
}

/**
 * SPEC: matched by manufacturer + order number, then manufacturer number, then the alternative numbers
 * remembered from manual assignments (issue #6: "so the next import finds it"). Numbers compare
 * case-insensitively in the "C" collation of the article indexes.
 */
async function matchArticles(
  tx: BulkTransaction,
  has: (field: ImportField) => boolean,
  alternatives: boolean,
): Promise<void> {
  const direct = (column: string) =>
    `UPDATE import_batch b SET article_id = a.id FROM ${ARTICLES} a
     WHERE b.article_id IS NULL AND b.${column} IS NOT NULL AND a.manufacturer_id = b.manufacturer_id
       AND lower(a.${column}) COLLATE "C" = lower(b.${column})`;
  // One index probe per still unmatched row (a join would let the planner scan the catalog per batch).
  const alternative = (column: string, kind: 'ORDER' | 'MANUFACTURER') =>
    `UPDATE import_batch b SET article_id = x.id, via_alternative = true
     FROM (SELECT u.line, (SELECT n.article_id FROM ${ALTERNATIVES} n JOIN ${ARTICLES} a ON a.id = n.article_id
             WHERE n.kind = '${kind}' AND lower(n.number) COLLATE "C" = lower(u.${column})
               AND a.manufacturer_id = u.manufacturer_id LIMIT 1) AS id
           FROM import_batch u WHERE u.article_id IS NULL AND u.${column} IS NOT NULL) x
     WHERE x.id IS NOT NULL AND b.line = x.line`;
  const statements: string[] = [];
  if (has('orderNumber')) statements.push(direct('order_number'));
  if (has('manufacturerNumber')) statements.push(direct('manufacturer_number'));
  if (alternatives && has('orderNumber')) statements.push(alternative('order_number', 'ORDER'));
  if (alternatives && has('manufacturerNumber'))
    statements.push(alternative('manufacturer_number', 'MANUFACTURER'));
  for (const statement of statements) await tx.query(statement);
  if (has('manufacturerNumber')) {
    // A row matched by its order number must not take a manufacturer number another article carries.
    await tx.query(
      `UPDATE import_batch b
       SET error = 'Die Herstellernummer „' || b.manufacturer_number || '“ gehört bereits zu einem anderen Artikel dieses Herstellers.'
       FROM ${ARTICLES} a
       WHERE b.manufacturer_number IS NOT NULL AND b.article_id IS NOT NULL AND NOT b.via_alternative
         AND a.manufacturer_id = b.manufacturer_id
         AND lower(a.manufacturer_number) COLLATE "C" = lower(b.manufacturer_number) AND a.id <> b.article_id`,
    );
  }
}

async function mergeArticles(
  tx: BulkTransaction,
  plan: BatchPlan,
  has: (field: ImportField) => boolean,
): Promise<BatchResult> {
  const articleColumns = plan.columns.filter((column) => column.field in ARTICLE_COLUMNS);
  // Empty cells keep what the article has (a supplier's blank is "unknown", not "delete"); an article
  // found through an alternative number keeps its own numbers.
  const values = articleColumns.map((column) => {
    const name = q(column.name);
    const value = `coalesce(b.${name}, a.${name})`;
    const kept = column.field === 'orderNumber' || column.field === 'manufacturerNumber';
    return { name, value: kept ? `CASE WHEN b.via_alternative THEN a.${name} ELSE ${value} END` : value };
  });
  values.push({
    name: 'unit_id',
    // The file's unit (null without a unit column), else the article's, else the configuration's default.
    value: 'coalesce(b.unit_id, a.unit_id, $1::uuid)',
  });
  values.push({ name: 'article_import_source', value: "'CSV'::article_import_source" });
  // Only articles whose values change are written: re-importing a price list with few changes touches
  // few rows (and none of the catalog's many indexes for the rest).
  await tx.query(
    `UPDATE ${ARTICLES} a SET ${values.map((column) => `${column.name} = ${column.value}`).join(', ')}, updated_at = now()
     FROM import_batch b WHERE a.id = b.article_id AND b.error IS NULL
       AND (${values.map((column) => `a.${column.name} IS DISTINCT FROM ${column.value}`).join(' OR ')})`,
    [plan.defaultUnitId],
  );
  const updated = await tx.query(
    'SELECT count(DISTINCT article_id)::int AS matched FROM import_batch WHERE article_id IS NOT NULL AND error IS NULL',
  );
  const fresh = await tx.query(
    `UPDATE import_batch SET article_id = gen_random_uuid(), is_new = true WHERE article_id IS NULL AND error IS NULL`,
  );
  const names = articleColumns.map((column) => q(column.name));
  await tx.query(
    `INSERT INTO ${ARTICLES} (id, manufacturer_id, unit_id, ${[...names, 'article_import_source'].join(', ')})
     SELECT article_id, manufacturer_id, coalesce(unit_id, $1::uuid), ${[...names.map((name) => `b.${name}`), "'CSV'"].join(', ')}
     FROM import_batch b WHERE is_new`,
    [plan.defaultUnitId],
  );
  if (plan.wholesalerId && (has('wholesalerOrderNumber') || has('wholesalerPurchasePrice'))) {
    const orderNumber = has('wholesalerOrderNumber') ? 'wholesaler_order_number' : 'NULL::text';
    const price = has('wholesalerPurchasePrice') ? 'wholesaler_purchase_price' : 'NULL::numeric';
    await tx.query(
      `INSERT INTO ${INFOS} (article_id, wholesaler_id, order_number, purchase_price)
       SELECT DISTINCT ON (article_id) article_id, $1::uuid, ${orderNumber}, ${price} FROM import_batch
       WHERE error IS NULL AND (${orderNumber} IS NOT NULL OR ${price} IS NOT NULL)
       ORDER BY article_id, line DESC
       ON CONFLICT (article_id, wholesaler_id) DO UPDATE SET
         order_number = coalesce(excluded.order_number, ${INFOS}.order_number),
         purchase_price = coalesce(excluded.purchase_price, ${INFOS}.purchase_price)`,
      [plan.wholesalerId],
    );
  }
  const failed = await tx.query('SELECT count(*)::int AS failed FROM import_batch WHERE error IS NOT NULL');
  return {
    created: fresh.rowCount,
    updated: Number(updated.rows[0]?.matched ?? 0),
    failed: Number(failed.rows[0]?.failed ?? 0),
  };
}

/**
 * Merges the pending lists of the catalog's GIN (trigram search) indexes after an import, so that searches
 * do not scan the freshly imported rows one by one.
 */
export async function mergeSearchIndexes(tx: BulkTransaction): Promise<void> {
  // Fresh statistics after a bulk load (PGlite has no autovacuum to gather them).
  await tx.query(`ANALYZE ${ARTICLES}`);
  await tx.query(
    `SELECT gin_clean_pending_list(i.indexrelid) FROM pg_index i
     JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
     WHERE i.indrelid = '${ARTICLES}'::regclass AND am.amname = 'gin'`,
  );
}
