/**
 * Lets queued requests run: PGlite answers in microtasks, so without a turn of the event loop between
 * two transactions of long work (imports, matching, line copies) no request (not even its HTTP parsing)
 * would get a chance (ARCHITECTURE §3a).
 */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
