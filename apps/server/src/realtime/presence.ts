import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
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
  add(user: { id: string; username: string }): Promise<number>;
  /** Counts one socket fewer; returns how many are left. */
  remove(user: { id: string; username: string }): Promise<number>;
}

function createMemoryCounts(): SocketCounts {
  const counts = new Map<string, number>();
  return {
    async add({ id }) {
      const n = (counts.get(id) ?? 0) + 1;
      counts.set(id, n);
      return n;
    },
    async remove({ id }) {
      const n = (counts.get(id) ?? 0) - 1;
      if (n > 0) counts.set(id, n);
      else counts.delete(id);
      return Math.max(n, 0);
    },
  };
}

/**
 * Presence across nodes, in Redis, so that a node that dies without saying goodbye (SIGKILL, a
 * crash, a lost machine) does not leave its members online forever:
 *
 * - `presence:nodes`: sorted set of live nodes, each scored with the time its heartbeat runs out
 *   (refreshed every TTL/3; a node that stops refreshing is dead after PRESENCE_TTL_MS);
 * - `presence:user:<userId>`: hash node id -> that member's sockets on that node;
 * - `presence:node:<nodeId>`: hash userId -> username of the members a node holds, so whoever
 *   sweeps a dead node knows whom to announce offline.
 *
 * A member is online while a live node counts a socket of theirs. Every node sweeps now and then:
 * a dead node is claimed by exactly one sweeper (ZREM answers 1 once), its counts are dropped and
 * each of its members with no socket left on a live node goes offline. Times come from Redis
 * (`TIME`), so the nodes' clocks do not matter.
 */
const NOW_MS = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** The member's sockets on live nodes (nodes whose heartbeat has not run out). */
const LIVE_TOTAL = `
local function liveTotal(userKey, nodesKey, now)
  local fields = redis.call('HGETALL', userKey)
  local total = 0
  for i = 1, #fields, 2 do
    local expires = redis.call('ZSCORE', nodesKey, fields[i])
    if expires and tonumber(expires) >= now then total = total + tonumber(fields[i + 1]) end
  end
  return total
end`;

// KEYS: user hash, node hash, nodes zset. ARGV: node id, user id, username, delta (1 or -1).
const CHANGE = `${NOW_MS}
${LIVE_TOTAL}
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], tonumber(ARGV[4]))
if n <= 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[2])
else
  redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
end
return liveTotal(KEYS[1], KEYS[3], now)`;

// KEYS: nodes zset. ARGV: node id, ttl ms. Answers 1 when the node was not listed (it had been
// swept as dead: the caller registers its members again).
const HEARTBEAT = `${NOW_MS}
return redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])`;

// KEYS: nodes zset. ARGV: key prefix, this node's id. Claims every dead node (ZREM answers 1 to one
// caller only), drops its counts, and answers [userId, username, ...] of members now offline.
const SWEEP = `${NOW_MS}
${LIVE_TOTAL}
local offline = {}
local dead = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. now)
for _, node in ipairs(dead) do
  if node ~= ARGV[2] and redis.call('ZREM', KEYS[1], node) == 1 then
    local nodeKey = ARGV[1] .. 'presence:node:' .. node
    local members = redis.call('HGETALL', nodeKey)
    for i = 1, #members, 2 do
      local userKey = ARGV[1] .. 'presence:user:' .. members[i]
      redis.call('HDEL', userKey, node)
      if liveTotal(userKey, KEYS[1], now) == 0 then
        table.insert(offline, members[i])
        table.insert(offline, members[i + 1])
      end
    end
    redis.call('DEL', nodeKey)
  end
end
return offline`;

// KEYS: nodes zset, node hash. ARGV: prefix, node id. A node leaving cleanly.
const LEAVE = `
local members = redis.call('HKEYS', KEYS[2])
for _, user in ipairs(members) do redis.call('HDEL', ARGV[1] .. 'presence:user:' .. user, ARGV[2]) end
redis.call('DEL', KEYS[2])
redis.call('ZREM', KEYS[1], ARGV[2])
return #members`;

export interface RedisPresenceOptions {
  /** How long a node counts as alive after its last heartbeat. */
  ttlMs: number;
  /** Called with the members whose last socket was on a node found dead. */
  onNodeLost(users: Array<{ id: string; username: string }>): void;
  /** Redis did not answer (a heartbeat or a count); called for each failure. */
  onError(err: unknown): void;
  /** A heartbeat got through after failures. */
  onRecover(): void;
}

