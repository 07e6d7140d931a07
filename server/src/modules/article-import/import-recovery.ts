import type { Database } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import { dropStagingTableSoon, failStaleRuns } from './import-run.repository';
import { stagingTable } from './staging';

/**
 * A running import writes its heartbeat at least every 2 s (with its progress, ImportTuning.tickMs); one
 * silent for 10 s has lost its process. A queued run waits for a worker's poll (every 2 s): only one that
 * no worker took for 30 s is given up.
 */
export const STALE_AFTER_MS = 10_000;
export const QUEUED_STALE_AFTER_MS = 30_000;

/**
 * Drops the staging table of a run reported failed. Its process is gone, so nothing holds the table; should
 * it still live after all (a stalled event loop), the drop gives up after a moment instead of making this
 * request wait, and that process drops the table itself once it sees its run ended.
 */
async function dropStaging(database: Database, runId: string): Promise<void> {
  await dropStagingTableSoon(database.db, stagingTable(runId)).catch(() => {});
}

/**
 * Any process that finds an import whose heartbeat stopped reports it failed, drops its staging table and
 * removes its upload: a killed import leaves nothing behind and shows as running for seconds, not longer.
 * Returns how many runs it ended.
 */
export async function failStaleImports(
  deps: { database: Database; files: FileStorage },
  staleAfterMs = STALE_AFTER_MS,
  queuedAfterMs = QUEUED_STALE_AFTER_MS,
): Promise<number> {
  const stale = await failStaleRuns(deps.database.db, staleAfterMs, queuedAfterMs);
  for (const run of stale) {
    await dropStaging(deps.database, run.id);
    await deps.files.remove(run.filePath).catch(() => false);
  }
  return stale.length;
}

/**
 * At server start: a run left active by a killed server is reported failed. The embedded database belongs
 * to this one process (lock file), so every active run there is dead; on PostgreSQL other processes may be
 * importing, so only runs whose heartbeat stopped are.
 */
export async function recoverInterruptedImports(database: Database, files: FileStorage): Promise<number> {
  const embedded = database.kind === 'pglite';
  return embedded ? failStaleImports({ database, files }, 0, 0) : failStaleImports({ database, files });
}
