import http from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface ReceivedEvent {
  id: string | null;
  event: string;
  data: Record<string, string>;
}

export interface SseClient {
  status: number;
  events: ReceivedEvent[];
  /** Resolves with the first event (already received or coming) that matches; rejects after `timeoutMs`. */
  next(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  closed: Promise<void>;
  close(): void;
}

/** The address of a listening app (tests call `app.listen({ port: 0 })` first). */
export function addressOf(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** A minimal EventSource over node:http for route tests: parses `id`, `event`, `data` frames as they arrive. */
export function openEventStream(
  baseUrl: string,
  cookie: string,
  options: { lastEventId?: string; path?: string } = {},
): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const events: ReceivedEvent[] = [];
    const waiters: { match: (event: ReceivedEvent) => boolean; resolve: (event: ReceivedEvent) => void }[] =
      [];
    let closedResolve: () => void = () => {};
    const closed = new Promise<void>((done) => {
      closedResolve = done;
    });
    const request = http.get(
      `${baseUrl}${options.path ?? '/api/events'}`,
      {
        headers: {
          cookie,
          accept: 'text/event-stream',
          ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
        },
      },
      (response) => {
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            const fields = Object.fromEntries(
              frame
                .split('\n')
                .filter((line) => line && !line.startsWith(':'))
                .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
            );
            if (!fields.event) continue;
            const event = {
              id: fields.id ?? null,
              event: fields.event,
              data: JSON.parse(fields.data ?? '{}'),
            };
            events.push(event);
            for (const waiter of [...waiters]) {
              if (waiter.match(event)) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.resolve(event);
              }
            }
          }
        });
        response.on('close', () => closedResolve());
        resolve({
          status: response.statusCode ?? 0,
          events,
          closed,
          next(match, timeoutMs = 5000) {
            const found = events.find(match);
            if (found) return Promise.resolve(found);
            return new Promise((done, fail) => {
              const timer = setTimeout(() => fail(new Error('no such event within the time')), timeoutMs);
              waiters.push({
                match,
                resolve: (event) => {
                  clearTimeout(timer);
                  done(event);
                },
              });
            });
          },
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}
