import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectLiveEvents,
  type LiveConnection,
  liveStatus,
  POLL_INTERVAL_MS,
  pollingInterval,
} from './live-events';

/** A stand-in for the browser's EventSource: the test opens, fails and feeds it. */
class FakeSource {
  static created: FakeSource[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(public url: string) {
    FakeSource.created.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  emit(type: string, id: string, data: object) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

let connection: LiveConnection | null = null;
afterEach(() => {
  connection?.close();
  FakeSource.created = [];
});

function connect() {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const timers: { callback: () => void; ms: number }[] = [];
  connection = connectLiveEvents(client, {
    createSource: (url) => new FakeSource(url),
    random: () => 0.5,
    setTimer: (callback, ms) => timers.push({ callback, ms }),
    clearTimer: () => {},
  });
  const keys = () => invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
  return { invalidate, timers, keys };
}

describe('live events: queries refreshed per event, reconnect with backoff, polling while down', () => {
  it('invalidates the queries of each kind of event', () => {
    const { keys, invalidate } = connect();
    const source = FakeSource.created[0]!;
    expect(source.url).toBe('/api/events');
    source.open();
    source.emit('message', '7', { conversationId: 'c', messageId: 'm' });
    expect(keys()).toEqual(['["conversations"]', '["conversation-messages"]']);
    invalidate.mockClear();
    source.emit('notification', '8', {});
    expect(keys()).toEqual(['["notifications"]']);
    invalidate.mockClear();
    source.emit('list', '9', { entity: 'enquiry', id: 'e' });
    expect(keys()).toEqual(['["enquiries"]', '["enquiry"]']);
    invalidate.mockClear();
    source.emit('list', '10', { entity: 'offer', id: 'o' });
    expect(keys()).toEqual(['["offers"]', '["offer"]']);
  });

  it('reconnects with backoff and the last event id, then refetches everything once', () => {
    const { timers, keys, invalidate } = connect();
    const first = FakeSource.created[0]!;
    first.open();
    first.emit('ready', '41', {});
    first.emit('read', '42', { conversationId: 'c' });
    invalidate.mockClear();
    first.fail();
    expect(first.closed).toBe(true);
    expect(liveStatus()).toBe('down');
    expect(timers.map((timer) => timer.ms)).toEqual([1000]);
    timers[0]!.callback();
    const second = FakeSource.created[1]!;
    expect(second.url).toBe('/api/events?lastEventId=42');
    second.fail();
    expect(timers.map((timer) => timer.ms)).toEqual([1000, 2000]);
    timers[1]!.callback();
    const third = FakeSource.created[2]!;
    third.fail();
    timers[2]!.callback();
    expect(timers.map((timer) => timer.ms)).toEqual([1000, 2000, 4000]);
    const fourth = FakeSource.created[3]!;
    expect(keys()).toEqual([]);
    fourth.open();
    expect(liveStatus()).toBe('up');
    expect(keys()).toContain('["notifications"]');
    expect(keys()).toContain('["conversations"]');
    expect(keys()).toContain('["offers"]');
    // Backoff starts again after a good connection.
    fourth.fail();
    expect(timers.at(-1)!.ms).toBe(1000);
  });

  it('the backoff stops growing at 60 seconds', () => {
    const { timers } = connect();
    for (let i = 0; i < 10; i++) {
      FakeSource.created.at(-1)!.fail();
      timers.at(-1)!.callback();
    }
    expect(timers.at(-1)!.ms).toBe(60_000);
  });

  it('polls every 15 minutes while the stream is down, not while it is up (SPEC §7 fallback)', () => {
    connect();
    const source = FakeSource.created[0]!;
    expect(pollingInterval()).toBe(POLL_INTERVAL_MS);
    expect(POLL_INTERVAL_MS).toBe(15 * 60 * 1000);
    source.open();
    expect(pollingInterval()).toBe(false);
    source.fail();
    expect(pollingInterval()).toBe(POLL_INTERVAL_MS);
  });
});
