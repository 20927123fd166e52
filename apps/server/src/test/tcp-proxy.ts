import net from 'node:net';

/**
 * A minimal TCP reverse proxy on 127.0.0.1 in front of app nodes, with failover (nginx's
 * `backup` servers): each new connection goes to the first backend that accepts it, skipping any
 * that refuses (a node that stopped listening), and is then piped both ways until either side
 * closes. Deterministic on purpose: a test knows which node a connection lands on. WebSockets
 * pass through as they would through nginx.
 */
export interface TcpProxy {
  origin: string;
  close(): Promise<void>;
}

export async function startTcpProxy(backends: () => string[]): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    open.add(s);
    s.once('close', () => open.delete(s));
  };

  const server = net.createServer((client) => {
    track(client);
    client.pause();
    const origins = backends();
    const attempt = (i: number) => {
      if (i >= origins.length) {
        client.destroy();
        return;
      }
      const { hostname, port } = new URL(origins[i]!);
      const upstream = net.connect({ host: hostname, port: Number(port) });
      let connected = false;
      upstream.on('error', () => (connected ? client.destroy() : attempt(i + 1)));
      upstream.once('connect', () => {
        connected = true;
        track(upstream);
        upstream.once('close', () => client.destroy());
        client.once('close', () => upstream.destroy());
        client.on('error', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    attempt(0);
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1' }, resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
