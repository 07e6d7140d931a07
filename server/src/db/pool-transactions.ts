import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client';

/** The parts of drizzle's node-postgres session a pooled transaction needs (private in its types). */
interface SessionInternals {
  dialect: ConstructorParameters<typeof NodePgTransaction>[0];
  schema: ConstructorParameters<typeof NodePgTransaction>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction(work: (tx: unknown) => Promise<unknown>, config?: PgTransactionConfig): Promise<unknown>;
}

/**
 * drizzle's pooled `transaction` sends `begin` before its try/finally: when the database ends the connection
 * between the checkout and `begin` (a restart, a failover), the connection is never released, and after a
 * few such moments the pool has none left and every request waits for one until it times out (503 for good,
 * and `close()` waits forever). This is the same transaction with the connection released in every case,
 * and dropped from the pool when it failed.
 */
export function releaseOnEveryOutcome(db: Db, pool: pg.Pool): void {
  const session = (db as unknown as { session: SessionInternals }).session;
  session.transaction = async (work, config) => {
    const connection = await pool.connect();
    let failure: Error | undefined;
    try {
      const tx = new NodePgTransaction(
        session.dialect,
        new NodePgSession(connection, session.dialect, session.schema, session.options),
        session.schema,
      );
      await tx.execute(sql`begin`);
      try {
        if (config) await tx.setTransaction(config);
        const result = await work(tx);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`).catch((rollbackError: Error) => {
          failure = rollbackError;
        });
        throw error;
      }
    } catch (error) {
      failure ??= isConnectionGone(connection) ? (error as Error) : undefined;
      throw error;
    } finally {
      connection.release(failure);
    }
  };
}

/** pg marks a client whose socket ended or failed as no longer queryable. */
function isConnectionGone(connection: pg.PoolClient): boolean {
  const internals = connection as unknown as { _ending?: boolean; _queryable?: boolean };
  return internals._ending === true || internals._queryable === false;
}
