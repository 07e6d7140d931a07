import type { Database, DbOrTx } from './client';

/** The NOTIFY channel of migration 0018's statement triggers: the name of the table written, on commit. */
export const COUNT_CHANNEL = 'portal_counts';

interface CountCache {
  entries: Map<string, { total: number; storedAt: number; tables: readonly string[] }>;
  /** Bumped by every invalidation of a table: a count begun before it is not stored. */
  generations: Map<string, number>;
  ttlMs: number;
  users: number;
  waiting: ((table: string) => void)[];
}

const MAX_ENTRIES = 1000;
/** One cache per database handle (two apps on one database in a test share it). */
const caches = new WeakMap<object, CountCache>();

function generationOf(cache: CountCache, tables: readonly string[]): string {
  return tables.map((table) => cache.generations.get(table) ?? 0).join(',');
}

function forgetTable(cache: CountCache, table: string): void {
  cache.generations.set(table, (cache.generations.get(table) ?? 0) + 1);
  for (const [key, entry] of cache.entries) if (entry.tables.includes(table)) cache.entries.delete(key);
  const resolvers = cache.waiting;
  cache.waiting = [];
  for (const resolve of resolvers) resolve(table);
}

function forgetAll(cache: CountCache): void {
  for (const table of new Set([
    ...cache.generations.keys(),
    ...[...cache.entries.values()].flatMap((e) => e.tables),
  ])) {
    forgetTable(cache, table);
  }
  cache.entries.clear();
}

/**
 * ARCHITECTURE §7: a list's exact total (count(*) over every hit) costs more than its page as the hits grow,
 * yet it changes only when the rows do. So each process keeps a total per scope and filter for `ttlMs` and
 * forgets it when the triggers of migration 0018 report a write to one of its `tables` (any process, any
 * code path, on commit) — a record the user just created is in the total of their next list load. Outside
 * the request path (a transaction, a handle without a cache) the count simply runs.
 */
export async function cachedCount(
  db: DbOrTx,
  key: string,
  tables: readonly string[],
  count: () => Promise<number>,
): Promise<number> {
  const cache = caches.get(db);
  if (!cache) return count();
  const entry = cache.entries.get(key);
  if (entry && Date.now() - entry.storedAt <= cache.ttlMs) return entry.total;
  const generation = generationOf(cache, tables);
  const total = await count();
  if (generationOf(cache, tables) === generation) {
    cache.entries.delete(key);
    if (cache.entries.size >= MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value as string);
    cache.entries.set(key, { total, storedAt: Date.now(), tables });
  }
  return total;
}

/**
 * Turns the count cache on for `database` and keeps it in step through LISTEN (after a lost listening
 * connection everything is forgotten). Returns `forgetAll` for changes of this process (so its own next
 * read does not wait for the notification), `nextInvalidation` for tests, and `stop`.
 */
export async function startCountCache(database: Database, ttlMs: number) {
  let cache = caches.get(database.db);
  if (!cache) {
    cache = { entries: new Map(), generations: new Map(), ttlMs, users: 0, waiting: [] };
    caches.set(database.db, cache);
  }
  const own = cache;
  own.users++;
  const unlisten = await database.listen(
    COUNT_CHANNEL,
    (table) => forgetTable(own, table),
    () => forgetAll(own),
  );
  return {
    forgetAll: () => forgetAll(own),
    nextInvalidation: () => new Promise<string>((resolve) => own.waiting.push(resolve)),
    async stop() {
      await unlisten();
      if (--own.users === 0) caches.delete(database.db);
    },
  };
}
