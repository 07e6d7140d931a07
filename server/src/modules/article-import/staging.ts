import type { ImportField } from '@portal/domain/rules/import-mapping';
import { getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { BulkTransaction } from '../../db/client';
import {
  articleAlternativeNumbers,
  articleImportCatalogExtras,
  articleImportErrors,
  articleImportRuns,
  articles,
  articleWholesalerInfos,
  changeEntries,
  units,
} from '../../db/schema';
import { stagedFields } from './row-preparer';

/**
 * The staging table of an import (ARCHITECTURE §7: COPY first, then set-based SQL). The whole file is
 * copied into it before the catalog is touched; matching and writing then work on it as sets.
 */

type ArticleField = Exclude<
  ImportField,
  'manufacturer' | 'unit' | 'wholesalerOrderNumber' | 'wholesalerPurchasePrice'
>;

export const ARTICLE_COLUMNS: Record<ArticleField, PgColumn> = {
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
  for (const field of stagedFields(fields)) {
    if (field === 'wholesalerOrderNumber' || field === 'wholesalerPurchasePrice') {
      columns.push({ field, ...WHOLESALER_COLUMNS[field] });
      continue;
    }
    const column = ARTICLE_COLUMNS[field];
    columns.push({ field, name: column.name, type: column.getSQLType() });
  }
  return columns;
}

export const q = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
export const ARTICLES = q(getTableName(articles));
export const INFOS = q(getTableName(articleWholesalerInfos));
export const ALTERNATIVES = q(getTableName(articleAlternativeNumbers));
export const ERRORS = q(getTableName(articleImportErrors));
export const RUNS = q(getTableName(articleImportRuns));
export const CHANGES = q(getTableName(changeEntries));
export const UNITS = q(getTableName(units));
export const CATALOG_EXTRAS = q(getTableName(articleImportCatalogExtras));
const STAGING_PREFIX = 'import_staging_';

/**
 * The staging table of a run. A table of its own (not TEMP), so that the preview of a run
 * outlives the job that read the file: a request resolves names in it and the write phase after
 * "Übernehmen" (another job, maybe another server process) writes from it. UNLOGGED: never written to the
 * WAL, like a temporary table; it is dropped when the run ends.
 */
export function stagingTable(runId: string): string {
  return `${STAGING_PREFIX}${runId.replaceAll('-', '').toLowerCase()}`;
}

/**
 * Columns beyond the mapped fields: `new_id` is the id a row gets when it becomes a new article
 * (time-ordered, so new articles are appended to the primary key instead of scattered through it);
 * `article_id` the article it was matched to; `error` the German reason a row is refused and `error_kind` its
 * group (IMPORT_REFUSAL_KINDS). A row naming a manufacturer or unit the master data does not know keeps its
 * values and the name (`*_name`, and `*_key` as the names index compares it), so that it is taken over once
 * the name is resolved in the preview; `recheck` marks such rows while they are checked again.
 */
export async function createStagingTable(
  tx: BulkTransaction,
  table: string,
  columns: readonly StagedColumn[],
  options: { indexed: boolean },
): Promise<void> {
  const definitions = columns.map((column) => `, ${q(column.name)} ${column.type}`).join('');
  const hasOrderNumber = columns.some((column) => column.field === 'orderNumber');
  await tx.query(`DROP TABLE IF EXISTS ${table}`);
  await tx.query(
    `CREATE UNLOGGED TABLE ${table} (line integer NOT NULL, manufacturer_id uuid, unit_id uuid, new_id uuid${definitions}${
      hasOrderNumber ? '' : ', order_number text'
    }, article_id uuid, via_alternative boolean NOT NULL DEFAULT false, error text, error_kind text,
      manufacturer_name text, manufacturer_key text, unit_name text, unit_key text,
      recheck boolean NOT NULL DEFAULT false)`,
  );
  // PGlite: indexed while it is filled (each COPY a little slower) instead of one long CREATE INDEX later,
  // which would stop every other request (ARCHITECTURE §3a).
  if (options.indexed) await indexStagingTable(tx, table);
}

/** The columns a refused row keeps when it may be taken over later (an unknown name, resolved in the preview). */
export const HELD_COLUMNS = [
  'error',
  'error_kind',
  'manufacturer_name',
  'manufacturer_key',
  'unit_name',
  'unit_key',
] as const;

/** COPY column lists of staged rows, of refused rows that keep their values, and of other refused rows. */
export function copyStatements(table: string, columns: readonly StagedColumn[]) {
  const names = ['line', 'manufacturer_id', 'unit_id', 'new_id', ...columns.map((column) => q(column.name))];
  return {
    rows: `COPY ${table} (${names.join(', ')}) FROM STDIN`,
    held: `COPY ${table} (${[...names, ...HELD_COLUMNS].join(', ')}) FROM STDIN`,
    errors: `COPY ${table} (line, order_number, error, error_kind) FROM STDIN`,
  };
}

/** After matching (whose updates it would slow down): the lookup of a chunk's lines. */
export async function indexStagingTable(tx: BulkTransaction, table: string) {
  await tx.query(`CREATE INDEX IF NOT EXISTS ${table}_line ON ${table} (line)`);
}

/** After the file is staged: statistics for the planner's choice between hash join and index probes. */
export async function analyzeStagingTable(
  tx: BulkTransaction,
  table: string,
  columns: readonly StagedColumn[],
) {
  const has = (field: ImportField) => columns.some((column) => column.field === field);
  const analyzed = [
    'manufacturer_id',
    'order_number',
    ...(has('manufacturerNumber') ? ['manufacturer_number'] : []),
  ];
  await tx.query(`ANALYZE ${table} (${analyzed.join(', ')})`);
}

export async function dropStagingTable(tx: BulkTransaction, table: string): Promise<void> {
  await tx.query(`DROP TABLE IF EXISTS ${table}`);
}

/** Does the staging table of a run (still) exist? */
export async function stagingTableExists(tx: BulkTransaction, table: string): Promise<boolean> {
  const result = await tx.query('SELECT to_regclass($1) IS NOT NULL AS present', [table]);
  return result.rows[0]?.present === true;
}

/**
 * Drops the staging tables of runs that ended without dropping theirs (a killed server). Called by a run
 * that starts reading: only one run is active at a time, so every other staging table is left over.
 */
export async function dropOtherStagingTables(tx: BulkTransaction, keep: string): Promise<void> {
  const result = await tx.query(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND starts_with(tablename, $1)`,
    [STAGING_PREFIX],
  );
  for (const row of result.rows) {
    const name = String(row.tablename);
    if (name !== keep && /^import_staging_[0-9a-f]{32}$/.test(name)) await dropStagingTable(tx, name);
  }
}
