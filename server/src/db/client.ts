import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

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
  close(): Promise<void>;
}

/** Opens PGlite in `dataDir` (or in memory when undefined). pg_trgm must be passed at every open. */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async executeSql(text, values = []) {
      if (values.length === 0) {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    async close() {
      await client.close();
    },
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // Fail fast with a clear message when the server is not reachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async executeSql(text, values = []) {
      const result = await pool.query(text, values);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    async close() {
      await pool.end();
    },
  };
}
