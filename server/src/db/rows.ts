/** The rows of `db.execute(sql…)`: node-postgres answers `{ rows }`, PGlite's drizzle driver the same shape. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
