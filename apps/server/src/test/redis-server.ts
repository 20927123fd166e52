import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** Whether a `redis-server` binary is on PATH (CI installs and starts one; .ci/run). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A free TCP port on 127.0.0.1 (the OS picks it; nothing listens on it once this resolves). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A Redis of the test's own (no persistence) on a port of its own, so a test may stop it — an
 * outage the shared Redis must never see — and start it again on the same port.
 */
export interface TestRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers, as on a stalled host. */
  freeze(): void;
  /** Lets a frozen one run again (SIGCONT). */
  thaw(): void;
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    if (child) return;
    const c = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = c;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      c.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      c.once('exit', () => reject(new Error(`redis-server exited:\n${output}`)));
    });
  }
  async function stop(): Promise<void> {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((resolve) => c.once('exit', resolve));
    c.kill('SIGKILL');
    await exited;
  }

  const signal = (name: NodeJS.Signals) => {
    if (!child) throw new Error('redis-server is not running');
    child.kill(name);
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      // A frozen process takes SIGKILL too, but let it go first so nothing is left half-stopped.
      child?.kill('SIGCONT');
      await stop();
    },
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
  };
}
