import { sql } from 'drizzle-orm';
import { Temporal } from '@js-temporal/polyfill';
import { testMessageQueue } from '@fedify/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createPgKvStore, createPgMessageQueue, sweepExpiredKv } from './federation.store.repo.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('PostgreSQL key-value store', () => {
  it('sets, gets, lists by prefix and deletes', async () => {
    const kv = createPgKvStore(t.database.db);
    await kv.set(['a', 'b'], { n: 1 });
    await kv.set(['a', 'b', 'c'], 'deeper');
    await kv.set(['a', 'bc'], 'not under a/b');
    // LIKE's own wildcards in a key are matched literally.
    await kv.set(['x%', '_'], 2);
    expect(await kv.get(['a', 'b'])).toEqual({ n: 1 });
    expect(await kv.get(['missing'])).toBeUndefined();
    const under: { key: readonly string[]; value: unknown }[] = [];
    for await (const e of kv.list(['a', 'b'])) under.push(e);
    under.sort((x, y) => x.key.length - y.key.length);
    expect(under).toEqual([
      { key: ['a', 'b'], value: { n: 1 } },
      { key: ['a', 'b', 'c'], value: 'deeper' },
    ]);
    const wild: (readonly string[])[] = [];
    for await (const e of kv.list(['x%'])) wild.push(e.key);
    expect(wild).toEqual([['x%', '_']]);
    await kv.delete(['a', 'b']);
    expect(await kv.get(['a', 'b'])).toBeUndefined();
    expect(await kv.get(['a', 'b', 'c'])).toBe('deeper');
  });

  it('forgets a value after its ttl, and the sweep deletes the row', async () => {
    const kv = createPgKvStore(t.database.db);
    await kv.set(['ttl'], 'soon gone', { ttl: Temporal.Duration.from({ milliseconds: 1 }) });
    await kv.set(['kept'], 'kept', { ttl: Temporal.Duration.from({ hours: 1 }) });
    await new Promise((r) => setTimeout(r, 20));
    expect(await kv.get(['ttl'])).toBeUndefined();
    expect(await kv.get(['kept'])).toBe('kept');
    expect(await sweepExpiredKv(t.database.db)).toBeGreaterThanOrEqual(1);
  });
});

describe('PostgreSQL message queue', () => {
  it("passes Fedify's message queue conformance tests (delays, bulk, two listeners, ordering keys)", async () => {
    await t.database.db.execute(sql`delete from federation_queue`);
    await testMessageQueue(
      () => createPgMessageQueue(t.database.db),
      ({ controller }) => controller.abort(),
      { testOrderingKey: true },
    );
  }, 120_000);

  it('keeps a message until it is handled: one enqueued before any listener is handled later', async () => {
    const mq = createPgMessageQueue(t.database.db);
    await mq.enqueue({ durable: true });
    const controller = new AbortController();
    const seen: unknown[] = [];
    const listening = createPgMessageQueue(t.database.db).listen(
      (m) => {
        seen.push(m);
        controller.abort();
      },
      { signal: controller.signal },
    );
    await listening;
    expect(seen).toEqual([{ durable: true }]);
    expect((await mq.getDepth!()).queued).toBe(0);
  });
});
