import { createAdapter } from '@socket.io/redis-adapter';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { SOCKET_PING_INTERVAL_MS, SOCKET_PING_TIMEOUT_MS } from '@glimpse/shared';
import type { Config } from '../config.js';
import { reachedOrigin } from '../lib/public-urls.js';
import { createAdapterClients } from '../lib/redis.js';
import { corsOptionsOf } from '../plugins/cors.js';
import { drainChatBadges } from '../modules/chats/messages.service.js';
import { onConnection } from './connection.js';
import { createPresence } from './presence.js';
import { createTaskTracker } from './serial-queue.js';
import type { ChatIo } from './types.js';

/**
 * The largest packet a client may send. A chat message is at most 2,000 characters (~12 KB as
 * escaped JSON), so this leaves room and no more; a bigger packet closes that connection.
 */
export const SOCKET_MAX_PACKET_BYTES = 64 * 1024;

/**
 * Whether a connection may open, by its `Origin`: the app's own origin (PUBLIC_ORIGIN, or the
 * origin the request reached as the HTTP side works it out), or one of CORS_ORIGINS. A browser
 * always sends Origin on a WebSocket or cross-origin request, so another site's page cannot ride
 * a member's browser into the socket (WebSockets are not covered by CORS). No Origin at all is
 * allowed: that is a client outside a browser (a mobile app, a bot, our tests and benchmarks),
 * which could send any Origin it liked anyway.
 */
export function socketOriginAllowed(
  config: Pick<Config, 'publicOrigin' | 'corsOrigins' | 'trustProxy'>,
  request: IncomingMessage,
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === config.publicOrigin || config.corsOrigins.includes(origin)) return true;
  const reached = reachedOrigin(request.headers, {
    encrypted: Boolean((request.socket as { encrypted?: boolean }).encrypted),
    peer: request.socket.remoteAddress,
    trustProxy: config.trustProxy,
  });
  return origin === reached;
}

/** The Socket.IO server on the app's HTTP server at /socket.io (handlers come with registerRealtime). */
export function createSocketServer(app: FastifyInstance, config: Config): ChatIo {
  return new Server(app.server, {
    path: '/socket.io',
    // Refused connections get engine.io's 403 "Forbidden" (a client sees `connect_error`).
    allowRequest: (request, callback) => callback(null, socketOriginAllowed(config, request)),
    transports: ['websocket', 'polling'],
    serveClient: false,
    pingInterval: SOCKET_PING_INTERVAL_MS,
    pingTimeout: SOCKET_PING_TIMEOUT_MS,
    maxHttpBufferSize: SOCKET_MAX_PACKET_BYTES,
    cors: corsOptionsOf(config),
  });
}

/**
 * Wires the connection handlers. With Redis configured, rooms span every app node through the
 * Redis adapter (its channels under the app's key prefix), so members on different nodes chat,
 * type, read and see presence as on one node. Closing the app closes it.
 */
export function registerRealtime(app: FastifyInstance, io: ChatIo): void {
  const { ctx } = app;
  let adapterClients: Redis[] = [];
  if (ctx.redis) {
    // They reconnect by themselves; the app's own client reports an outage (main.ts).
    const { pub, sub } = createAdapterClients(ctx.redis, (err) => app.log.debug({ err }, 'Redis adapter'));
    adapterClients = [pub, sub];
    io.adapter(createAdapter(pub, sub, { key: `${ctx.redisPrefix}socket.io` }));
  }

  const tasks = createTaskTracker();
  const presence = createPresence(ctx, io, app.log);
  const deps = { ctx, io, presence, tasks, log: app.log };
  io.on('connection', (socket) => onConnection(deps, socket));

  // Before the database closes: disconnect every socket, let their sign-outs (presence writes)
  // finish, then let go of Redis. io.close() also closes the HTTP server, which Fastify accepts.
  app.addHook('preClose', async () => {
    await io.close();
    await tasks.drain();
    // Badge pushes the last sends queued read the database: let them finish first.
    await drainChatBadges(ctx);
    await presence.close().catch((err: unknown) => app.log.warn({ err }, 'presence: leaving failed'));
    await Promise.all(adapterClients.map((c) => c.quit().catch(() => c.disconnect())));
  });
}
