import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withIoDeadline } from './io-deadline.js';
import { createRedisClient, REDIS_COMMAND_TIMEOUT_MS } from './redis.js';

/** Keeps this process busy, as a loaded machine or a long synchronous task does. */
function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spinning: neither timers nor sockets run meanwhile
  }
}

describe('withIoDeadline', () => {
  // An echo server in a process of its own: it answers while this one is busy.
  let echo: ReturnType<typeof spawn>;
  let port: number;
  beforeAll(async () => {
    echo = spawn(
      process.execPath,
      [
        '-e',
        "const s=require('node:net').createServer(c=>c.on('data',d=>c.write(d)));s.listen(0,'127.0.0.1',()=>console.log(s.address().port))",
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [line] = (await once(echo.stdout!, 'data')) as [Buffer];
    port = Number(line.toString().trim());
  });
  afterAll(() => {
    echo.kill();
  });

  it('takes an answer that came in time even when the process wakes past the deadline', async () => {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    try {
      const answer = once(socket, 'data').then(([data]) => (data as Buffer).toString());
      socket.write('ping');
      const result = withIoDeadline(answer, 100, 'missed');
      busyFor(400); // the echo answers meanwhile; the deadline passes too
      await expect(result).resolves.toBe('ping');
    } finally {
      socket.destroy();
    }
  });

  it('still fails an answer that never comes, soon after the deadline', async () => {
    const started = Date.now();
    await expect(withIoDeadline(new Promise<never>(() => {}), 50, 'missed')).rejects.toThrow('missed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(49);
  });
});

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)("the app's Redis client on a busy process", () => {
  it('gets the reply Redis sent in time, though the process woke past the command timeout', async () => {
    const redis = createRedisClient(redisUrl!);
    try {
      expect(await redis.ping()).toBe('PONG');
      const reply = redis.ping();
      busyFor(REDIS_COMMAND_TIMEOUT_MS + 300);
      await expect(reply).resolves.toBe('PONG');
    } finally {
      redis.disconnect();
    }
  });
});
