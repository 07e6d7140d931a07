import type { Database } from './db/client';
import { SWEEP_INTERVAL_MS, sweepStorage } from './files/janitor';
import type { FileStorage } from './files/storage';
import { repeatEvery } from './jobs/repeat';
import { failStaleImports } from './modules/article-import';

export interface HousekeepingDeps {
  database: Database;
  files: FileStorage;
  log: { info(message: string): void; error(message: string): void };
}

/**
 * One round: imports whose process died are ended (staging table and upload with them, so the janitor
 * then finds their files unreferenced), then the file storage is swept (files/janitor.ts).
 */
export async function keepHouse(deps: HousekeepingDeps): Promise<void> {
  await failStaleImports({ database: deps.database, files: deps.files });
  await sweepStorage({ db: deps.database.db, storage: deps.files, log: deps.log.info });
}

/**
 * Runs housekeeping now (after a crash there is most to clean up) and then every hour, in every server
 * process; a lease lets one process sweep at a time. Errors are logged and the timer goes on. Returns
 * the function that stops it.
 */
export function startHousekeeping(deps: HousekeepingDeps, intervalMs = SWEEP_INTERVAL_MS): () => void {
  return repeatEvery(
    () => keepHouse(deps),
    intervalMs,
    (error) => deps.log.error(`Aufräumen des Dateispeichers fehlgeschlagen: ${error.message}`),
  );
}
