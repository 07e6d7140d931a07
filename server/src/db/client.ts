import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { releaseOnEveryOutcome } from './pool-transactions';
import * as schema from './schema';
import { sessionOptions } from './session-settings';

export { dumpPglite, openPglite, openPgliteThread } from './pglite-database';

export type Schema = typeof schema;
/** The one database handle type: the same query code runs on PGlite and PostgreSQL (ARCHITECTURE §3). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A handle inside `db.transaction(async (tx) => ...)`; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for pg-boss and bulk paths (COPY etc.); `values` empty means multi-statement SQL is allowed. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** A connection of its own for bulk work (article import): temporary tables, COPY, own transactions. */
  openBulkSession(): Promise<BulkSession>;
  /**
   * The connection pool for the operator's metrics: connections open, idle, and queries waiting for one
   * (on PGlite's thread: the one connection, and the operations waiting for it).
   */
  poolStats(): { total: number; idle: number; waiting: number };
  /**
   * LISTEN on `channel` (live events, events/live-hub.ts): one listening connection per process on PostgreSQL, kept
   * up with reconnects (`onReconnect` after one: what was sent meanwhile is lost); on PGlite its own listener
   * (on its thread: the notifications are handed over to this one).
   * Returns the function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Runs `work` while no other server process runs work under the same `name` (migrations, the demo seed:
   * two processes starting at once on one database). PostgreSQL: a session advisory lock on a connection of
   * its own, released with it; PGlite (one process): one after the other in this process.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface BulkQueryResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}

export interface BulkTransaction {
  query(text: string, values?: unknown[]): Promise<BulkQueryResult>;
  /**
   * Loads `data` (COPY text format: tab-separated, `\N` for null) with `copySql`, a
   * `COPY table (columns) FROM STDIN` statement: streamed on PostgreSQL, from a blob on PGlite.
   */
  copyFrom(copySql: string, data: string): Promise<void>;
}

export interface BulkSession {
  /** Runs `work` in one transaction on the session's connection; rolled back when it throws. */
  transaction<T>(work: (tx: BulkTransaction) => Promise<T>): Promise<T>;
  release(): Promise<void>;
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Every connection's settings (session-settings.ts); an `options` parameter in the URL would replace them.
    options: sessionOptions(),
    // A database that does not answer at all (failover to a new address) ends the request with a 503
    // after a while instead of holding it; keep-alive finds connections whose peer vanished.
    connectionTimeoutMillis: 15_000,
    keepAlive: true,
  });
  // An idle connection closed by the server (restart, failover, a dropped test database) must not crash
  // the process; the pool discards it and opens a new one when needed.
  pool.on('error', () => {});
  // pg-pool listens for errors only on idle connections. One checked out (a transaction, a bulk session)
  // that the server ends emits 'error' too, and without a listener that kills the process; its pending
  // and next queries fail instead (error handler: 503), and the pool drops it on release.
  pool.on('connect', (connection) => connection.on('error', () => {}));
  // Fail fast with a clear message when the server is not reachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  releaseOnEveryOutcome(db, pool);
  return {
    db,
    kind: 'postgres',
    async executeSql(text, values = []) {
      const result = await pool.query(text, values);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async openBulkSession() {
      const connection = await pool.connect();
      // Set when the server ends the connection: every later query fails, and release drops it.
      let lost: Error | undefined;
      connection.on('error', (error) => {
        lost ??= error;
      });
      const bulk: BulkTransaction = {
        async query(text, values = []) {
          const result = await connection.query(text, values);
          return { rows: result.rows as Record<string, unknown>[], rowCount: result.rowCount ?? 0 };
        },
        async copyFrom(copySql, data) {
          const stream = connection.query(copyFrom(copySql));
          await pipeline(Readable.from([data]), stream);
        },
      };
      return {
        async transaction(work) {
          await connection.query('BEGIN');
          try {
            const result = await work(bulk);
            await connection.query('COMMIT');
            return result;
          } catch (error) {
            await connection.query('ROLLBACK').catch(() => {});
            throw error;
          }
        },
        async release() {
          connection.release(lost);
        },
      };
    },
    listen: (channel, onPayload, onReconnect) => listenOnPostgres(url, channel, onPayload, onReconnect),
    async exclusively(name, work) {
      const connection = await pool.connect();
      let lost: Error | undefined;
      connection.on('error', (error) => {
        lost ??= error;
      });
      try {
        // Waits while another process holds it; ending the connection (also by a crash) frees it.
        await connection.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
        try {
          return await work();
        } finally {
          await connection
            .query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name])
            .catch((error: Error) => {
              lost ??= error;
            });
        }
      } finally {
        connection.release(lost);
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * One dedicated connection LISTENing on `channel` (not from the pool: a pooled connection would carry the
 * LISTEN to whoever borrows it next). When it drops it is opened again after 1, 2, 4 … 30 s.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let delayMs = 1000;
  let timer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: 'portal-live-events' });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    next.on('error', () => reconnect(next));
    next.on('end', () => reconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      // Not yet `client`, so its handlers ignore it: close it here, the caller tries again later.
      next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delayMs = 1000;
  }

  function reconnect(dropped: pg.Client): void {
    if (stopped || client !== dropped) return;
    client = null;
    dropped.end().catch(() => {});
    scheduleConnect();
  }

  function scheduleConnect(): void {
    timer = setTimeout(() => {
      if (stopped) return;
      connect().then(
        () => onReconnect?.(),
        () => {
          delayMs = Math.min(delayMs * 2, 30_000);
          scheduleConnect();
        },
      );
    }, delayMs);
    timer.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}
