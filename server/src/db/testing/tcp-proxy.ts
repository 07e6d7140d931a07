import net from 'node:net';

/**
 * A TCP proxy in front of the test PostgreSQL that can go down (every connection cut, new ones dropped at
 * once, as by a server that is shutting down) and come back: a database restart as a server process sees it.
 */
export interface TcpProxy {
  /** `url` with host and port replaced by the proxy's. */
  url: string;
  /** Connections dropped while down. */
  refused(): number;
  down(): void;
  up(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  let isDown = false;
  let refused = 0;

  function track(socket: net.Socket): void {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  }

  const server = net.createServer((incoming) => {
    track(incoming);
    if (isDown) {
      refused++;
      incoming.on('error', () => {});
      incoming.destroy();
      return;
    }
    const outgoing = net.connect(Number(target.port || 5432), target.hostname);
    track(outgoing);
    for (const socket of [incoming, outgoing])
      socket.on('error', () => {
        incoming.destroy();
        outgoing.destroy();
      });
    incoming.pipe(outgoing).pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);

  function cutAll(): void {
    for (const socket of sockets) socket.destroy();
  }

  return {
    url: url.toString(),
    refused: () => refused,
    down() {
      isDown = true;
      cutAll();
    },
    up() {
      isDown = false;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      cutAll();
      await closed;
    },
  };
}
