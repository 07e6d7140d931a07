import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, Db } from './client';
import { bytesBlob } from './pglite-messages';
import { pgliteStartParams } from './pglite-settings';
import { type PgliteClient, type PgliteThreadOptions, startPgliteThread } from './pglite-thread';
import * as schema from './schema';

const utf8 = new TextEncoder();

/**
 * Opens PGlite in `dataDir` (or in memory when undefined) in this thread: its WebAssembly runs in the
 * event loop, so every query holds up every request meanwhile. For tools and tests; the server runs it on
 * a thread of its own (`openPgliteThread`). pg_trgm must be passed at every open.
 */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
    startParams: pgliteStartParams(),
  });
  return pgliteDatabase(client, () => ({ total: 1, idle: 0, waiting: 0 }));
}

/**
 * An in-memory PGlite's data directory as a tar dump (`openPglite(undefined, { loadDataDir })` starts a
 * copy of it without initdb): the test runs' migrated template (test/global-setup.ts).
 */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}

/**
 * Opens PGlite in `dataDir` (or in memory) on a worker thread of its own (pglite-thread.ts): the event loop
 * stays free for requests while the database computes, and waiting for the one connection is bounded
 * (overload answered 503).
 */
export async function openPgliteThread(dataDir?: string, options?: PgliteThreadOptions): Promise<Database> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await startPgliteThread(dataDir, options);
  return pgliteDatabase(client, () => {
    const { waiting, busy } = client.stats();
    return { total: 1, idle: busy ? 0 : 1, waiting };
  });
}

function pgliteDatabase(client: PgliteClient, poolStats: Database['poolStats']): Database {
  const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Db;
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
    async openBulkSession() {
      // PGlite has one connection: a transaction holds it, other queries wait until it commits.
      return {
        transaction: (work) =>
          client.transaction(
            (tx) =>
              work({
                async query(text, values = []) {
                  const result = await tx.query(text, values);
                  return {
                    rows: result.rows as Record<string, unknown>[],
                    rowCount: result.affectedRows ?? 0,
                  };
                },
                async copyFrom(copySql, data) {
                  const fromBlob = copySql.replace(/\bFROM\s+STDIN\b/i, "FROM '/dev/blob'");
                  // Encoded once: the bytes go to PGlite (or its thread) as they are (bytesBlob).
                  await tx.query(fromBlob, [], { blob: bytesBlob(utf8.encode(data).buffer) });
                },
              }),
            // Background work (imports) waits its turn however long requests keep the connection busy.
            { background: true },
          ),
        async release() {},
      };
    },
    poolStats,
    async listen(channel, onPayload) {
      return client.listen(channel, onPayload);
    },
    exclusively: inTurn(),
    async close() {
      await client.close();
    },
  };
}

/** PGlite's `exclusively`: one process opens the database, so taking turns in this process is enough. */
function inTurn(): Database['exclusively'] {
  const queues = new Map<string, Promise<unknown>>();
  return (name, work) => {
    const previous = queues.get(name) ?? Promise.resolve();
    const turn = previous.catch(() => {}).then(work);
    const settled = turn.catch(() => {});
    queues.set(name, settled);
    void settled.then(() => {
      if (queues.get(name) === settled) queues.delete(name);
    });
    return turn;
  };
}
