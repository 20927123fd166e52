import type { Redis } from 'ioredis';
import type { AppContext } from '../context.js';
import { recordPresence } from '../modules/chats/chats.service.js';
import { emitPresence } from './chat-events.js';
import type { ChatIo } from './types.js';

/**
 * Presence is per member, not per socket: the first socket in makes them online, the last one out
 * offline, however many tabs (and, with Redis, however many nodes) they are spread over.
 */
interface SocketCounts {
  /** Counts one more socket of the user; returns how many they have now. */
  add(userId: string): Promise<number>;
  /** Counts one socket fewer; returns how many are left. */
  remove(userId: string): Promise<number>;
}

function createMemoryCounts(): SocketCounts {
  const counts = new Map<string, number>();
  return {
    async add(userId) {
      const n = (counts.get(userId) ?? 0) + 1;
      counts.set(userId, n);
      return n;
    },
    async remove(userId) {
      const n = (counts.get(userId) ?? 0) - 1;
      if (n > 0) counts.set(userId, n);
      else counts.delete(userId);
      return Math.max(n, 0);
    },
  };
}

// DECR and the cleanup of a spent key in one atomic step: a separate DEL could erase another
// node's INCR that landed in between.
const DECR_AND_CLEAN = `
local n = redis.call('DECR', KEYS[1])
if n <= 0 then redis.call('DEL', KEYS[1]) end
return n`;

function createRedisCounts(redis: Redis, prefix: string): SocketCounts {
  const key = (userId: string) => `${prefix}presence:${userId}`;
  return {
    async add(userId) {
      return redis.incr(key(userId));
    },
    async remove(userId) {
      const n = Number(await redis.eval(DECR_AND_CLEAN, 1, key(userId)));
      return Math.max(n, 0);
    },
  };
}

export interface Presence {
  socketIn(user: { id: string; username: string }): Promise<void>;
  socketOut(user: { id: string; username: string }): Promise<void>;
}

export function createPresence(ctx: AppContext, io: ChatIo): Presence {
  const counts = ctx.redis ? createRedisCounts(ctx.redis, ctx.redisPrefix) : createMemoryCounts();
  // One transition at a time per member on this node, so a tab closing while another opens
  // cannot leave the database saying "offline" after the "online" it should end on.
  const chains = new Map<string, Promise<void>>();

  function serialize(userId: string, task: () => Promise<void>): Promise<void> {
    const next = (chains.get(userId) ?? Promise.resolve()).then(task);
    const settled = next.catch(() => undefined);
    chains.set(userId, settled);
    void settled.then(() => {
      if (chains.get(userId) === settled) chains.delete(userId);
    });
    return next;
  }

  async function announce(user: { id: string; username: string }, isOnline: boolean): Promise<void> {
    emitPresence(io, { partnerIds: await recordPresence(ctx, user.id, isOnline), user, isOnline });
  }

  return {
    socketIn(user) {
      return serialize(user.id, async () => {
        if ((await counts.add(user.id)) === 1) await announce(user, true);
      });
    },
    socketOut(user) {
      return serialize(user.id, async () => {
        if ((await counts.remove(user.id)) === 0) await announce(user, false);
      });
    },
  };
}
