import type { ImportField } from '@portal/domain/rules/import-mapping';
import type { BulkTransaction } from '../../db/client';
import {
  ALTERNATIVES,
  ARTICLE_COLUMNS,
  ARTICLES,
  CHANGES,
  ERRORS,
  INFOS,
  q,
  RUNS,
  type StagedColumn,
  UNITS,
} from './staging';

/**
 * Set-based matching and writing of the staged rows into the catalog. `writeStaged` works on the whole
 * staging table (one large transaction) or on a range of file lines (one chunk of a chunked import).
 */

export interface MergePlan {
  runId: string;
  /** The run's staging table (staging.ts). */
  staging: string;
  columns: StagedColumn[];
  defaultUnitId: string | null;
  /** Wholesaler of the configuration; its prices are written only with one. */
  wholesalerId: string | null;
  /** Whether the catalog has alternative numbers at all (else that matching step is skipped). */
  alternatives: boolean;
  /** Author of the change entries the import records: "Import <Dateiname>". */
  author: string;
  /** Rows that match no article are refused instead of created (a catalog's price update). */
  updateOnly?: boolean;
}

/** Are there alternative numbers to match against? Asked once per import, not once per chunk. */
export async function hasAlternativeNumbers(tx: BulkTransaction): Promise<boolean> {
  const result = await tx.query(`SELECT EXISTS (SELECT 1 FROM ${ALTERNATIVES}) AS present`);
  return result.rows[0]?.present === true;
}

export interface MergeResult {
  created: number;
  /** Matched articles whose values changed. */
  updated: number;
  /** Matched articles the file left as they were (not reported as "aktualisiert"). */
  unchanged: number;
  failed: number;
}

/**
 * Lines `from` < line <= `to` of the file (either bound may be left open); `recheck`: only the rows marked
 * for a second check (names resolved in the preview). null: all staged rows.
 */
export type LineRange = { from?: number; to?: number; recheck?: boolean } | null;

/** The SQL condition of a range on the staged rows of `alias` (empty for all rows). */
export function inRange(alias: string, range: LineRange): string {
  if (!range) return '';
  let condition = '';
  if (range.from !== undefined) condition += ` AND ${alias}.line > ${Number(range.from)}`;
  if (range.to !== undefined) condition += ` AND ${alias}.line <= ${Number(range.to)}`;
  if (range.recheck) condition += ` AND ${alias}.recheck`;
  return condition;
}

const hasField = (plan: MergePlan) => (field: ImportField) =>
  plan.columns.some((column) => column.field === field);

/**
 * SPEC: matched by manufacturer + order number, then manufacturer number, then the alternative numbers
 * remembered from manual assignments (so the next import finds them). Numbers compare
 * case-insensitively in the "C" collation of the article indexes. One statement per step over the staged
 * rows of `range` (or all of them: then the planner joins by hash when the file is large).
 */
export async function matchStaged(tx: BulkTransaction, plan: MergePlan, range: LineRange): Promise<void> {
  const has = hasField(plan);
  const staging = plan.staging;
  const direct = (column: string) =>
    `UPDATE ${staging} b SET article_id = a.id FROM ${ARTICLES} a
     WHERE b.error IS NULL AND b.article_id IS NULL AND b.${column} IS NOT NULL${inRange('b', range)}
       AND a.manufacturer_id = b.manufacturer_id AND lower(a.${column}) COLLATE "C" = lower(b.${column})`;
  const alternative = (column: string, kind: 'ORDER' | 'MANUFACTURER') =>
    `UPDATE ${staging} b SET article_id = x.id, via_alternative = true
     FROM (SELECT u.line, (SELECT n.article_id FROM ${ALTERNATIVES} n JOIN ${ARTICLES} a ON a.id = n.article_id
             WHERE n.kind = '${kind}' AND lower(n.number) COLLATE "C" = lower(u.${column})
               AND a.manufacturer_id = u.manufacturer_id LIMIT 1) AS id
           FROM ${staging} u WHERE u.error IS NULL AND u.article_id IS NULL AND u.${column} IS NOT NULL${inRange('u', range)}) x
     WHERE x.id IS NOT NULL AND b.line = x.line`;
  await tx.query(direct('order_number'));
  if (has('manufacturerNumber')) await tx.query(direct('manufacturer_number'));
  if (plan.alternatives) await tx.query(alternative('order_number', 'ORDER'));
  if (plan.alternatives && has('manufacturerNumber'))
    await tx.query(alternative('manufacturer_number', 'MANUFACTURER'));
  if (plan.updateOnly) {
    await tx.query(
      `UPDATE ${staging} b
       SET error = 'Preisaktualisierung: Der Artikel „' || coalesce(b.order_number, '') || '“ ist nicht im Katalog; es werden nur Preise vorhandener Artikel geändert.',
         error_kind = 'NOT_IN_CATALOG'
       WHERE b.error IS NULL AND b.article_id IS NULL${inRange('b', range)}`,
    );
  }
  if (has('manufacturerNumber')) {
    // A row matched by its order number must not take a manufacturer number another article carries.
    await tx.query(
      `UPDATE ${staging} b
       SET error = 'Die Herstellernummer „' || b.manufacturer_number || '“ gehört bereits zu einem anderen Artikel dieses Herstellers.',
         error_kind = 'NUMBER_TAKEN'
       FROM ${ARTICLES} a
       WHERE b.error IS NULL AND b.manufacturer_number IS NOT NULL AND b.article_id IS NOT NULL${inRange('b', range)}
         AND NOT b.via_alternative AND a.manufacturer_id = b.manufacturer_id
         AND lower(a.manufacturer_number) COLLATE "C" = lower(b.manufacturer_number) AND a.id <> b.article_id`,
    );
  }
}

