import type { Actor } from '@portal/domain/permissions';
import type { Database } from '../db/client';

/** The NOTIFY channel of migration 0018's triggers: `u:<userId>` or `c:<companyId>`, sent on commit. */
export const ACTOR_CHANNEL = 'portal_actor';

/** What the cache keeps of a session: its row as actor.ts reads it. */
export interface CachedSession {
  sessionId: string;
  expiresAt: Date;
  createdAt: Date;
  userId: string;
  email: string;
  admin: boolean;
  passwordChangeNeeded: boolean;
  companyId: string;
  companyType: Actor['companyType'];
  companyActive: boolean;
  pendingRegistration: boolean;
}

export interface ActorCache {
  get(token: string): CachedSession | undefined;
  /** The moment of a lookup: a row read before a later invalidation is not stored. */
  generation(): number;
  set(token: string, row: CachedSession, generation: number): void;
  forget(token: string): void;
  /** Applies a payload of ACTOR_CHANNEL (unknown ones clear everything). */
  invalidate(payload: string): void;
  clear(): void;
  /** Resolves with the next payload applied (tests: another process heard the change). */
  nextInvalidation(): Promise<string>;
  size(): number;
}

/**
 * ARCHITECTURE §7: the session lookup runs on every API request, so each process keeps the rows it read for
 * a few seconds (bounded, oldest dropped first). Staleness is bounded by the TTL only when a notification is
 * lost; normally the triggers of migration 0018 tell every process at commit time (see `listenActorCache`).
 */
export function createActorCache(options: { ttlMs?: number; maxEntries?: number } = {}): ActorCache {
  const ttlMs = options.ttlMs ?? 5000;
  const maxEntries = options.maxEntries ?? 2000;
  const entries = new Map<string, { row: CachedSession; storedAt: number }>();
  let generation = 0;
  let waiting: ((payload: string) => void)[] = [];

  function clear() {
    generation++;
    entries.clear();
  }

  return {
    get(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (Date.now() - entry.storedAt > ttlMs) {
        entries.delete(token);
        return undefined;
      }
      return entry.row;
    },
    generation: () => generation,
    set(token, row, seen) {
      if (seen !== generation) return;
      entries.delete(token);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(token, { row, storedAt: Date.now() });
    },
    forget(token) {
      entries.delete(token);
    },
    invalidate(payload) {
      const [kind, id] = payload.split(':');
      if (kind !== 'u' && kind !== 'c') clear();
      else {
        generation++;
        for (const [token, { row }] of entries) {
          if ((kind === 'u' ? row.userId : row.companyId) === id) entries.delete(token);
        }
      }
      const resolvers = waiting;
      waiting = [];
      for (const resolve of resolvers) resolve(payload);
    },
    clear,
    nextInvalidation: () => new Promise((resolve) => waiting.push(resolve)),
    size: () => entries.size,
  };
}

/**
 * Keeps `cache` in step with the database: every process hears the triggers' NOTIFY; after a dropped
 * listening connection (notifications missed meanwhile) everything is forgotten. Returns the stop function.
 */
export function listenActorCache(database: Database, cache: ActorCache): Promise<() => Promise<void>> {
  return database.listen(ACTOR_CHANNEL, (payload) => cache.invalidate(payload), cache.clear);
}
