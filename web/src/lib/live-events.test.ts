import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectLiveEvents,
  keysFor,
  type LiveConnection,
  liveStatus,
  POLL_INTERVAL_MS,
  pollingInterval,
  usePollingInterval,
} from './live-events';

/** A stand-in for the browser's EventSource: the test opens, fails and feeds it by hand. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  fail(): void {
    this.onerror?.(new Event('error'));
  }

  emit(type: string, id: string, data: unknown): void {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  static latest(): FakeEventSource {
    return FakeEventSource.all.at(-1)!;
  }
}

let connection: LiveConnection | null = null;
let client: QueryClient;
let invalidated: string[];

function connect(random = () => 0.5): LiveConnection {
  connection = connectLiveEvents(client, {
    url: '/api/events',
    createSource: (url) => new FakeEventSource(url),
    random,
  });
  return connection;
}

/** The first part of every invalidated query key, in order, and forgets them. */
function takeInvalidated(): string[] {
  const taken = invalidated;
  invalidated = [];
  return taken;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
  client = new QueryClient();
  invalidated = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(String(filters?.queryKey?.[0]));
  });
});

afterEach(() => {
  connection?.close();
  connection = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('live events', () => {
  it('opens the stream without a last id, and is up once it opens', () => {
    connect();
    expect(FakeEventSource.all).toHaveLength(1);
    expect(FakeEventSource.latest().url).toBe('/api/events');
    expect(liveStatus()).not.toBe('up');
    FakeEventSource.latest().open();
    expect(liveStatus()).toBe('up');
    expect(takeInvalidated()).toEqual([]);
  });

  it('refreshes the queries of each kind of event', () => {
    connect();
    const source = FakeEventSource.latest();
    source.open();

    source.emit('message', '1', { conversationId: 'c1', messageId: 'm1' });
    expect(takeInvalidated()).toEqual(['conversations', 'conversation-messages', 'conversation-unread']);
    source.emit('read', '2', { conversationId: 'c1' });
    expect(takeInvalidated()).toEqual(['conversations', 'conversation-messages', 'conversation-unread']);
    source.emit('conversation', '3', { conversationId: 'c2' });
    expect(takeInvalidated()).toEqual(['conversations', 'conversation-messages', 'conversation-unread']);
    source.emit('notification', '4', { notificationId: 'n1' });
    expect(takeInvalidated()).toEqual(['notifications']);
    source.emit('list', '5', { entity: 'enquiry', id: 'e1' });
    expect(takeInvalidated()).toEqual(['enquiries', 'enquiry']);
    source.emit('list', '6', { entity: 'offer', id: 'o1' });
    expect(takeInvalidated()).toEqual(['offers', 'offer']);
  });

  it('names the query keys the features use', () => {
    expect(keysFor('notification', {})).toEqual([['notifications']]);
    expect(keysFor('list', { entity: 'enquiry' })).toEqual([['enquiries'], ['enquiry']]);
  });

  it('reconnects with a doubling backoff up to 60 s and passes the last event id', () => {
    connect(() => 0.5); // no jitter: the factor is 0.75 + 0.5 * 0.5 = 1
    const first = FakeEventSource.latest();
    first.open();
    first.emit('message', '41', { conversationId: 'c1' });
    first.emit('notification', '42', { notificationId: 'n1' });
    first.fail();
    expect(first.closed).toBe(true);
    expect(liveStatus()).toBe('down');

    vi.advanceTimersByTime(999);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.latest().url).toBe('/api/events?lastEventId=42');

    // Failing again without opening: 2 s, 4 s, … up to 60 s.
    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const count = FakeEventSource.all.length;
      FakeEventSource.latest().fail();
      let waited = 0;
      while (FakeEventSource.all.length === count) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
      expect(FakeEventSource.latest().url).toBe('/api/events?lastEventId=42');
    }
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('adds jitter to the wait and starts at 1 s again after a successful reconnect', () => {
    connect(() => 0); // the shortest jitter: 0.75 of the wait
    FakeEventSource.latest().fail();
    vi.advanceTimersByTime(749);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);
    FakeEventSource.latest().fail();
    vi.advanceTimersByTime(1500);
    expect(FakeEventSource.all).toHaveLength(3);
    FakeEventSource.latest().open();
    FakeEventSource.latest().fail();
    vi.advanceTimersByTime(750);
    expect(FakeEventSource.all).toHaveLength(4);
  });

  it('refreshes every live query once after a reconnect', () => {
    connect();
    FakeEventSource.latest().open();
    expect(takeInvalidated()).toEqual([]);
    FakeEventSource.latest().fail();
    vi.advanceTimersByTime(1000);
    FakeEventSource.latest().open();
    expect(takeInvalidated().sort()).toEqual(
      [
        'conversation-messages',
        'conversation-unread',
        'conversations',
        'enquiries',
        'enquiry',
        'notifications',
        'offer',
        'offers',
      ].sort(),
    );
    // Only once: a later event refreshes just its own queries.
    FakeEventSource.latest().emit('notification', '7', {});
    expect(takeInvalidated()).toEqual(['notifications']);
  });

  it('stops reconnecting once closed', () => {
    const live = connect();
    FakeEventSource.latest().fail();
    live.close();
    connection = null;
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(liveStatus()).toBe('down');
  });

  it('polls every 15 minutes only while the stream is down', () => {
    const { result } = renderHook(() => usePollingInterval());
    expect(result.current).toBe(POLL_INTERVAL_MS);
    expect(POLL_INTERVAL_MS).toBe(15 * 60 * 1000);
    connect();
    act(() => FakeEventSource.latest().open());
    expect(result.current).toBe(false);
    expect(pollingInterval()).toBe(false);
    act(() => FakeEventSource.latest().fail());
    expect(result.current).toBe(POLL_INTERVAL_MS);
    act(() => {
      vi.advanceTimersByTime(1000);
      FakeEventSource.latest().open();
    });
    expect(result.current).toBe(false);
  });
});