/**
 * One column of an update: its new value from the staged row `b` and the article `a`, and the field of the
 * article's history it is recorded as (null: not recorded).
 */
export interface UpdatedValue {
  name: string;
  value: string;
  audited: { field: string; type: string } | null;
}

/** The SET list of an update of a matched article from its staged row (`a` the article, `b` the row). */
export function updatedValues(plan: MergePlan) {
  const articleColumns = plan.columns.filter((column) => column.field in ARTICLE_COLUMNS);
  // Empty cells keep what the article has (a supplier's blank is "unknown", not "delete"); an article
  // found through an alternative number keeps its own numbers.
  const values: UpdatedValue[] = articleColumns.map((column) => {
    const name = q(column.name);
    const value = `coalesce(b.${name}, a.${name})`;
    const kept = column.field === 'orderNumber' || column.field === 'manufacturerNumber';
    return {
      name,
      value: kept ? `CASE WHEN b.via_alternative THEN a.${name} ELSE ${value} END` : value,
      audited: { field: column.field as string, type: column.type },
    };
  });
  // The file's unit (null without a unit column), else the article's, else the configuration's default.
  values.push({
    name: 'unit_id',
    value: 'coalesce(b.unit_id, a.unit_id, $1::uuid)',
    audited: { field: 'unit', type: 'uuid' },
  });
  values.push({ name: 'article_import_source', value: "'CSV'::article_import_source", audited: null });
  return { articleColumns, values };
}

export const changedPredicate = (values: UpdatedValue[]) =>
  `(${values.map((column) => `a.${column.name} IS DISTINCT FROM ${column.value}`).join(' OR ')})`;

/** How many rows would create an article, and how many would change a matched one. */
export async function countWrites(
  tx: BulkTransaction,
  plan: MergePlan,
): Promise<{ fresh: number; changed: number; catalog: number }> {
  const staging = plan.staging;
  const { values } = updatedValues(plan);
  const result = await tx.query(
    `SELECT count(*) FILTER (WHERE b.article_id IS NULL)::int AS fresh,
       count(*) FILTER (WHERE b.article_id IS NOT NULL AND ${changedPredicate(values)})::int AS changed,
       (SELECT count(*) FROM ${ARTICLES})::int AS catalog
     FROM ${staging} b LEFT JOIN ${ARTICLES} a ON a.id = b.article_id WHERE b.error IS NULL`,
    [plan.defaultUnitId],
  );
  const row = result.rows[0] ?? {};
  return {
    fresh: Number(row.fresh ?? 0),
    changed: Number(row.changed ?? 0),
    catalog: Number(row.catalog ?? 0),
  };
}

/**
 * A value as the article's form records it (SPEC §3 changeEntries: '71.4', 'true', no empty text), so that
 * the history shows an import like a manual edit. Units stay ids here; they are named once a change is found.
 */
function recordedText(expression: string, type: string): string {
  if (type.startsWith('numeric')) return `trim_scale(${expression})::text`;
  if (type === 'text') return `nullif(${expression}, '')`;
  return `(${expression})::text`;
}

/** A unit id (as text) by the unit's name, as the form records it; a deleted unit keeps its id. */
const unitName = (id: string) =>
  `coalesce((SELECT u.display_name FROM ${UNITS} u WHERE u.id = ${id}::uuid), ${id})`;

/**
 * One history entry per changed article and run: one change entry per changed field, old -> new, author
 * "Import <Datei>", all with the transaction's time. Recorded set-based before the UPDATE, comparing the
 * article's values with those the UPDATE will write.
 */
