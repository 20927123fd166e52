import { Redis } from 'ioredis';
import type { RedisAdapter } from '@socket.io/redis-adapter';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@glimpse/shared';
import { registerViaApi, seedUser } from '../test/harness.js';
import { startSocketTestApp, type SocketTestKit, type TestClient } from './testing.js';

/** A password change ends every session: open sockets are cut on every node, old tokens refused. */

const waitForDisconnect = (c: TestClient): Promise<string> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket stayed connected')), 15_000);
    c.socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

const changePassword = (kit: SocketTestKit, token: string, currentPassword: string) =>
  kit.t.app.inject({
    method: 'PUT',
    url: '/api/users/password',
    headers: { authorization: `Bearer ${token}` },
    payload: { currentPassword, newPassword: 'brand-new-secret' },
  });

describe('sessions end at a password change (one node)', () => {
  let kit: SocketTestKit;
  beforeAll(async () => {
    kit = await startSocketTestApp();
  });
  afterEach(() => kit.closeClients());
  afterAll(async () => {
    await kit.close();
  });

  it("cuts the member's open sockets, refuses the old token on a new socket, accepts the fresh one", async () => {
    const { user, token } = await registerViaApi(kit.t.app, { password: 'old-secret' });
    const member = { ...user, token, auth: { authorization: `Bearer ${token}` } };
    const bystander = await seedUser(kit.t);
    const tab1 = await kit.connect(member);
    const tab2 = await kit.connect(member, { via: 'event' });
    const other = await kit.connect(bystander);

    const cut = [tab1, tab2].map(waitForDisconnect);
    const res = await changePassword(kit, token, 'old-secret');
    expect(res.statusCode).toBe(200);
    expect(await Promise.all(cut)).toEqual(['io server disconnect', 'io server disconnect']);
    // Another member's socket is untouched.
    expect(other.socket.connected).toBe(true);

    await expect(kit.connect(member)).rejects.toThrow(MSG.tokenExpired);
    const fresh = res.json<{ token: string }>().token;
    const again = await kit.connect({ ...member, token: fresh });
    expect(again.socket.connected).toBe(true);
  });
});

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('two-node session test skipped: set REDIS_URL to run it');

describe.skipIf(!redisUrl)('sessions end on every node (Redis)', () => {
  const prefix = `glimpse-test:sessions:${process.pid}:${Date.now().toString(36)}:`;
  let redis: Redis;
  let node1: SocketTestKit;
  let node2: SocketTestKit;
  beforeAll(async () => {
    redis = new Redis(redisUrl!, { maxRetriesPerRequest: 2 });
    node1 = await startSocketTestApp({}, { redis, redisPrefix: prefix });
    node2 = await startSocketTestApp({}, { redis, redisPrefix: prefix, shareDatabaseWith: node1.t });
    const adapter = node1.t.app.io.of('/').adapter as unknown as RedisAdapter;
    for (let i = 0; (await adapter.serverCount()) < 2; i++) {
      if (i > 100) throw new Error('the two nodes never saw each other through Redis');
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(async () => {
    node1?.closeClients();
    node2?.closeClients();
    await node2?.close();
    await node1?.close();
    if (redis) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
      await redis.quit();
    }
  });

  it('a change made through node 1 cuts the socket held by node 2', async () => {
    const { user, token } = await registerViaApi(node1.t.app, { password: 'old-secret' });
    const onNode2 = await node2.connect({ ...user, token, auth: { authorization: `Bearer ${token}` } });
    const cut = waitForDisconnect(onNode2);
    expect((await changePassword(node1, token, 'old-secret')).statusCode).toBe(200);
    expect(await cut).toBe('io server disconnect');
  });
});
