import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILD_SCRIPT = path.resolve(SERVER_DIR, '../../scripts/build.mjs');
const REPO_DIR = path.resolve(SERVER_DIR, '../..');
const START_SCRIPT = path.resolve(REPO_DIR, 'scripts/start.mjs');
const START_TIMEOUT_MS = 90_000;

/**
 * Builds the server as `npm start` does (scripts/build.mjs: only when the bundle is missing or
 * older than its sources) and returns the bundle's path. Tests then run it with plain node.
 */
export async function buildServer(): Promise<{ bundle: string; built: boolean }> {
  const { build, SERVER_ENTRY } = (await import(pathToFileURL(BUILD_SCRIPT).href)) as {
    build(opts: { only: string }): Promise<string[]>;
    SERVER_ENTRY: string;
  };
  const built = await build({ only: 'server' });
  return { bundle: SERVER_ENTRY, built: built.includes('server') };
}

/** The real server, compiled, in a process group of its own: what `npm start` runs. */
export interface ServerProcess {
  /** Also the process group id (the server is the group's leader). */
  pid: number;
  origin: string;
  child: ChildProcess;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it printed so far. */
  output(): string;
}

/**
 * Starts the built server (see buildServer) with plain node on an ephemeral 127.0.0.1 port with
 * the embedded database in `dataDir` (DATABASE_URL cleared, whatever the test run points at), and
 * resolves once it listens.
 */
export async function startServerProcess(
  bundle: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  return spawnServer(['--enable-source-maps', bundle], dataDir, env);
}

/**
 * Like startServerProcess, but through `scripts/start.mjs`, exactly what `npm start` runs (which
 * builds whatever is stale first). `pid` is the start script's process.
 */
export async function startViaStartScript(
  dataDir: string,
  env: Record<string, string | undefined> = {},
): Promise<ServerProcess> {
  return spawnServer([START_SCRIPT], dataDir, env);
}

/**
 * `npm start` itself, as a person types it in the repository: npm runs on whatever `node` the
 * shell's PATH names first (the PATH given here has every `node_modules/.bin` of this run taken
 * out, so that is the system's), and npm puts the project's `node_modules/.bin` first for the
 * script. `pid` is npm's process.
 */
export async function startViaNpmStart(
  dataDir: string,
  env: Record<string, string | undefined> = {},
): Promise<ServerProcess> {
  const systemPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.split(path.sep).includes('node_modules'))
    .join(path.delimiter);
  return spawnServer(['start'], dataDir, { PATH: systemPath, ...env }, { command: 'npm', cwd: REPO_DIR });
}

async function spawnServer(
  args: string[],
  dataDir: string,
  env: Record<string, string | undefined>,
  how: { command: string; cwd: string } = { command: process.execPath, cwd: SERVER_DIR },
): Promise<ServerProcess> {
  const child = spawn(how.command, args, {
    cwd: how.cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
    if (port) {
      return { pid: child.pid!, origin: `http://127.0.0.1:${port}`, child, exited, output: () => output };
    }
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Pids of every live process whose command line names this embedded cluster's data directory. */
export function clusterProcesses(dataDir: string): number[] {
  const pgData = path.join(dataDir, 'pg', 'data');
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (argv.includes(pgData)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Pids of a process's descendants, children first. */
export function descendantsOf(pid: number): number[] {
  const out: number[] = [];
  for (let level = childrenOf(pid); level.length > 0; level = level.flatMap(childrenOf)) out.push(...level);
  return out;
}

/** Pids of a process's children (a postmaster's backends and workers, which rename themselves). */
export function childrenOf(pid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** PostgreSQL's pid and port from its postmaster.pid, or null when it is not running. */
export function postmasterOf(dataDir: string): { pid: number; port: number } | null {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'pg', 'data', 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return null;
  }
}

/** Running: exists and is not a zombie (an orphan's exit is reaped by init, sometimes a second later). */
export function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

export async function waitFor(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