async function recordImportChanges(
  tx: BulkTransaction,
  plan: MergePlan,
  range: LineRange,
  values: UpdatedValue[],
): Promise<void> {
  const staging = plan.staging;
  const fields = values.flatMap(({ name, value, audited }) =>
    audited
      ? [
          `('${audited.field}', ${recordedText(`a.${name}`, audited.type)}, ${recordedText(value, audited.type)})`,
        ]
      : [],
  );
  const named = (value: string) => `CASE WHEN c.field = 'unit' THEN ${unitName(value)} ELSE ${value} END`;
  await tx.query(
    `INSERT INTO ${CHANGES} (entity_type, entity_id, user_name, field, old_value, new_value)
     SELECT 'ARTICLE', c.id, $2, c.field, ${named('c.old_value')}, ${named('c.new_value')}
     FROM (SELECT a.id, f.field, f.old_value, f.new_value
           FROM ${staging} b JOIN ${ARTICLES} a ON a.id = b.article_id
           CROSS JOIN LATERAL (VALUES ${fields.join(', ')}) f(field, old_value, new_value)
           WHERE b.error IS NULL${inRange('b', range)} AND f.old_value IS DISTINCT FROM f.new_value) c`,
    [plan.defaultUnitId, plan.author],
  );
}

/**
 * A matched article whose order or manufacturer number the file replaces keeps the old one as an
 * alternative (unless it is one already, in any case), so that the next import of an older list still
 * finds it; the history records the alternatives' list before and after, as the article's form does.
 */
async function keepReplacedNumbers(tx: BulkTransaction, plan: MergePlan, range: LineRange): Promise<void> {
  const staging = plan.staging;
  const has = hasField(plan);
  const kinds = [
    ...(has('orderNumber') ? [{ kind: 'ORDER', column: 'order_number' }] : []),
    ...(has('manufacturerNumber') ? [{ kind: 'MANUFACTURER', column: 'manufacturer_number' }] : []),
  ];
  if (kinds.length === 0) return;
  const numbers = kinds
    .map(({ kind, column }) => `('${kind}'::article_number_kind, a.${column}, b.${column})`)
    .join(', ');
  await tx.query(
    `WITH added AS (
       INSERT INTO ${ALTERNATIVES} (article_id, kind, number, position)
       SELECT a.id, k.kind, k.old_number,
         coalesce((SELECT max(n.position) + 1 FROM ${ALTERNATIVES} n WHERE n.article_id = a.id AND n.kind = k.kind), 0)
       FROM ${staging} b JOIN ${ARTICLES} a ON a.id = b.article_id
       CROSS JOIN LATERAL (VALUES ${numbers}) k(kind, old_number, new_number)
       WHERE b.error IS NULL${inRange('b', range)} AND NOT b.via_alternative
         AND k.old_number IS NOT NULL AND k.new_number IS NOT NULL AND lower(k.old_number) <> lower(k.new_number)
         AND NOT EXISTS (SELECT 1 FROM ${ALTERNATIVES} n
                         WHERE n.article_id = a.id AND n.kind = k.kind AND lower(n.number) = lower(k.old_number))
       ON CONFLICT DO NOTHING
       RETURNING article_id, kind, number)
     INSERT INTO ${CHANGES} (entity_type, entity_id, user_name, field, old_value, new_value)
     SELECT 'ARTICLE', x.article_id, $1,
       CASE WHEN x.kind = 'ORDER' THEN 'possibleOrderNumbers' ELSE 'possibleManufacturerNumbers' END,
       o.list, concat_ws(', ', o.list, x.number)
     FROM added x CROSS JOIN LATERAL (
       SELECT string_agg(n.number, ', ' ORDER BY n.position, n.number) AS list
       FROM ${ALTERNATIVES} n WHERE n.article_id = x.article_id AND n.kind = x.kind) o`,
    [plan.author],
  );
}

