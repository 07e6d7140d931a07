import type { Database } from '../../db/client';
import { DEFAULT_STALE_AFTER_MS } from './article-import.service';
import { failStaleRuns } from './import-run.repository';

/**
 * At server start: a run left active by a killed server is reported failed. The embedded database belongs
 * to this one process (lock file), so every active run there is dead; on PostgreSQL other processes may be
 * importing, so only runs without a heartbeat for DEFAULT_STALE_AFTER_MS are.
 */
export async function recoverInterruptedImports(database: Database): Promise<number> {
  return failStaleRuns(database.db, database.kind === 'pglite' ? 0 : DEFAULT_STALE_AFTER_MS);
}
