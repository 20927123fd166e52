import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Chat, Message, Post, SendMessageAck, UploadedMedia } from '@glimpse/shared';
import { multipart, solidImage } from './modules/media/media.fixtures.js';
import { connectClient, type TestClient } from './realtime/testing.js';
import { createTestDatabase, TEST_JWT_SECRET } from './test/harness.js';
import { hasRedisServer, startTestRedis, type TestRedis } from './test/redis-server.js';
import { startTestS3, type TestS3 } from './test/s3-server.js';
import { buildServer, startServerProcess, type ServerProcess } from './test/server-process.js';

/**
 * Two app nodes as deployed (docs/DEPLOY.md): two processes of the built server, run by plain
 * node, sharing one PostgreSQL database, one Redis and one S3-compatible bucket (s3rver), nothing
 * else — no shared disk. Members on different nodes see each other's photos and chat in order,
 * and a node that is killed outright does not leave its members online.
 *
 * The Redis is one of the test's own (`redis-server` on a free port), so killing a node cannot
 * disturb anyone else's keys; without the binary the test is skipped with a printed reason.
 */
const SKIP_REASON = 'two-node test skipped: it needs a redis-server binary on PATH (CI has one)';
if (!hasRedisServer) console.warn(SKIP_REASON);

/** Short, so the killed node's heartbeat runs out within the test. */
const PRESENCE_TTL_MS = 2_000;

let database: { url: string; drop(): Promise<void> };
let redis: TestRedis;
let s3: TestS3;
const dataDirs: string[] = [];
const nodes: ServerProcess[] = [];
const clients: TestClient[] = [];

async function startNode(): Promise<ServerProcess> {
  const { bundle } = await buildServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-node-'));
  dataDirs.push(dataDir);
  const node = await startServerProcess(bundle, dataDir, {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    JWT_SECRET: TEST_JWT_SECRET,
    PRESENCE_TTL_MS: String(PRESENCE_TTL_MS),
    ...s3.env,
  });
  nodes.push(node);
  return node;
}