/** Writes the staged rows of `range` (or all) into the catalog: updates, new articles, prices, error rows. */
export async function writeStaged(
  tx: BulkTransaction,
  plan: MergePlan,
  range: LineRange,
): Promise<MergeResult> {
  const staging = plan.staging;
  const has = hasField(plan);
  const { articleColumns, values } = updatedValues(plan);
  // Counted first (writing does not change the staged rows): a range without matched rows (a new
  // catalog, most chunks of a large new file) skips the three statements that only concern matched ones.
  const counts = await tx.query(
    `SELECT count(DISTINCT article_id) FILTER (WHERE error IS NULL)::int AS matched,
       count(*) FILTER (WHERE error IS NOT NULL)::int AS failed
     FROM ${staging} b WHERE (b.article_id IS NOT NULL OR b.error IS NOT NULL)${inRange('b', range)}`,
  );
  const matched = Number(counts.rows[0]?.matched ?? 0);
  let updated = 0;
  if (matched > 0) {
    // What an import changes stays traceable: the history of each changed article and the numbers it had, before they are replaced.
    await recordImportChanges(tx, plan, range, values);
    await keepReplacedNumbers(tx, plan, range);
    // Only articles whose values change are written: re-importing a price list with few changes touches
    // few rows (and none of the catalog's many indexes for the rest).
    const result = await tx.query(
      `UPDATE ${ARTICLES} a SET ${values.map((column) => `${column.name} = ${column.value}`).join(', ')}, updated_at = now()
       FROM ${staging} b WHERE a.id = b.article_id AND b.error IS NULL${inRange('b', range)} AND ${changedPredicate(values)}`,
      [plan.defaultUnitId],
    );
    updated = result.rowCount;
  }
  const names = articleColumns.map((column) => q(column.name));
  const created = await tx.query(
    `INSERT INTO ${ARTICLES} (id, manufacturer_id, unit_id, ${[...names, 'article_import_source'].join(', ')})
     SELECT new_id, manufacturer_id, coalesce(unit_id, $1::uuid), ${[...names.map((name) => `b.${name}`), "'CSV'"].join(', ')}
     FROM ${staging} b WHERE b.article_id IS NULL AND b.error IS NULL${inRange('b', range)}`,
    [plan.defaultUnitId],
  );
  if (plan.wholesalerId && (has('wholesalerOrderNumber') || has('wholesalerPurchasePrice'))) {
    const orderNumber = has('wholesalerOrderNumber') ? 'wholesaler_order_number' : 'NULL::text';
    const price = has('wholesalerPurchasePrice') ? 'wholesaler_purchase_price' : 'NULL::numeric';
    await tx.query(
      `INSERT INTO ${INFOS} (article_id, wholesaler_id, order_number, purchase_price)
       SELECT DISTINCT ON (coalesce(article_id, new_id)) coalesce(article_id, new_id), $1::uuid, ${orderNumber}, ${price}
       FROM ${staging} b WHERE b.error IS NULL${inRange('b', range)} AND (${orderNumber} IS NOT NULL OR ${price} IS NOT NULL)
       ORDER BY coalesce(article_id, new_id), line DESC
       ON CONFLICT (article_id, wholesaler_id) DO UPDATE SET
         order_number = coalesce(excluded.order_number, ${INFOS}.order_number),
         purchase_price = coalesce(excluded.purchase_price, ${INFOS}.purchase_price)`,
      [plan.wholesalerId],
    );
  }
  const failed = Number(counts.rows[0]?.failed ?? 0);
  if (failed > 0) {
    await tx.query(
      `INSERT INTO ${ERRORS} (run_id, line, order_number, reason)
       SELECT $1, line, order_number, error FROM ${staging} b WHERE b.error IS NOT NULL${inRange('b', range)}`,
      [plan.runId],
    );
  }
  return {
    created: created.rowCount,
    updated,
    unchanged: Math.max(0, matched - updated),
    failed,
  };
}

/** The run is no longer RUNNING (reported failed by another process): the write must not commit. */
export class RunStoppedError extends Error {
  constructor() {
    super('Der Import wurde inzwischen beendet.');
  }
}

/**
 * Adds what a transaction wrote to the run's counters, in that same transaction: the run always states
 * exactly what reached the catalog. Throws (rolling the write back) when the run stopped meanwhile. The
 * heartbeat is the clock's, not now(): that is when a long transaction began, and the committed heartbeat
 * would look stale to other processes (import-recovery.ts).
 */
export async function recordWritten(
  tx: BulkTransaction,
  runId: string,
  result: MergeResult,
  progress: { lastLine: number; processedRows: number; percent: number },
): Promise<{ abortRequested: boolean }> {
  const counted = await tx.query(
    `UPDATE ${RUNS} SET created_count = created_count + $2, updated_count = updated_count + $3,
       error_count = error_count + $4, last_committed_line = $5, processed_rows = greatest(processed_rows, $6),
       percent = greatest(percent, $7), unchanged_count = unchanged_count + $8,
       heartbeat_at = greatest(heartbeat_at, clock_timestamp())
     WHERE id = $1 AND state = 'RUNNING' RETURNING abort_requested`,
    [
      runId,
      result.created,
      result.updated,
      result.failed,
      progress.lastLine,
      progress.processedRows,
      progress.percent,
      result.unchanged,
    ],
  );
  if (counted.rowCount === 0) throw new RunStoppedError();
  return { abortRequested: counted.rows[0]?.abort_requested === true };
}
