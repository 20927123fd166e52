import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { intArg, type Args } from '../lib/args.js';
import { fmt, table } from '../lib/report.js';
import { childTreePssMiB, descendantsOf, rssMiB } from '../lib/server-process.js';

const THIS_CHECKOUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_TIMEOUT_MS = 120_000;

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
  port: number;
  startedAt: number;
  output: () => string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Our environment without what `npm run bench` adds (npm_*: it would steer the inner npm). */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
}

/** `npm start` exactly as a person types it, in its own process group, on an ephemeral port. */
async function npmStart(root: string, dataDir: string, env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...cleanEnv(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, port, startedAt, output: () => output };
}

/** Milliseconds from the start until `path` first answers 200 (polled every 10 ms). */
async function until200(run: Running, urlPath: string): Promise<number> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${run.port}${urlPath}`);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - run.startedAt;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`no 200 from ${urlPath} within ${READY_TIMEOUT_MS / 1000} s:\n${run.output()}`);
    if (run.child.exitCode !== null) throw new Error(`npm start exited:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The node process serving (npm -> sh -c -> node scripts/start.mjs). */
function serverPid(run: Running): number | null {
  for (const pid of descendantsOf(run.child.pid!)) {
    try {
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (path.basename(argv[0] ?? '') === 'node' && argv.some((a) => a.endsWith('scripts/start.mjs')))
        return pid;
    } catch {
      // gone
    }
  }
  return null;
}

/** Running: exists and is not a zombie (an orphan's exit is reaped by init, here up to a second later). */
function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** SIGTERM to the whole group (as a terminal's Ctrl-C would); ms until every process of it is gone. */
async function stop(run: Running): Promise<number> {
  const started = performance.now();
  if (run.child.exitCode !== null || run.child.signalCode !== null) {
    throw new Error(
      `npm start ended by itself (${run.child.exitCode ?? run.child.signalCode}):\n${run.output()}`,
    );
  }
  const tree = [run.child.pid!, ...descendantsOf(run.child.pid!)];
  process.kill(-run.child.pid!, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  while (tree.some(isAlive)) {
    if (Date.now() > deadline) {
      for (const pid of tree.filter(isAlive)) process.kill(pid, 'SIGKILL');
      break;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  await run.exited;
  return performance.now() - started;
}

interface Sample {
  label: string;
  firstPage: number;
  firstPosts: number;
  serverRss: number | null;
  dbPss: number;
  stopMs: number;
}

async function measure(
  root: string,
  label: string,
  dataDir: string,
  env: Record<string, string>,
): Promise<Sample> {
  const run = await npmStart(root, dataDir, env);
  try {
    const firstPage = await until200(run, '/');
    const firstPosts = await until200(run, '/api/posts');
    // Memory once the first pages are served and the server is idle again.
    await new Promise((r) => setTimeout(r, 1000));
    const pid = serverPid(run);
    const sample = {
      label,
      firstPage,
      firstPosts,
      serverRss: pid ? rssMiB(pid) : null,
      dbPss: pid ? childTreePssMiB(pid) : 0,
    };
    return { ...sample, stopMs: await stop(run) };
  } catch (err) {
    await stop(run).catch(() => undefined);
    throw err;
  }
}

/**
 * `npm run bench -- start [--runs 3]`: how long `npm start` takes to serve, measured from the
 * command to the first 200 of `/` and of `/api/posts`:
 * - first start on an empty DATA_DIR (cluster initialised, migrations, demo data seeded);
 * - the same with SEED_DEMO=false, so the seeding's share shows;
 * - a restart on the first start's data.
 * Also the server's RSS and its PostgreSQL's memory (PSS of all its processes) once idle, and how
 * long SIGTERM takes to stop everything. Run after `npm install` (which builds): the numbers then
 * contain no build. `--root DIR` times another checkout (e.g. an older version, side by side).
 */
export async function runStart(args: Args): Promise<void> {
  const runs = intArg(args, 'runs', 3, 1);
  const root = path.resolve(args.get('root') ?? THIS_CHECKOUT);
  console.log(`npm start in ${root}`);
  const samples: Sample[] = [];
  for (let r = 1; r <= runs; r++) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-bench-start-'));
    // Run as root, the embedded cluster's user (postgres) must be able to pass through.
    fs.chmodSync(tmp, 0o711);
    try {
      const seeded = path.join(tmp, 'seeded');
      const bare = path.join(tmp, 'bare');
      for (const [label, dir, env] of [
        ['first start (demo data)', seeded, {}],
        ['first start, SEED_DEMO=false', bare, { SEED_DEMO: 'false' }],
        ['restart (demo data present)', seeded, {}],
      ] as const) {
        const s = await measure(root, label, dir, env);
        samples.push(s);
        console.log(
          `   run ${r}: ${label.padEnd(30)} / ${fmt(s.firstPage / 1000, 2)} s, /api/posts ${fmt(s.firstPosts / 1000, 2)} s, ` +
            `server RSS ${fmt(s.serverRss, 0)} MiB, PostgreSQL PSS ${fmt(s.dbPss, 0)} MiB, stop ${fmt(s.stopMs / 1000, 2)} s`,
        );
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
  const labels = [...new Set(samples.map((s) => s.label))];
  const range = (xs: number[], digits: number, scale = 1) => {
    const sorted = xs.map((x) => x / scale).sort((a, b) => a - b);
    const lo = fmt(sorted[0], digits);
    const hi = fmt(sorted[sorted.length - 1], digits);
    return lo === hi ? lo : `${lo}–${hi}`;
  };
  console.log(`\n## npm start (${runs} run${runs > 1 ? 's' : ''})\n`);
  console.log(
    table(
      [
        '',
        'first 200 of / (s)',
        'first 200 of /api/posts (s)',
        'server RSS (MiB)',
        'PostgreSQL PSS (MiB)',
        'SIGTERM to exit (s)',
      ],
      labels.map((label) => {
        const mine = samples.filter((s) => s.label === label);
        return [
          label,
          range(
            mine.map((s) => s.firstPage),
            2,
            1000,
          ),
          range(
            mine.map((s) => s.firstPosts),
            2,
            1000,
          ),
          range(
            mine.map((s) => s.serverRss ?? NaN),
            0,
          ),
          range(
            mine.map((s) => s.dbPss),
            0,
          ),
          range(
            mine.map((s) => s.stopMs),
            2,
            1000,
          ),
        ];
      }),
    ),
  );
}
