import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * pg-boss's `db` adapter for a Drizzle transaction: its SQL with `$1 … $n` placeholders is rebuilt as a
 * Drizzle query with the same parameters, so a job is inserted in the caller's transaction (on PGlite,
 * whose single connection is held by that transaction, it could not be inserted any other way).
 */
export function transactionExecutor(tx: DbOrTx) {
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<{ rows: Record<string, unknown>[] }> {
      const result = await tx.execute(toDrizzleSql(text, values));
      return { rows: (result as unknown as { rows: Record<string, unknown>[] }).rows };
    },
  };
}

export function toDrizzleSql(text: string, values: unknown[]): SQL {
  const pieces = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  pieces.forEach((piece, index) => {
    if (index % 2 === 0) {
      if (piece) chunks.push(sql.raw(piece));
      return;
    }
    const position = Number(piece) - 1;
    if (position < 0 || position >= values.length) throw new Error(`Parameter $${piece} fehlt.`);
    const value = values[position];
    chunks.push(sql`${value === undefined ? null : value}`);
  });
  return sql.join(chunks);
}
