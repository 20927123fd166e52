import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { SOCKET_PING_INTERVAL_MS, SOCKET_PING_TIMEOUT_MS } from '@glimpse/shared';
import { onConnection } from './connection.js';
import { createPresence } from './presence.js';
import { createTaskTracker } from './serial-queue.js';
import type { ChatIo } from './types.js';

/**
 * The largest packet a client may send. A chat message is at most 2,000 characters (~12 KB as
 * escaped JSON), so this leaves room and no more; a bigger packet closes that connection.
 */
export const SOCKET_MAX_PACKET_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO server, for services that tell clients about a change after it commits. */
    io: ChatIo;
  }
}

/**
 * Attaches Socket.IO to the app's HTTP server at /socket.io. With Redis configured, rooms span
 * every app node through the Redis adapter (its channels under the app's key prefix), so members
 * on different nodes chat, type, read and see presence as on one node. Closing the app closes it.
 */
export function registerRealtime(app: FastifyInstance): void {
  const { ctx } = app;
  const io: ChatIo = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    serveClient: false,
    pingInterval: SOCKET_PING_INTERVAL_MS,
    pingTimeout: SOCKET_PING_TIMEOUT_MS,
    maxHttpBufferSize: SOCKET_MAX_PACKET_BYTES,
    cors:
      ctx.config.corsOrigins.length > 0 ? { origin: ctx.config.corsOrigins, credentials: true } : undefined,
  });

  let adapterClients: Redis[] = [];
  if (ctx.redis) {
    const pub = ctx.redis.duplicate();
    const sub = ctx.redis.duplicate();
    adapterClients = [pub, sub];
    io.adapter(createAdapter(pub, sub, { key: `${ctx.redisPrefix}socket.io` }));
  }

  const tasks = createTaskTracker();
  const deps = { ctx, io, presence: createPresence(ctx, io), tasks, log: app.log };
  io.on('connection', (socket) => onConnection(deps, socket));
  app.decorate('io', io);

  // Before the database closes: disconnect every socket, let their sign-outs (presence writes)
  // finish, then let go of Redis. io.close() also closes the HTTP server, which Fastify accepts.
  app.addHook('preClose', async () => {
    await io.close();
    await tasks.drain();
    await Promise.all(adapterClients.map((c) => c.quit().catch(() => c.disconnect())));
  });
}
