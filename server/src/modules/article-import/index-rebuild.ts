import type { BulkSession, BulkTransaction } from '../../db/client';
import { yieldToRequests } from '../../db/pacing';
import { ARTICLES, q } from './staging';

/**
 * A large write into the catalog without its secondary indexes and foreign keys, which are rebuilt
 * afterwards — all in the caller's ONE transaction. Maintaining 14 indexes row by row costs several times
 * what building them once costs (bench/README.md, "Artikelimport"); PostgreSQL's DDL is transactional, so a
 * crash or an abort rolls back the drop together with the rows: the catalog is never left without its
 * indexes. The price: the catalog table is locked exclusively until the commit, readers wait.
 *
 * The definitions are read from the database itself, so the migrations stay their only source.
 */

/** The catalog is busy (a long transaction holds it): the caller writes chunk by chunk instead. */
export class CatalogBusyError extends Error {
  constructor() {
    super('Der Artikelkatalog ist gerade gesperrt.');
  }
}

export interface RebuildOptions {
  /** How long to wait for the exclusive lock before giving up with CatalogBusyError. */
  lockTimeoutMs: number;
  /** Memory for each index build. */
  maintenanceWorkMem?: string;
  /** Called after each rebuilt index or constraint, with the share done (0–1). */
  onStep?: (share: number) => void;
  /** Checked between statements; throwing rolls everything back. */
  checkAbort?: () => void;
}

const LOCK_NOT_AVAILABLE = '55P03';

export async function withIndexesRebuilt<T>(
  tx: BulkTransaction,
  options: RebuildOptions,
  work: () => Promise<T>,
): Promise<T> {
  await tx.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(options.lockTimeoutMs))}`);
  try {
    await tx.query(`LOCK TABLE ${ARTICLES} IN ACCESS EXCLUSIVE MODE`);
  } catch (error) {
    if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) throw new CatalogBusyError();
    throw error;
  }
  await tx.query('SET LOCAL lock_timeout = 0');
  if (options.maintenanceWorkMem) {
    await tx.query(`SET LOCAL maintenance_work_mem = '${options.maintenanceWorkMem}'`);
  }
  const indexes = await tx.query(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = '${ARTICLES}'::regclass AND NOT i.indisprimary AND NOT i.indisunique
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
     ORDER BY c.relname`,
  );
  const foreignKeys = await tx.query(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
     WHERE conrelid = '${ARTICLES}'::regclass AND contype = 'f' ORDER BY conname`,
  );
  const quote = (name: unknown) => `"${String(name).replaceAll('"', '""')}"`;
  if (foreignKeys.rows.length > 0) {
    await tx.query(
      `ALTER TABLE ${ARTICLES} ${foreignKeys.rows.map((key) => `DROP CONSTRAINT ${quote(key.name)}`).join(', ')}`,
    );
  }
  if (indexes.rows.length > 0) {
    await tx.query(`DROP INDEX ${indexes.rows.map((index) => quote(index.name)).join(', ')}`);
  }
  const result = await work();
  const steps = foreignKeys.rows.length + indexes.rows.length;
  let done = 0;
  const step = () => {
    done++;
    options.onStep?.(done / steps);
    options.checkAbort?.();
  };
  options.checkAbort?.();
  // Re-adding a foreign key checks all rows in one query instead of one trigger call per inserted row.
  for (const key of foreignKeys.rows) {
    await tx.query(`ALTER TABLE ${ARTICLES} ADD CONSTRAINT ${quote(key.name)} ${String(key.definition)}`);
    step();
  }
  for (const index of indexes.rows) {
    await tx.query(String(index.definition));
    step();
  }
  return result;
}

/** The catalog's GIN (trigram search) indexes, as the FROM and WHERE of a query over `pg_index i`. */
const GIN_INDEXES = `FROM pg_index i
  JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
  WHERE i.indrelid = '${ARTICLES}'::regclass AND am.amname = 'gin'`;

/**
 * After an import: fresh statistics (PGlite has no autovacuum) and the pending lists of the catalog's GIN
 * (trigram search) indexes merged, so that searches do not scan freshly imported rows one by one. One short
 * transaction per column and per index (`stepwise`, PGlite), with a turn of the event loop between them:
 * there one ANALYZE of the whole table would stop every request for a second or more (ARCHITECTURE §3a).
 */
export async function mergeSearchIndexes(session: BulkSession, stepwise: boolean): Promise<void> {
  if (!stepwise) {
    await session.transaction(async (tx) => {
      await tx.query(`ANALYZE ${ARTICLES}`);
      await tx.query(`SELECT gin_clean_pending_list(i.indexrelid) ${GIN_INDEXES}`);
    });
    return;
  }
  const columns = await session.transaction((tx) =>
    tx.query(
      `SELECT attname FROM pg_attribute WHERE attrelid = '${ARTICLES}'::regclass AND attnum > 0 AND NOT attisdropped
       ORDER BY attnum`,
    ),
  );
  for (const row of columns.rows) {
    await session.transaction((tx) => tx.query(`ANALYZE ${ARTICLES} (${q(String(row.attname))})`));
    await yieldToRequests();
  }
  const indexes = await session.transaction((tx) =>
    tx.query(`SELECT i.indexrelid::int AS oid ${GIN_INDEXES}`),
  );
  for (const row of indexes.rows) {
    await session.transaction((tx) => tx.query('SELECT gin_clean_pending_list($1::int::oid)', [row.oid]));
    await yieldToRequests();
  }
}
