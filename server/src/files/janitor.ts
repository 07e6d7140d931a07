import { setImmediate as nextTurn } from 'node:timers/promises';
import { germanNumber } from '@portal/domain/rules/german-number';
import type { Db } from '../db/client';
import { isOwnedByRow, referencedPaths } from './file-references';
import type { FileStorage, RemovedLeftovers, StoredFile } from './storage';
import { takeLease } from './sweep-lease';

/** Leftovers younger than this are left alone: their save or their row may still be on its way. */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000;
/** The janitor runs on start and then this often, in every server process (one at a time sweeps). */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const LEASE = 'storage_sweep';
/** A sweeper renews its lease after every batch; one that died frees it after this. */
const LEASE_HOLD_MS = 10 * 60 * 1000;
const BATCH = 500;

export interface JanitorDeps {
  db: Db;
  storage: FileStorage;
  log: (message: string) => void;
}

export interface SweepReport {
  /** Partial files and unfinished uploads of saves whose process died. */
  leftovers: RemovedLeftovers;
  /** Stored files no row references (the row never committed, or the file outlived its row). */
  unreferenced: RemovedLeftovers;
}

const bytes = (count: number) => `${germanNumber(count)} Bytes`;
const files = (count: number) => (count === 1 ? '1 Datei' : `${germanNumber(count)} Dateien`);

/**
 * One sweep of the file storage: removes what saves left behind and stored files that no row references,
 * both only when older than LEFTOVER_AGE_MS. The listing is streamed and checked against the database in
 * batches, with a turn of the event loop between them, so that requests are served meanwhile (on PGlite
 * too). Null when another process is sweeping.
 */
export async function sweepStorage(
  deps: JanitorDeps,
  options: { now?: Date; batchSize?: number } = {},
): Promise<SweepReport | null> {
  const lease = await takeLease(deps.db, LEASE, LEASE_HOLD_MS);
  if (!lease) return null;
  try {
    const before = new Date((options.now ?? new Date()).getTime() - LEFTOVER_AGE_MS);
    const leftovers = await deps.storage.removeLeftovers(before);
    const unreferenced = { count: 0, bytes: 0 };
    let batch: StoredFile[] = [];
    const removeUnreferenced = async () => {
      const referenced = await referencedPaths(
        deps.db,
        batch.map((file) => file.path),
      );
      for (const file of batch) {
        if (referenced.has(file.path) || !(await deps.storage.remove(file.path))) continue;
        unreferenced.count += 1;
        unreferenced.bytes += file.size;
      }
      batch = [];
      await nextTurn();
      return lease.renew();
    };
    for await (const file of deps.storage.listAll()) {
      if (file.lastModified >= before || !isOwnedByRow(file.path)) continue;
      batch.push(file);
      // A lost lease (this sweep took longer than its hold): the other sweeper goes on from here.
      if (batch.length >= (options.batchSize ?? BATCH) && !(await removeUnreferenced())) break;
    }
    if (batch.length > 0) await removeUnreferenced();
    deps.log(
      `Dateispeicher aufgeräumt: ${files(leftovers.count + unreferenced.count)} mit ${bytes(leftovers.bytes + unreferenced.bytes)} entfernt ` +
        `(${leftovers.count} unvollständig gespeicherte mit ${bytes(leftovers.bytes)}, ${unreferenced.count} ohne zugehörigen Datensatz mit ${bytes(unreferenced.bytes)}).`,
    );
    return { leftovers, unreferenced };
  } finally {
    await lease.release();
  }
}
