/**
 * Failures that say "the database is away for a moment" (a restart, a failover, a dropped connection), not
 * "this request is wrong": the request answers 503 with Retry-After, a background job is retried.
 */

/** SQLSTATEs of a server going down or refusing connections for now; class 08 is "connection exception". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the connection was terminated (restart, pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections: full for the moment after a restart
]);

/** Socket errors of a connection that broke or could not be opened. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres and pg-pool say it in words only. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // 'Connection terminated unexpectedly', '… due to connection timeout'
  /^Client has encountered a connection error and is not queryable$/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
];

/**
 * The embedded database's thread (pglite-thread.ts) takes no more work for now: too many operations wait
 * for its one connection, or one waited too long (ARCHITECTURE §7: overload is answered 503 quickly), or
 * the thread ended.
 */
export class EmbeddedDatabaseUnavailableError extends Error {
  override name = 'EmbeddedDatabaseUnavailableError';
}

/** Seconds a client should wait before asking again (a restart usually takes a few seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function isUnavailableItself(error: object): boolean {
  if (error instanceof EmbeddedDatabaseUnavailableError) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  if (typeof code === 'string' && UNAVAILABLE_ERRNOS.has(code)) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * True when `error`, or an error it wraps (Drizzle puts the driver's error in `cause`; a failed connect
 * to several addresses is an AggregateError), is of the connection class.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (isUnavailableItself(current)) return true;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}
