/**
 * SQLSTATEs with which the database ends a connection (57P01 admin_shutdown: restart or
 * pg_terminate_backend, 57P02/57P03 crash and startup) or reports it broken (class 08).
 */
const LOST_STATES = /^(57P0[123]|08\d{3})$/;
/** Node's socket errors and node-postgres's words for a connection that went away. */
const LOST_ERRNOS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);
const LOST_MESSAGES = /Connection terminated|is not queryable/;

/** Did this error come from the database connection going away (not from the statement itself)? */
export function isConnectionLost(error: unknown): boolean {
  let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (LOST_STATES.test(code) || LOST_ERRNOS.has(code)) return true;
    if (typeof current.message === 'string' && LOST_MESSAGES.test(current.message)) return true;
    current = current.cause as typeof current;
  }
  return false;
}
