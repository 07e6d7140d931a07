/** The PostgreSQL error under Drizzle's wrapper (the driver's error, with its SQLSTATE, is in `cause`). */
export function pgErrorOf(error: unknown): { code?: string; constraint?: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const cause = (error as { cause?: unknown }).cause ?? error;
  return typeof cause === 'object' && cause !== null
    ? (cause as { code?: string; constraint?: string })
    : null;
}

/** A row refers to one that is gone (SQLSTATE 23503), e.g. removed by another request meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgErrorOf(error)?.code === '23503';
}
