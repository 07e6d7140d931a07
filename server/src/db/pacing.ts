/**
 * Lets queued requests run: PGlite answers in microtasks, so without a turn of the event loop between
 * two transactions of long work (imports, matching, line copies) no request (not even its HTTP parsing)
 * would get a chance (ARCHITECTURE §3a).
 */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How long work on the embedded database holds its one connection (ARCHITECTURE §3a).
 * PGlite runs a transaction without turning the event loop: a request that arrives meanwhile waits for the
 * whole transaction. So long work's pieces on PGlite (an import's COPY pieces, preview passes and write
 * chunks, an export's batches) are sized to take about `PGLITE_TARGET_MS`, well below the 100 ms a request
 * may wait, with room for the spread of single pieces (a GIN pending-list merge, a garbage collection, a
 * busy CPU).
 */
export const PGLITE_TARGET_MS = 30;

/**
 * The size of the next piece of work after one of `size` took `tookMs`: towards `targetMs`, shrinking at
 * once after a slow piece but growing by at most half per step, so that one fast piece (a range of rows
 * that were all refused, say) does not make the next one several times too long.
 */
export function nextPieceSize(
  size: number,
  tookMs: number,
  limits: { targetMs: number; min: number; max: number },
): number {
  const factor = Math.min(1.5, limits.targetMs / Math.max(1, tookMs));
  return Math.round(Math.min(limits.max, Math.max(limits.min, size * factor)));
}
