import { vi } from 'vitest';

/** A JSON answer as the server sends it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

/** A fetch stub answering by "METHOD /path"; every call is recorded, an unknown call fails the test. */
export function stubApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://portal.test');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = routes[key];
    if (!handler) throw new Error(`Unerwarteter Aufruf ${key}`);
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (key: string) =>
    fetchMock.mock.calls
      .filter(
        ([input, init]) =>
          `${init?.method ?? 'GET'} ${new URL(input, 'http://portal.test').pathname}` === key,
      )
      .map(([input, init]) => ({
        url: new URL(input, 'http://portal.test'),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      }));
  return { fetchMock, calls };
}
