import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectLiveEvents,
  type LiveConnection,
  liveStatus,
  POLL_INTERVAL_MS,
  usePollingInterval,
} from './live-events';

/** The smallest stand-in for an EventSource: opened and failed by hand. */
class Source {
  static created: Source[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    Source.created.push(this);
  }
  addEventListener() {}
  close() {}
}

let connection: LiveConnection | null = null;

afterEach(() => {
  connection?.close();
  connection = null;
  Source.created = [];
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('live events: who polls, and when (SPEC §7 fallback)', () => {
  it('without a stream (operators, signed out) nothing polls; with one, only while it is not up', () => {
    const { result } = renderHook(() => usePollingInterval());
    expect(liveStatus()).toBe('off');
    expect(result.current).toBe(false);
    act(() => {
      connection = connectLiveEvents(new QueryClient(), { createSource: (url) => new Source(url) });
    });
    expect(result.current).toBe(POLL_INTERVAL_MS);
    act(() => Source.created[0]!.onopen?.(new Event('open')));
    expect(result.current).toBe(false);
    act(() => Source.created[0]!.onerror?.(new Event('error')));
    expect(result.current).toBe(POLL_INTERVAL_MS);
    act(() => connection?.close());
    connection = null;
    expect(liveStatus()).toBe('off');
    expect(result.current).toBe(false);
  });

  it('adds jitter to the backoff (0.75 to 1.25 of the wait) and stops reconnecting once closed', () => {
    vi.useFakeTimers();
    connection = connectLiveEvents(new QueryClient(), {
      createSource: (url) => new Source(url),
      random: () => 0,
    });
    Source.created[0]!.onerror?.(new Event('error'));
    vi.advanceTimersByTime(749);
    expect(Source.created).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(Source.created).toHaveLength(2);
    Source.created[1]!.onerror?.(new Event('error'));
    connection.close();
    connection = null;
    vi.advanceTimersByTime(120_000);
    expect(Source.created).toHaveLength(2);
  });

  it('polls every 15 minutes in a browser without EventSource', () => {
    vi.stubGlobal('EventSource', undefined);
    const { result } = renderHook(() => usePollingInterval());
    act(() => {
      connection = connectLiveEvents(new QueryClient());
    });
    expect(liveStatus()).toBe('down');
    expect(result.current).toBe(POLL_INTERVAL_MS);
  });
});