async function call<T>(
  origin: string,
  method: string,
  url: string,
  opts: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body,
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function register(origin: string, name: string): Promise<AuthResponse> {
  const suffix = `${process.pid}${Date.now().toString(36)}`.slice(-10);
  const res = await call<AuthResponse>(origin, 'POST', '/api/users', {
    json: { email: `${name}${suffix}@gmail.com`, username: `${name}${suffix}`, password: 'secret123' },
  });
  expect(res.status).toBe(201);
  return res.body;
}

const sendWithAck = (c: TestClient, payload: unknown) =>
  c.socket.timeout(5_000).emitWithAck('send_message', payload) as Promise<SendMessageAck>;

describe.skipIf(!hasRedisServer)('two app nodes on one PostgreSQL, Redis and S3 bucket', () => {
  let node1: ServerProcess;
  let node2: ServerProcess;

  beforeAll(async () => {
    [database, redis, s3] = await Promise.all([createTestDatabase(), startTestRedis(), startTestS3()]);
    node1 = await startNode();
    node2 = await startNode();
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    for (const node of nodes) {
      if (node.child.exitCode === null && node.child.signalCode === null) {
        process.kill(-node.pid, 'SIGKILL');
        await node.exited;
      }
    }
    await Promise.all([database?.drop(), redis?.stop(), s3?.close()]);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a member on node 1 posts a photo, a member on node 2 sees it and they chat in order; killing node 1 takes its member offline', async () => {
    const alice = await register(node1.origin, 'alice');
    const bob = await register(node2.origin, 'bob');

    // --- Alice uploads and posts on node 1.
    const form = multipart([{ data: await solidImage(1200, 800, 'jpeg') }]);
    const upload = await call<{ media: UploadedMedia[] }>(node1.origin, 'POST', '/api/posts/upload-media', {
      token: alice.token,
      body: form.payload,
      headers: form.headers,
    });
    expect(upload.status).toBe(200);
    const created = await call<{ post: Post }>(node1.origin, 'POST', '/api/posts', {
      token: alice.token,
      json: {
        title: 'Across nodes',
        content: 'Posted on node 1.',
        category: 'Travel',
        media: { images: [{ url: upload.body.media[0]!.url }] },
      },
    });
    expect(created.status).toBe(201);
    // Nothing on node 1's disk: the files are in the bucket.
    expect(fs.existsSync(path.join(dataDirs[0]!, 'media'))).toBe(false);

    // --- Bob sees it on node 2, which streams the image from the bucket.
    const seen = await call<Post>(node2.origin, 'GET', `/api/posts/${created.body.post.id}`, {
      token: bob.token,
    });
    expect(seen.status).toBe(200);
    const image = seen.body.media.images[0]!;
    expect(image.url.startsWith(`${node2.origin}/media/`)).toBe(true);
    for (const variant of image.variants) {
      const res = await fetch(variant.url);
      expect(res.status, variant.url).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(variant.width);
    }

    // --- They chat: Bob's socket on node 2, Alice's on node 1.
    const chat = await call<Chat>(node2.origin, 'POST', '/api/chats', {
      token: bob.token,
      json: { participantId: alice.user.id },
    });
    expect(chat.status).toBe(200);
    const bobSocket = await connectClient(node2.origin, { token: bob.token });
    clients.push(bobSocket);
    const aliceSocket = await connectClient(node1.origin, { token: alice.token });
    clients.push(aliceSocket);
    expect(await bobSocket.next('user_online')).toEqual({
      userId: alice.user.id,
      username: alice.user.username,
    });

    // Alice sends ten without waiting; Bob gets them in the order she sent them.
    const fromAlice = Array.from({ length: 10 }, (_, i) => `alice ${i}`);
    const aliceAcks = fromAlice.map((content) => sendWithAck(aliceSocket, { chatId: chat.body.id, content }));
    const atBob: string[] = [];
    for (let i = 0; i < fromAlice.length; i++)
      atBob.push(
        (await bobSocket.next<Message>('new_message', (m) => m.sender.id === alice.user.id)).content,
      );
    expect(atBob).toEqual(fromAlice);
    expect((await Promise.all(aliceAcks)).every((a) => a.ok)).toBe(true);

    // Bob chats back from node 2.
    const fromBob = Array.from({ length: 10 }, (_, i) => `bob ${i}`);
    const bobAcks = fromBob.map((content) => sendWithAck(bobSocket, { chatId: chat.body.id, content }));
    const atAlice: string[] = [];
    for (let i = 0; i < fromBob.length; i++)
      atAlice.push(
        (await aliceSocket.next<Message>('new_message', (m) => m.sender.id === bob.user.id)).content,
      );
    expect(atAlice).toEqual(fromBob);
    expect((await Promise.all(bobAcks)).every((a) => a.ok)).toBe(true);

    // Both nodes read the same history, in order.
    for (const [origin, token] of [
      [node1.origin, alice.token],
      [node2.origin, bob.token],
    ] as const) {
      const history = await call<Message[]>(origin, 'GET', `/api/chats/${chat.body.id}/messages`, {
        token,
      });
      expect(history.body.map((m) => m.content)).toEqual([...fromAlice, ...fromBob]);
    }

    // --- Node 1 dies without a word (SIGKILL): its heartbeat runs out, node 2 sweeps it, and
    // Bob hears that Alice, whose only socket was there, is offline.
    process.kill(-node1.pid, 'SIGKILL');
    expect((await node1.exited).signal).toBe('SIGKILL');
    expect(await bobSocket.next('user_offline', undefined, 20_000)).toEqual({
      userId: alice.user.id,
      username: alice.user.username,
    });
    const chats = await call<Chat[]>(node2.origin, 'GET', '/api/chats', { token: bob.token });
    expect(
      chats.body.find((c) => c.id === chat.body.id)?.participants.find((p) => p.id === alice.user.id),
    ).toMatchObject({ activity: { isOnline: false } });

    // She comes back on node 2: online again.
    const aliceAgain = await connectClient(node2.origin, { token: alice.token });
    clients.push(aliceAgain);
    expect(await bobSocket.next('user_online')).toEqual({
      userId: alice.user.id,
      username: alice.user.username,
    });
  }, 120_000);
});

describe.skipIf(hasRedisServer)('two app nodes (skipped)', () => {
  it.skip(SKIP_REASON, () => {});
});