/** The Redis-backed counts of one node, with its heartbeat and its sweeps of dead nodes. */
function createRedisCounts(
  redis: Redis,
  prefix: string,
  opts: RedisPresenceOptions,
): SocketCounts & { close(): Promise<void> } {
  const nodeId = randomBytes(9).toString('base64url');
  const nodesKey = `${prefix}presence:nodes`;
  const nodeKey = `${prefix}presence:node:${nodeId}`;
  const userKey = (userId: string) => `${prefix}presence:user:${userId}`;
  /** This node's own counts, to register again if it was ever swept (a pause longer than the TTL). */
  const local = new Map<string, { username: string; sockets: number }>();

  const change = async (user: { id: string; username: string }, delta: 1 | -1) =>
    Number(
      await redis.eval(CHANGE, 3, userKey(user.id), nodeKey, nodesKey, nodeId, user.id, user.username, delta),
    );
  /**
   * Set when a change could not reach Redis (down or frozen): the local counts are then the truth
   * and are written back as a whole by the next heartbeat that gets through. `gone` are members
   * whose last socket here left meanwhile, to take out of Redis then.
   */
  let stale = false;
  const gone = new Set<string>();

  async function writeBack(): Promise<void> {
    for (const [id, { username, sockets }] of local) {
      await redis.hset(userKey(id), nodeId, sockets);
      await redis.hset(nodeKey, id, username);
    }
    for (const id of gone) {
      if (local.has(id)) continue;
      await redis.hdel(userKey(id), nodeId);
      await redis.hdel(nodeKey, id);
    }
    gone.clear();
  }

  async function heartbeat(): Promise<void> {
    const added = Number(await redis.eval(HEARTBEAT, 1, nodesKey, nodeId, opts.ttlMs));
    if ((added === 1 && local.size > 0) || stale) {
      stale = false;
      await writeBack().catch((err: unknown) => {
        stale = true;
        throw err;
      });
    }
    const offline = (await redis.eval(SWEEP, 1, nodesKey, prefix, nodeId)) as string[];
    const users: Array<{ id: string; username: string }> = [];
    for (let i = 0; i + 1 < offline.length; i += 2)
      users.push({ id: offline[i]!, username: offline[i + 1]! });
    if (users.length > 0) opts.onNodeLost(users);
  }

  let failing = false;
  const beat = () =>
    heartbeat().then(
      () => {
        if (failing) opts.onRecover();
        failing = false;
      },
      (err: unknown) => {
        failing = true;
        opts.onError(err);
      },
    );
  let started: Promise<void> | null = null;
  const timer = setInterval(() => void beat(), Math.max(250, Math.floor(opts.ttlMs / 3)));
  timer.unref();
  // Back from an outage: write the counts back now rather than at the next beat.
  const onReady = () => {
    if (stale) void beat();
  };
  redis.on('ready', onReady);
  /** The first heartbeat precedes the first count, so a node is live before it counts anything. */
  const ready = () =>
    (started ??= heartbeat().catch((err: unknown) => {
      started = null;
      throw err;
    }));

  /**
   * Redis did not answer: this node's own count stands in for the member's total (other nodes'
   * sockets are unknown until Redis is back), and the change is written back later.
   */
  const fellBack = (err: unknown, userId: string): number => {
    stale = true;
    failing = true;
    opts.onError(err);
    return local.get(userId)?.sockets ?? 0;
  };

  return {
    async add(user) {
      const count = () => {
        const entry = local.get(user.id) ?? { username: user.username, sockets: 0 };
        entry.sockets += 1;
        local.set(user.id, entry);
      };
      try {
        // Counted here only after the first heartbeat: that heartbeat writes this node's counts
        // back as a whole, and would count this socket once more before its own change did.
        await ready();
      } catch (err) {
        count();
        return fellBack(err, user.id);
      }
      count();
      try {
        return await change(user, 1);
      } catch (err) {
        return fellBack(err, user.id);
      }
    },
    async remove(user) {
      const entry = local.get(user.id);
      if (entry && --entry.sockets <= 0) {
        local.delete(user.id);
        gone.add(user.id);
      }
      try {
        return Math.max(await change(user, -1), 0);
      } catch (err) {
        return fellBack(err, user.id);
      }
    },
    async close() {
      clearInterval(timer);
      redis.off('ready', onReady);
      await redis.eval(LEAVE, 2, nodesKey, nodeKey, prefix, nodeId);
    },
  };
}

export interface Presence {
  socketIn(user: { id: string; username: string }): Promise<void>;
  socketOut(user: { id: string; username: string }): Promise<void>;
  /** Stops the heartbeat and takes this node out of the shared counts (after its sockets left). */
  close(): Promise<void>;
}

export function createPresence(ctx: AppContext, io: ChatIo, log: FastifyBaseLogger): Presence {
  let presenceFailing = false;
  const counts: SocketCounts & { close?(): Promise<void> } = ctx.redis
    ? createRedisCounts(ctx.redis, ctx.redisPrefix, {
        ttlMs: ctx.config.presenceTtlMs,
        onNodeLost(users) {
          log.warn({ members: users.length }, 'an app node stopped without leaving; its members go offline');
          for (const user of users) {
            void serialize(user.id, () => announce(user, false)).catch((err: unknown) =>
              log.error({ err }, 'presence of a lost node failed'),
            );
          }
        },
        onError(err) {
          if (!presenceFailing)
            log.warn({ err }, "presence: Redis does not answer; counting this node's sockets until it does");
          presenceFailing = true;
        },
        onRecover() {
          presenceFailing = false;
          log.info('presence: Redis answers again; counts written back');
        },
      })
    : createMemoryCounts();
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
        if ((await counts.add(user)) === 1) await announce(user, true);
      });
    },
    socketOut(user) {
      return serialize(user.id, async () => {
        if ((await counts.remove(user)) === 0) await announce(user, false);
      });
    },
    async close() {
      await counts.close?.();
    },
  };
}
