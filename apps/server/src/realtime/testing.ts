import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { Chat } from '@glimpse/shared';
import { createTestApp, type SeededUser, type TestApp, type TestAppOptions } from '../test/harness.js';

/**
 * Socket tests' client: a real socket.io-client over the websocket transport that records every
 * event it receives from the moment it connects, so a test can wait for an event that may already
 * have arrived, and can prove that one never did.
 */
export interface TestClient {
  socket: Socket;
  /** Every event received so far, oldest first. */
  events: Array<{ event: string; payload: unknown }>;
  /** The first not-yet-taken `event` matching `where`, now or within `timeoutMs`. */
  next<T = unknown>(event: string, where?: (payload: T) => boolean, timeoutMs?: number): Promise<T>;
  /** Fails when a not-yet-taken `event` matching `where` arrives within `ms`. */
  none<T = unknown>(event: string, where?: (payload: T) => boolean, ms?: number): Promise<void>;
  close(): void;
}

/**
 * How long `next` waits for an event before failing. Waits end as soon as the event arrives, so
 * this only bounds a real failure: generous, because a busy machine (CI runs two test files at
 * once beside other work) can take seconds to deliver what takes milliseconds when quiet.
 */
const DEFAULT_TIMEOUT_MS = 15_000;

/** The app must be listening; returns its http://127.0.0.1:port origin. */
export function originOf(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | null;
  if (!address) throw new Error('the app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

export async function connectClient(
  origin: string,
  opts: { token?: string; via?: 'handshake' | 'event'; transports?: Array<'websocket' | 'polling'> } = {},
): Promise<TestClient> {
  const viaHandshake = opts.token !== undefined && opts.via !== 'event';
  const socket = connectSocket(origin, {
    path: '/socket.io',
    transports: opts.transports ?? ['websocket'],
    reconnection: false,
    upgrade: opts.transports === undefined,
    forceNew: true,
    auth: viaHandshake ? { token: opts.token } : {},
  });
  const events: TestClient['events'] = [];
  const taken = new Set<number>();
  const waiters = new Set<() => void>();
  socket.onAny((event: string, payload: unknown) => {
    events.push({ event, payload });
    for (const wake of [...waiters]) wake();
  });

  function take<T>(event: string, where?: (p: T) => boolean): T | undefined {
    const i = events.findIndex(
      (e, idx) => !taken.has(idx) && e.event === event && (!where || where(e.payload as T)),
    );
    if (i < 0) return undefined;
    taken.add(i);
    return events[i]!.payload as T;
  }

  const client: TestClient = {
    socket,
    events,
    next(event, where, timeoutMs = DEFAULT_TIMEOUT_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = take(event, where);
          if (found === undefined) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no "${event}" within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    async none(event, where, ms = 300) {
      await new Promise((r) => setTimeout(r, ms));
      const found = take(event, where);
      if (found !== undefined) throw new Error(`unexpected "${event}": ${JSON.stringify(found)}`);
    },
    close() {
      socket.disconnect();
    },
  };

  // Listen before connecting: a handshake token can be answered right after `connect`.
  const authOutcome = new Promise<string | null>((resolve) => {
    socket.once('authenticated', () => resolve(null));
    socket.once('authentication_error', (e: { message: string }) => resolve(e.message));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  if (opts.token !== undefined) {
    if (!viaHandshake) socket.emit('authenticate', opts.token);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve('no answer to authenticate'), DEFAULT_TIMEOUT_MS);
    });
    const message = await Promise.race([authOutcome, timeout]);
    clearTimeout(timer);
    if (message !== null) {
      socket.disconnect();
      throw new Error(`authentication failed: ${message}`);
    }
    take('authenticated');
  }
  return client;
}

/** A listening test app with the clients of one test, closed together. */
export interface SocketTestKit {
  t: TestApp;
  origin: string;
  /** A client signed in as `user` (handshake token unless `via: 'event'`), or anonymous. */
  connect(user?: SeededUser, opts?: { via?: 'handshake' | 'event' }): Promise<TestClient>;
  /** POST /api/chats as `a` with `b`. */
  openChat(a: SeededUser, b: SeededUser): Promise<Chat>;
  /**
   * Resolves once the server has `client`'s socket in `room` (or out of it, `inside: false`):
   * `join_chat`/`leave_chat` have no answer, so a test waits for their effect before relying on it.
   */
  waitForRoom(client: TestClient, room: string, inside?: boolean): Promise<void>;
  /** Disconnects every client made so far (call after each test). */
  closeClients(): void;
  close(): Promise<void>;
}

export async function startSocketTestApp(
  env: Record<string, string> = {},
  opts: TestAppOptions = {},
): Promise<SocketTestKit> {
  const t = await createTestApp(env, opts);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = originOf(t.app);
  const clients: TestClient[] = [];
  const kit: SocketTestKit = {
    t,
    origin,
    async connect(user, connectOpts = {}) {
      const client = await connectClient(origin, { token: user?.token, via: connectOpts.via });
      clients.push(client);
      return client;
    },
    async openChat(a, b) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/chats',
        headers: a.auth,
        payload: { participantId: b.id },
      });
      if (res.statusCode !== 200) throw new Error(`POST /api/chats: ${res.statusCode} ${res.body}`);
      return res.json<Chat>();
    },
    async waitForRoom(client, room, inside = true) {
      const deadline = Date.now() + DEFAULT_TIMEOUT_MS;
      for (;;) {
        const sockets = await t.app.io.in(room).fetchSockets();
        if (sockets.some((s) => s.id === client.socket.id) === inside) return;
        if (Date.now() > deadline) throw new Error(`the socket never ${inside ? 'joined' : 'left'} ${room}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    closeClients() {
      for (const client of clients.splice(0)) client.close();
    },
    async close() {
      kit.closeClients();
      await t.close();
    },
  };
  return kit;
}
