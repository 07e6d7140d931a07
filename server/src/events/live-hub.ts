import { and, gt, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';
import { LIVE_CHANNEL, type LivePayload, pruneLiveEvents } from './live-events';

/** One open event stream of a signed-in user (GET /api/events). */
export interface LiveStream {
  userId: string;
  companyId: string;
  sessionId: string;
  /** When the session ends at the latest: the stream ends with it. */
  expiresAt: number;
  /** Writes one SSE frame (the stream buffers while it replays missed events). */
  send(frame: string, id: number): void;
  close(): void;
}

export interface LiveHub {
  /** Registers a stream; the returned function removes it. Starts listening with the first stream. */
  add(stream: LiveStream): Promise<() => void>;
  size(): number;
  stop(): Promise<void>;
}

export interface LiveHubOptions {
  database: Database;
  /** A comment line keeps proxies from closing an idle stream. */
  heartbeatMs?: number;
  /** How often ONE query checks that the streams' sessions still exist (sign-out ends a stream). */
  sessionCheckMs?: number;
}

/** An SSE frame: `id`, `event`, one `data` line (JSON has no raw line breaks). */
export function sseFrame(payload: { id: number; k: string; d: LivePayload['d'] }): string {
  return `id: ${payload.id}\nevent: ${payload.k}\ndata: ${JSON.stringify(payload.d)}\n\n`;
}

/**
 * The live events of one server process. ONE listening connection (PostgreSQL LISTEN, or
 * PGlite's in-process listener) receives every committed event and hands it to the streams of its company or
 * user from memory: an idle stream costs no query. Streams end with their session: at its expiry (checked with
 * the heartbeat) or when it is gone (signed out; one query for all streams every few minutes).
 */
export function createLiveHub(options: LiveHubOptions): LiveHub {
  const { database } = options;
  const byCompany = new Map<string, Set<LiveStream>>();
  const byUser = new Map<string, Set<LiveStream>>();
  const all = new Set<LiveStream>();
  let listening: Promise<() => Promise<void>> | null = null;
  let timers: NodeJS.Timeout[] = [];

  function deliver(raw: string): void {
    let payload: LivePayload;
    try {
      payload = JSON.parse(raw) as LivePayload;
    } catch {
      return;
    }
    const frame = sseFrame(payload);
    const receivers = payload.c ? byCompany.get(payload.c) : payload.u ? byUser.get(payload.u) : undefined;
    for (const stream of receivers ?? []) stream.send(frame, payload.id);
  }

  /** After the listening connection was lost, streams reconnect and catch up from the stored events. */
  function closeAll(): void {
    for (const stream of [...all]) stream.close();
  }

  function heartbeat(): void {
    const now = Date.now();
    for (const stream of [...all]) {
      if (stream.expiresAt <= now) stream.close();
      else stream.send(': \n\n', 0);
    }
  }

  async function checkSessions(): Promise<void> {
    if (all.size === 0) return;
    const ids = [...new Set([...all].map((stream) => stream.sessionId))];
    const alive = new Set<string>();
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(inArray(sessions.id, ids.slice(i, i + 1000)), gt(sessions.expiresAt, new Date())));
      for (const row of rows) alive.add(row.id);
    }
    for (const stream of [...all]) if (!alive.has(stream.sessionId)) stream.close();
    await pruneLiveEvents(database.db);
  }

  function start(): Promise<() => Promise<void>> {
    listening ??= database.listen(LIVE_CHANNEL, deliver, closeAll).then((stop) => {
      timers = [
        setInterval(heartbeat, options.heartbeatMs ?? 25_000),
        setInterval(() => void checkSessions().catch(() => {}), options.sessionCheckMs ?? 5 * 60_000),
      ];
      for (const timer of timers) timer.unref();
      return stop;
    });
    listening.catch(() => {
      listening = null;
    });
    return listening;
  }

  function index(map: Map<string, Set<LiveStream>>, key: string, stream: LiveStream): void {
    const set = map.get(key) ?? new Set<LiveStream>();
    set.add(stream);
    map.set(key, set);
  }

  function unindex(map: Map<string, Set<LiveStream>>, key: string, stream: LiveStream): void {
    const set = map.get(key);
    set?.delete(stream);
    if (set?.size === 0) map.delete(key);
  }

  return {
    async add(stream) {
      await start();
      all.add(stream);
      index(byCompany, stream.companyId, stream);
      index(byUser, stream.userId, stream);
      return () => {
        all.delete(stream);
        unindex(byCompany, stream.companyId, stream);
        unindex(byUser, stream.userId, stream);
      };
    },
    size: () => all.size,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      closeAll();
      const stop = await listening?.catch(() => null);
      listening = null;
      await stop?.();
    },
  };
}
