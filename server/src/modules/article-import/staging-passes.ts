import type { BulkSession, BulkTransaction } from '../../db/client';
import { nextPieceSize, PGLITE_TARGET_MS, yieldToRequests } from '../../db/pacing';
import type { LineRange } from './catalog-merge';

/**
 * How the preview's statements walk a staging table. PostgreSQL: each statement over all
 * staged rows at once, inside the caller's transaction. PGlite has ONE connection for everybody: a statement
 * over a whole large file would stop every other request, so there each pass runs in ranges of file lines,
 * each a short transaction, with a turn of the event loop between them (ARCHITECTURE §3a).
 */
export interface StagingPasses {
  /** `work` over every staged row (or only those marked `recheck`), as one range or range by range. */
  each(
    work: (tx: BulkTransaction, range: LineRange) => Promise<void>,
    only?: { recheck: true },
  ): Promise<void>;
  /** A few statements over the whole table at once. */
  once<T>(work: (tx: BulkTransaction) => Promise<T>): Promise<T>;
}

/** All passes inside one transaction (PostgreSQL). */
export function transactionPasses(tx: BulkTransaction): StagingPasses {
  return {
    each: (work, only) => work(tx, only ? { recheck: true } : null),
    once: (work) => work(tx),
  };
}

/** Passes in ranges of lines up to `lastLine`, each range its own transaction (PGlite). */
export function chunkedPasses(
  session: BulkSession,
  lastLine: number,
  options: { stopped?: () => boolean } = {},
): StagingPasses {
  let lines = 500;
  return {
    async each(work, only) {
      let from = 0;
      while (from < lastLine && !options.stopped?.()) {
        const started = performance.now();
        const to = Math.min(lastLine, from + lines);
        await session.transaction(async (tx) => {
          // A range pairs a few thousand staged rows with the (large) catalog through its indexes.
          await tx.query('SET LOCAL enable_hashjoin = off');
          await tx.query('SET LOCAL enable_mergejoin = off');
          await work(tx, { from, to, recheck: only?.recheck });
        });
        const took = Math.max(1, performance.now() - started);
        lines = nextPieceSize(lines, took, { targetMs: PGLITE_TARGET_MS, min: 200, max: 100_000 });
        from = to;
        await yieldToRequests();
      }
    },
    async once(work) {
      const result = await session.transaction(work);
      await yieldToRequests();
      return result;
    },
  };
}
