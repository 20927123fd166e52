import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { io as connectSocket } from 'socket.io-client';
import type { AuthResponse, Post, SelfUser } from '@glimpse/shared';
import { multipart, solidImage } from './modules/media/media.fixtures.js';
import { describeTwoNodes } from './two-nodes.suite.js';
import {
  buildServer,
  childrenOf,
  clusterProcesses,
  descendantsOf,
  isAlive,
  postmasterOf,
  startServerProcess,
  startViaNpmStart,
  startViaStartScript,
  waitFor,
  type ServerProcess,
} from './test/server-process.js';

/**
 * The server as `npm start` runs it — compiled by the build, run by plain node (no tsx), with the
 * embedded PostgreSQL under DATA_DIR/pg — and what happens to the database when the process is
 * stopped or killed.
 */
describe('the server process and its embedded PostgreSQL', () => {
  let bundle: string;
  let dataDir: string;
  const started: ServerProcess[] = [];
  const start = async () => {
    const server = await startServerProcess(bundle, dataDir);
    started.push(server);
    return server;
  };

  beforeAll(async () => {
    ({ bundle } = await buildServer());
  }, 120_000);

  it('is built by `npm start` when the bundle is missing or older than its sources, and only then', async () => {
    fs.rmSync(path.dirname(bundle), { recursive: true, force: true });
    expect(await buildServer()).toEqual({ bundle, built: true });
    expect(await buildServer()).toEqual({ bundle, built: false });
    const source = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
    const later = new Date(fs.statSync(bundle).mtimeMs + 2_000);
    fs.utimesSync(source, later, later);
    expect(await buildServer()).toEqual({ bundle, built: true });
    // One file, run by plain node: no TypeScript left, the shared package inlined.
    const code = fs.readFileSync(bundle, 'utf8');
    expect(code).not.toMatch(/from ["']@glimpse\/shared["']/);
    expect(fs.existsSync(path.join(path.dirname(bundle), 'migrations', 'meta', '_journal.json'))).toBe(true);
  }, 120_000);

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-main-'));
  });
  afterEach(async () => {
    for (const server of started.splice(0)) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        process.kill(-server.pid, 'SIGKILL');
        await server.exited;
      }
    }
    const pm = postmasterOf(dataDir);
    if (pm && isAlive(pm.pid)) process.kill(pm.pid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes PostgreSQL down with it when killed alone, and stops it on SIGTERM: no postgres process left, its port free', async () => {
    // kill -9 of the server alone: PostgreSQL is told (parent-death signal) and shuts down by itself.
    const first = await start();
    const firstPm = postmasterOf(dataDir)!;
    process.kill(first.pid, 'SIGKILL');
    await first.exited;
    await waitFor('PostgreSQL to follow its server', () => !isAlive(firstPm.pid));
    expect(clusterProcesses(dataDir)).toEqual([]);

    // The next start comes up on the same data.
    const server = await start();
    expect(await (await fetch(`${server.origin}/api/health`)).json()).toEqual({
      status: 'ok',
      database: 'embedded',
    });
    const pm = postmasterOf(dataDir)!;
    expect(isAlive(pm.pid)).toBe(true);
    const workers = childrenOf(pm.pid);
    expect(workers.length).toBeGreaterThan(0);

    process.kill(server.pid, 'SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });

    expect(isAlive(pm.pid)).toBe(false);
    expect(workers.filter(isAlive)).toEqual([]);
    expect(clusterProcesses(dataDir)).toEqual([]);
    // A clean shutdown: PostgreSQL removed its lock file and said so in its log.
    expect(postmasterOf(dataDir)).toBeNull();
    expect(fs.readFileSync(path.join(dataDir, 'pg', 'postgres.log'), 'utf8')).toMatch(
      /database system is shut down\s*$/,
    );
    await expect(canListenOn(pm.port)).resolves.toBe(true);
    // ...and the owner record is released, so the next start needs no recovery.
    expect(fs.existsSync(path.join(dataDir, 'pg', 'owner.json'))).toBe(false);
  }, 120_000);

  it('`npm start` runs the server on the Node 22 that `npm install` brought, with MALLOC_ARENA_MAX=2, in a child that leaves with it, even on SIGKILL', async () => {
    // npm itself runs on the shell's node (here and in CI the system's Node 20).
    const npm = await startViaNpmStart(dataDir, { MALLOC_ARENA_MAX: undefined });
    started.push(npm);
    const scriptPid = descendantsOf(npm.pid).find((pid) =>
      cmdlineOf(pid).some((a) => /(^|\/)scripts\/start\.mjs$/.test(a)),
    )!;
    const children = childrenOf(scriptPid);
    expect(children).toHaveLength(1);
    const serverPid = children[0]!;
    expect(cmdlineOf(serverPid).some((a) => a.endsWith('dist/main.js'))).toBe(true);
    expect(environOf(serverPid)).toContain('MALLOC_ARENA_MAX=2');
    expect(environOf(scriptPid)).not.toContain('MALLOC_ARENA_MAX=2');

    // The server's node is the node-<platform> package's binary, not the one running npm.
    const serverNode = fs.realpathSync(`/proc/${serverPid}/exe`);
    expect(serverNode).toContain(`${path.sep}node_modules${path.sep}`);
    expect(fs.realpathSync(`/proc/${npm.pid}/exe`)).not.toBe(serverNode);
    const version = execFileSync(serverNode, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    expect(Number(version.split('.')[0])).toBeGreaterThanOrEqual(22);
    // ...and so is the test runner (npm test, npx vitest).
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);

    expect((await fetch(`${npm.origin}/api/health`)).status).toBe(200);
    const pm = postmasterOf(dataDir)!;
    expect(childrenOf(serverPid)).toContain(pm.pid);

    // Killed outright, the start script cannot pass anything on: the kernel tells the server,
    // which shuts down the usual way, PostgreSQL included.
    process.kill(scriptPid, 'SIGKILL');
    await npm.exited;
    await waitFor('the server to follow its start script', () => !isAlive(serverPid));
    await waitFor('PostgreSQL to stop', () => !isAlive(pm.pid));
    expect(clusterProcesses(dataDir)).toEqual([]);
    expect(fs.readFileSync(path.join(dataDir, 'pg', 'postgres.log'), 'utf8')).toMatch(
      /database system is shut down\s*$/,
    );
  }, 120_000);

  it('`npm start` passes SIGTERM on and exits as the server did; with MALLOC_ARENA_MAX set it runs the server itself', async () => {
    const script = await startViaStartScript(dataDir, { MALLOC_ARENA_MAX: undefined });
    started.push(script);
    const [serverPid] = childrenOf(script.pid);
    process.kill(script.pid, 'SIGTERM');
    expect(await script.exited).toEqual({ code: 0, signal: null });
    expect(isAlive(serverPid!)).toBe(false);
    expect(clusterProcesses(dataDir)).toEqual([]);

    // The operator's own setting wins, and then there is no second process.
    const inProcess = await startViaStartScript(dataDir, { MALLOC_ARENA_MAX: '4' });
    started.push(inProcess);
    expect(environOf(inProcess.pid)).toContain('MALLOC_ARENA_MAX=4');
    expect(childrenOf(inProcess.pid)).toEqual([postmasterOf(dataDir)!.pid]);
    process.kill(inProcess.pid, 'SIGTERM');
    expect(await inProcess.exited).toEqual({ code: 0, signal: null });
  }, 120_000);

  it('on SIGTERM stops accepting, finishes requests in flight, sends sockets elsewhere and exits within its bound', async () => {
    const server = await startServerProcess(bundle, dataDir, { SHUTDOWN_TIMEOUT_MS: '2000' });
    started.push(server);
    const port = Number(new URL(server.origin).port);
    const signUp = await fetch(`${server.origin}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'sigterm@gmail.com', username: 'sigterm', password: 'secret123' }),
    });
    const { token } = (await signUp.json()) as AuthResponse;

    // A signed-in socket that, like the web app's, reconnects by itself.
    const socket = connectSocket(server.origin, {
      transports: ['websocket'],
      auth: { token },
      reconnection: true,
    });
    await new Promise((resolve) => socket.once('authenticated', resolve));
    const disconnected = new Promise<{ reason: string; active: boolean }>((resolve) =>
      socket.once('disconnect', (reason) => {
        resolve({ reason, active: socket.active });
        socket.disconnect(); // the test has no other node to go to
      }),
    );

    // Two uploads in flight: one whose client sends the rest of its body after SIGTERM, one whose
    // client never does.
    const body = multipart([{ data: await solidImage(64, 48, 'png'), contentType: 'image/png' }]);
    const half = Math.floor(body.payload.length / 2);
    const openUpload = () => {
      const req = http.request(`${server.origin}/api/posts/upload-media`, {
        method: 'POST',
        headers: { ...body.headers, 'content-length': body.payload.length, authorization: `Bearer ${token}` },
      });
      const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        });
        req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
      });
      req.write(body.payload.subarray(0, half));
      return { req, answer };
    };
    const finishing = openUpload();
    const stalled = openUpload();
    await waitForAsync('both uploads to be in flight', async () => {
      const text = await (await fetch(`${server.origin}/metrics`)).text();
      // The two uploads and this scrape.
      return /^http_requests_in_flight 3$/m.test(text);
    });

    process.kill(server.pid, 'SIGTERM');
    await waitForAsync('the listening socket to close', async () => !(await canConnect(port)));
    finishing.req.end(body.payload.subarray(half));
    const answer = await finishing.answer;
    expect(answer).toMatchObject({ status: 200 });
    expect(JSON.parse((answer as { body: string }).body).media).toHaveLength(1);

    // Told at the transport, not by a server-side disconnect: a client reconnects (elsewhere).
    expect(await disconnected).toEqual({ reason: 'transport close', active: true });
    // The stalled upload is cut at SHUTDOWN_TIMEOUT_MS, and the process then ends cleanly.
    expect(await stalled.answer).toEqual({ error: 'ECONNRESET' });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('requests still running after 2000 ms; closing their connections');
    expect(server.output()).toContain('"msg":"shut down"');
    expect(postmasterOf(dataDir)).toBeNull();
  }, 120_000);

  it('starts its embedded PostgreSQL again when the postmaster dies under writes: 503 meanwhile, no acknowledged write lost; media leftovers swept at start', async () => {
    // A write a crash cut off leaves a temporary file beside the media: swept before serving.
    const shard = path.join(dataDir, 'media', 'ab');
    fs.mkdirSync(shard, { recursive: true });
    const leftover = path.join(shard, `ab${'0'.repeat(62)}-orig.webp.999999999.0123456789ab.tmp`);
    fs.writeFileSync(leftover, 'half a photo');
    const server = await start();
    expect(fs.existsSync(leftover)).toBe(false);

    // Several members: posts are rate limited per member (RATE_LIMITS.posts).
    const tokens: string[] = [];
    for (let m = 0; m < 8; m++) {
      const signUp = await fetch(`${server.origin}/api/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `crash${m}@gmail.com`, username: `crash${m}`, password: 'secret123' }),
      });
      tokens.push(((await signUp.json()) as AuthResponse).token);
    }
    const first = postmasterOf(dataDir)!;

    // Writes go on while PostgreSQL is killed and comes back: every answer is 201 or 503.
    const acknowledged: string[] = [];
    const statuses = new Set<number>();
    let stop = false;
    const writer = (async () => {
      for (let i = 0; !stop; i++) {
        const res = await fetch(`${server.origin}/api/posts`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[i % tokens.length]}`,
          },
          body: JSON.stringify({ title: `Write ${i}`, content: 'Across a crash.', category: 'Travel' }),
        });
        statuses.add(res.status);
        if (res.status === 201) acknowledged.push(((await res.json()) as { post: Post }).post.id);
        else expect(res.headers.get('retry-after')).toBe('5');
        // Paced, so a fast machine stays within the members' post limits.
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await waitFor('a first write', () => acknowledged.length > 0, 60_000);
    process.kill(first.pid, 'SIGKILL');
    await waitFor('a 503 while PostgreSQL is down', () => statuses.has(503), 60_000);
    await waitFor(
      'PostgreSQL to be started again',
      () => (postmasterOf(dataDir)?.pid ?? first.pid) !== first.pid,
      60_000,
    );
    const countAfter = acknowledged.length;
    await waitFor('writes to be acknowledged again', () => acknowledged.length > countAfter + 2, 60_000);
    stop = true;
    await writer;

    expect([...statuses].sort()).toEqual([201, 503]);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).toMatch(/exited unexpectedly .*starting it again/);
    expect(server.output()).toMatch(/PostgreSQL is back/);
    // Every acknowledged post is there: the commits the client heard of survived the crash.
    const stored = new Set(
      (await clusterQuery<{ id: string }>(dataDir, 'SELECT id FROM posts')).map((r) => r.id),
    );
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  }, 180_000);

  it('loses no acknowledged write when the whole process group is killed mid-burst, and comes up again by itself', async () => {
    const server = await start();
    // One member per writer: posts are rate limited per member (RATE_LIMITS.posts), and eight
    // members' bursts together still make the 40 writes.
    const tokens: string[] = [];
    for (let w = 0; w < 8; w++) {
      const signUp = await fetch(`${server.origin}/api/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `burst${w}@gmail.com`, username: `burst${w}`, password: 'secret123' }),
      });
      expect(signUp.status).toBe(201);
      tokens.push(((await signUp.json()) as AuthResponse).token);
    }
    const pm = postmasterOf(dataDir)!;

    // Eight writers create posts as fast as the server acknowledges them (201 with the post).
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const res = await fetch(`${server.origin}/api/posts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[w]}` },
            body: JSON.stringify({
              title: `Burst ${w}.${i}`,
              content: 'Written mid-burst.',
              category: 'Travel',
            }),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { post: Post }).post.id);
        } catch {
          // The connection died with the server: not acknowledged, so no promise was made.
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    await waitFor('40 acknowledged writes', () => acknowledged.length >= 40, 60_000);
    // SIGKILL to every process in the group at once: Node and PostgreSQL with all its backends,
    // while requests are still in flight (a crash, not a shutdown).
    process.kill(-server.pid, 'SIGKILL');
    killed = true;
    expect((await server.exited).signal).toBe('SIGKILL');
    await Promise.all(writers);
    await waitFor('the killed PostgreSQL to be gone', () => !isAlive(pm.pid));
    // It had no chance to clean up: its lock file is still there.
    expect(postmasterOf(dataDir)?.pid).toBe(pm.pid);

    const again = await start();
    const log = fs.readFileSync(path.join(dataDir, 'pg', 'postgres.log'), 'utf8');
    expect(log).toMatch(/not properly shut down|interrupted/);
    expect(log).toContain('redo done');

    const missing: string[] = [];
    for (const id of acknowledged) {
      const res = await fetch(`${again.origin}/api/posts/${id}`);
      if (res.status !== 200) missing.push(`${id}: ${res.status}`);
    }
    expect(missing).toEqual([]);
    // The counter, committed in the same transaction as each post, agrees with the posts that
    // survived (a write may have committed without its answer arriving: never the reverse).
    let counted = 0;
    for (const token of tokens) {
      const me = await fetch(`${again.origin}/api/auth/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      counted += ((await me.json()) as SelfUser).stats.postsCount;
    }
    const [{ n }] = await clusterQuery<{ n: number }>(dataDir, `SELECT count(*)::int AS n FROM posts`);
    expect(counted).toBe(n);
    expect(n).toBeGreaterThanOrEqual(acknowledged.length);

    // The restarted cluster runs with commits synced to disk.
    const settings = await clusterQuery<{
      fsync: string;
      synchronous_commit: string;
      full_page_writes: string;
    }>(
      dataDir,
      `SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit,
              current_setting('full_page_writes') AS full_page_writes`,
    );
    expect(settings).toEqual([{ fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' }]);
  }, 180_000);
});

// The two-node deployment test (two-nodes.suite.ts), in this file so it never overlaps the bundle
// rebuilds above.
describeTwoNodes();

/** A process's arguments. */
function cmdlineOf(pid: number): string[] {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

/** A process's environment as `NAME=value` lines. */
function environOf(pid: number): string[] {
  return fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForAsync(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function canListenOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1' }, () => probe.close(() => resolve(true)));
  });
}

/** A query on the running cluster with its own credentials (DATA_DIR/pg/password). */
async function clusterQuery<T>(dataDir: string, text: string): Promise<[T, ...T[]]> {
  const pm = postmasterOf(dataDir)!;
  const password = fs.readFileSync(path.join(dataDir, 'pg', 'password'), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: pm.port,
    user: 'glimpse',
    password,
    database: 'glimpse',
  });
  await client.connect();
  try {
    const { rows } = await client.query(text);
    return rows as [T, ...T[]];
  } finally {
    await client.end();
  }
}
