import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { OPS_MSG, type Readiness } from '@glimpse/shared';
import { connectClient } from '../../realtime/testing.js';
import { IMAGE_DECODE_CONCURRENCY, imageQueue } from '../media/media.pipeline.js';
import { createTestApp, seedUser, type TestApp } from '../../test/harness.js';
import { hasRedisServer, startTestRedis, type TestRedis } from '../../test/redis-server.js';
import { startTestS3, type TestS3 } from '../../test/s3-server.js';

const ready = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
  return { status: res.statusCode, body: res.json<Readiness>() };
};

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says the process is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'postgres' });
  });

  it('is ready with the database up, no Redis configured and a writable media directory', async () => {
    expect(await ready(t)).toEqual({
      status: 200,
      body: {
        status: 'ready',
        checks: { database: 'up', redis: 'off', media: 'up', disk: 'up' },
        shuttingDown: false,
      },
    });
  });

  it('is not ready once the node is shutting down, whatever its dependencies say', async () => {
    t.app.ctx.lifecycle.shuttingDown = true;
    try {
      expect(await ready(t)).toEqual({
        status: 503,
        body: {
          status: 'unavailable',
          message: OPS_MSG.shuttingDown,
          code: 'SERVICE_UNAVAILABLE',
          checks: { database: 'up', redis: 'off', media: 'up', disk: 'up' },
          shuttingDown: true,
        },
      });
    } finally {
      t.app.ctx.lifecycle.shuttingDown = false;
    }
  });

  it('is not ready while its database refuses connections, and ready again after', async () => {
    const url = new URL(t.database.pool.options.connectionString!);
    const name = url.pathname.slice(1);
    const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    await admin.connect();
    try {
      // An outage of this one database: no new connections, and the pool's open ones are cut.
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [name]);
      const down = await ready(t);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({
        status: 'unavailable',
        message: OPS_MSG.dependenciesDown(['database']),
        checks: { database: 'down', redis: 'off', media: 'up', disk: 'up' },
      });
    } finally {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await until('the database to be up again', async () => (await ready(t)).status === 200);
  });
});

describe('GET /api/health/ready with MEDIA_STORE=s3', () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('names the media store while the bucket cannot be reached, and is ready when it is back', async () => {
    expect((await ready(t)).body.checks.media).toBe('up');
    await s3.stop();
    try {
      expect(await ready(t)).toEqual({
        status: 503,
        body: {
          status: 'unavailable',
          message: OPS_MSG.dependenciesDown(['media store']),
          code: 'SERVICE_UNAVAILABLE',
          checks: { database: 'up', redis: 'off', media: 'down', disk: 'off' },
          shuttingDown: false,
        },
      });
    } finally {
      await s3.start();
    }
    expect((await ready(t)).status).toBe(200);
  });
});

