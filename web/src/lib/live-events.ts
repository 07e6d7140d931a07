import {
  LIVE_EVENT_KINDS,
  type LiveEventData,
  type LiveEventKind,
} from '@portal/domain/schemas/notification';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * The live event stream of the signed-in user (GET /api/events, Server-Sent Events). Each
 * event is a hint to refetch (react-query invalidation), never the content. On a drop the stream reconnects
 * with backoff (1 s doubling to 60 s, with jitter) and names the last event it got, so the server replays what
 * was missed; after a reconnect every live query is refetched once anyway. While the stream is down, the
 * queries poll every 15 minutes (SPEC §7).
 */

export const POLL_INTERVAL_MS = 15 * 60 * 1000;
const BACKOFF_START_MS = 1000;
const BACKOFF_MAX_MS = 60_000;

/** The queries each kind of event makes stale (prefixes of the features' query keys). */
export const LIVE_QUERY_KEYS = {
  conversations: ['conversations'] as QueryKey,
  messages: ['conversation-messages'] as QueryKey,
  notifications: ['notifications'] as QueryKey,
  enquiries: ['enquiries'] as QueryKey,
  enquiry: ['enquiry'] as QueryKey,
  offers: ['offers'] as QueryKey,
  offer: ['offer'] as QueryKey,
};

export function keysFor(kind: LiveEventKind, data: LiveEventData): QueryKey[] {
  const k = LIVE_QUERY_KEYS;
  switch (kind) {
    case 'message':
    case 'read':
    case 'conversation':
      return [k.conversations, k.messages];
    case 'notification':
      return [k.notifications];
    case 'list':
      return data.entity === 'enquiry' ? [k.enquiries, k.enquiry] : [k.offers, k.offer];
  }
}

/** `off`: no stream is wanted (signed out, or not a customer or supplier), so nothing polls either. */
type Status = 'off' | 'connecting' | 'up' | 'down';

/** The stream's state for the polling fallback: one store for the whole app. */
const store = {
  status: 'off' as Status,
  listeners: new Set<() => void>(),
  set(next: Status) {
    if (next === store.status) return;
    store.status = next;
    for (const listener of store.listeners) listener();
  },
};

export function liveStatus(): Status {
  return store.status;
}

function intervalOf(status: Status): number | false {
  return status === 'up' || status === 'off' ? false : POLL_INTERVAL_MS;
}

/**
 * The `refetchInterval` of live queries: every 15 minutes while the stream is wanted but not up (SPEC §7),
 * else none (stream up, or no stream at all: operators and others neither get live events nor poll).
 */
export function pollingInterval(): number | false {
  return intervalOf(store.status);
}

export function useLiveStatus(): Status {
  return useSyncExternalStore(
    (listener) => {
      store.listeners.add(listener);
      return () => store.listeners.delete(listener);
    },
    () => store.status,
  );
}

/** `refetchInterval` for a live query: 15 minutes while the stream is down (SPEC §7), else none. */
export function usePollingInterval(): number | false {
  return intervalOf(useLiveStatus());
}

export interface LiveConnection {
  close(): void;
}

interface EventSourceLike {
  readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface LiveOptions {
  url?: string;
  createSource?: (url: string) => EventSourceLike;
  random?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** Opens the stream and keeps it open until `close()`. */
export function connectLiveEvents(queryClient: QueryClient, options: LiveOptions = {}): LiveConnection {
  if (!options.createSource && typeof EventSource === 'undefined') {
    // No live events in this browser: the live queries poll every 15 minutes instead.
    store.set('down');
    return { close: () => store.set('off') };
  }
  const base = options.url ?? '/api/events';
  const createSource = options.createSource ?? ((url: string) => new EventSource(url));
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let source: EventSourceLike | null = null;
  let lastEventId: string | null = null;
  let delay = BACKOFF_START_MS;
  let timer: unknown = null;
  let closed = false;
  let dropped = false;

  function invalidate(keys: QueryKey[]): void {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  }

  function open(): void {
    store.set('connecting');
    const url = lastEventId ? `${base}?lastEventId=${encodeURIComponent(lastEventId)}` : base;
    const current = createSource(url);
    source = current;
    current.onopen = () => {
      store.set('up');
      delay = BACKOFF_START_MS;
      // What happened while the stream was down: refetch every live query once.
      if (dropped) invalidate(Object.values(LIVE_QUERY_KEYS));
      dropped = false;
    };
    const remember = (event: MessageEvent) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
    };
    current.addEventListener('ready', remember);
    for (const kind of LIVE_EVENT_KINDS) {
      current.addEventListener(kind, (event) => {
        remember(event);
        let data: LiveEventData = {};
        try {
          data = JSON.parse(event.data) as LiveEventData;
        } catch {
          // a hint without data still refreshes its lists
        }
        invalidate(keysFor(kind, data));
      });
    }
    current.onerror = () => {
      // Our own reconnect (with the last id in the address and our backoff) instead of the browser's.
      current.close();
      if (closed || source !== current) return;
      store.set('down');
      dropped = true;
      const wait = Math.min(delay, BACKOFF_MAX_MS) * (0.75 + random() * 0.5);
      delay = Math.min(delay * 2, BACKOFF_MAX_MS);
      timer = setTimer(open, wait);
    };
  }

  open();
  return {
    close() {
      closed = true;
      if (timer !== null) clearTimer(timer);
      source?.close();
      store.set('off');
    },
  };
}
