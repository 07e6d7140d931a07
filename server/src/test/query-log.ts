import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, Db } from '../db/client';
import * as schema from '../db/schema';

/** The SQL texts a database handle ran, in order (its transactions' statements included). */
export interface QueryLog {
  queries: string[];
  /** Forgets what was logged so far. */
  clear(): void;
}

/**
 * The same database behind a handle that writes down every statement Drizzle sends (its logger sees the
 * statements inside transactions too): a test counts what a request costs. Raw SQL of pg-boss and bulk
 * sessions (`executeSql`, `openBulkSession`) is not Drizzle's and is not logged.
 */
export function withQueryLog(database: Database): { database: Database; log: QueryLog } {
  const queries: string[] = [];
  const logger = { logQuery: (query: string) => void queries.push(query) };
  const client = (database.db as unknown as { $client: never }).$client;
  const db = (database.kind === 'pglite'
    ? drizzlePglite({ client, schema, logger })
    : drizzleNodePg({ client, schema, logger })) as unknown as Db;
  return {
    database: { ...database, db },
    log: {
      queries,
      clear: () => void queries.splice(0, queries.length),
    },
  };
}