describe.skipIf(!hasRedisServer)('GET /api/health/ready with Redis', () => {
  let redisServer: TestRedis;
  let redis: Redis;
  let t: TestApp;
  beforeAll(async () => {
    redisServer = await startTestRedis();
    redis = new Redis(redisServer.url, { maxRetriesPerRequest: 1 });
    redis.on('error', () => {}); // the outage below is on purpose
    t = await createTestApp({}, { redis, redisPrefix: 'glimpse-ready-test:' });
  });
  afterAll(async () => {
    await t?.close();
    redis?.disconnect();
    await redisServer?.stop();
  });

  it('names Redis while it is stopped, and is ready once it is back', async () => {
    expect(await ready(t)).toMatchObject({ status: 200, body: { checks: { redis: 'up' } } });
    await redisServer.stop();
    try {
      await until('the client to notice', async () => redis.status !== 'ready');
      expect(await ready(t)).toMatchObject({
        status: 503,
        body: {
          message: OPS_MSG.dependenciesDown(['redis']),
          checks: { database: 'up', redis: 'down', media: 'up', disk: 'up' },
        },
      });
    } finally {
      await redisServer.start();
    }
    await until('Redis to be up again', async () => (await ready(t)).status === 200);
  });
});

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async (headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };
  const valueOf = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('times requests by route pattern and status', async () => {
    const a = await seedUser(t);
    await t.app.inject({ method: 'GET', url: '/api/posts/aaaaaaaaaaaaaaaaaaaaaaaa', headers: a.auth });
    await t.app.inject({ method: 'GET', url: '/api/posts/bbbbbbbbbbbbbbbbbbbbbbbb', headers: a.auth });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const text = await scrape();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(
      valueOf(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/posts/:id",status_code="404"}',
      ),
    ).toBe(2);
    expect(
      valueOf(
        text,
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/posts/:id",status_code="404"}',
      ),
    ).toBe(2);
    expect(
      valueOf(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
    ).toBe(1);
    expect(text).not.toContain('bbbbbbbb');
  });

  it('counts connected sockets and messages sent', async () => {
    const a = await seedUser(t);
    const b = await seedUser(t);
    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers: a.auth,
      payload: { participantId: b.id },
    });
    const origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    expect(valueOf(await scrape(), 'glimpse_sockets_connected')).toBe(0);
    const ca = await connectClient(origin, { token: a.token });
    const cb = await connectClient(origin, { token: b.token });
    try {
      expect(valueOf(await scrape(), 'glimpse_sockets_connected')).toBe(2);
      const before = valueOf(await scrape(), 'glimpse_messages_sent_total')!;
      for (const content of ['one', 'two', 'three']) {
        await ca.socket
          .timeout(15_000)
          .emitWithAck('send_message', { chatId: chat.json<{ id: string }>().id, content });
      }
      expect(valueOf(await scrape(), 'glimpse_messages_sent_total')).toBe(before + 3);
    } finally {
      ca.close();
      cb.close();
    }
    await until(
      'the sockets to be gone',
      async () => valueOf(await scrape(), 'glimpse_sockets_connected') === 0,
    );
  });

  it('shows the database connections in use and the image queue', async () => {
    // The previous test's sockets sign out (a presence write) after they are gone: let it finish.
    await until('the pool to be idle', async () => valueOf(await scrape(), 'glimpse_db_pool_in_use') === 0);
    const held = [await t.database.pool.connect(), await t.database.pool.connect()];
    // A background write (a session's last-seen time, a presence change) may hold a third
    // connection for a moment: wait for it to end rather than read one instant.
    try {
      await until(
        'the two held connections',
        async () => valueOf(await scrape(), 'glimpse_db_pool_in_use') === 2,
      );
    } finally {
      for (const c of held) c.release();
    }
    await until(
      'the pool to be idle again',
      async () => valueOf(await scrape(), 'glimpse_db_pool_in_use') === 0,
    );
    expect(valueOf(await scrape(), 'glimpse_db_pool_waiting')).toBe(0);
    // The real image pool: fill every slot with a task that waits, then queue two more.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const tasks = Array.from({ length: IMAGE_DECODE_CONCURRENCY + 2 }, () => imageQueue.run(() => gate));
    try {
      const text = await scrape();
      expect(valueOf(text, 'glimpse_images_processing')).toBe(IMAGE_DECODE_CONCURRENCY);
      expect(valueOf(text, 'glimpse_image_queue_size')).toBe(2);
    } finally {
      release();
      await Promise.all(tasks);
    }
    expect(valueOf(await scrape(), 'glimpse_image_queue_size')).toBe(0);
    expect(valueOf(await scrape(), 'glimpse_images_processing')).toBe(0);
    expect(await scrape()).toContain('process_resident_memory_bytes');
  });

  it('is not part of the public API documents', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(doc.json<{ paths: object }>().paths)).not.toContain('/metrics');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = 'metrics-token-0123456789abcdef';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers only a bearer of the token', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789abcd',
      token,
      `Bearer ${token}x`,
      'Bearer ',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ message: OPS_MSG.metricsTokenRequired });
    }
    const ok = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_request_duration_seconds');
  });

  it('refuses a token too short to be a secret', async () => {
    await expect(createTestApp({ METRICS_TOKEN: 'short' })).rejects.toThrow(
      /METRICS_TOKEN: must be at least 16/,
    );
  });
});
