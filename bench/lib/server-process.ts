import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForNode } from '../../scripts/build.mjs';

const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const live = new Set<ChildProcess>();

// Never leave a server behind, whatever way the bench ends.
process.on('exit', () => {
  for (const child of live) if (child.exitCode === null) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of live) if (child.exitCode === null) child.kill('SIGTERM');
    process.exit(130);
  });
}

/** Resident memory of a process in MiB, from /proc (Linux). */
export function rssMiB(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Pids of every process below `pid` (its children, their children...), from /proc (Linux). */
export function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/**
 * Memory of an embedded PostgreSQL (every process below the server) in MiB, as PSS: shared
 * buffers are mapped by every backend, so summing their RSS would count them many times over;
 * PSS charges each shared page once in total. 0 when the server runs no database of its own.
 */
export function childTreePssMiB(pid: number): number {
  let kb = 0;
  for (const child of descendantsOf(pid)) {
    try {
      const m = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${child}/smaps_rollup`, 'utf8'));
      kb += m ? Number(m[1]) : 0;
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat (Linux). */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in USER_HZ (100 on Linux)
  } catch {
    return null;
  }
}

export interface ServerHandle {
  url: string;
  port: number;
  pid: number;
  /** Current RSS (MiB) and the peak seen by the sampler since start (or the last resetPeak). */
  rss(): number | null;
  peakRss(): number;
  /** The embedded PostgreSQL's memory (PSS, MiB; 0 with an external database): now and peak. */
  dbPss(): number;
  peakDbPss(): number;
  cpuSeconds(): number | null;
  resetPeak(): void;
  stop(): Promise<void>;
  logTail(): string;
}

export interface StartOptions {
  label: string;
  env: NodeJS.ProcessEnv;
  /** The child's entry point, relative to bench/ (default server-main.ts). */
  entry?: string;
  args?: string[];
  startTimeoutMs?: number;
}

/** Where the bench keeps its compiled entry points (ignored by git: dist/). */
const BUILD_DIR = path.join(BENCH_DIR, 'dist');
const compiled = new Map<string, Promise<string>>();

/**
 * An entry point compiled the way `npm start` runs the server (bundleForNode, scripts/build.mjs):
 * one esbuild bundle of our own TypeScript, dependencies imported from node_modules, plain Node. Run
 * through tsx instead, the server carried ~44 MiB of transpiled sources and source maps that a
 * deployed server never holds (idle RSS 167 MiB under tsx, 123 MiB compiled). Once per bench run.
 */
function compiledEntry(name: string): Promise<string> {
  let done = compiled.get(name);
  if (!done) {
    done = (async () => {
      const base = name.replace(/\.ts$/, '');
      const outfile = path.join(BUILD_DIR, `${base}.mjs`);
      // Our workspace packages (the server, shared) are compiled in; dependencies stay imports.
      await bundleForNode({
        entry: path.join(BENCH_DIR, name),
        outfile,
        inline: (specifier) => specifier.startsWith('@glimpse/'),
      });
      // db/client.ts finds its migrations beside the module that runs it.
      const migrations = path.resolve(BENCH_DIR, '../apps/server/src/db/migrations');
      fs.cpSync(migrations, path.join(BUILD_DIR, 'migrations'), { recursive: true });
      return outfile;
    })();
    compiled.set(name, done);
  }
  return done;
}

/**
 * Starts a child Node process and waits for its `BENCH_READY {"port":N}` line. It runs as
 * `npm start` runs the server: compiled (compiledEntry), with source maps, and with glibc's
 * MALLOC_ARENA_MAX=2 unless the environment sets it (scripts/start.mjs).
 */
export async function startServer(opts: StartOptions): Promise<ServerHandle> {
  const entry = await compiledEntry(opts.entry ?? 'server-main.ts');
  const child = spawn(process.execPath, ['--enable-source-maps', entry, ...(opts.args ?? [])], {
    cwd: BENCH_DIR,
    env: { MALLOC_ARENA_MAX: '2', ...opts.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  live.add(child);
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
    }
  };
  child.stderr!.on('data', keep);

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(
            `${opts.label}: no BENCH_READY within ${(opts.startTimeoutMs ?? 180_000) / 1000} s\n${tail.join('\n')}`,
          ),
        ),
      opts.startTimeoutMs ?? 180_000,
    );
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        const m = /^BENCH_READY (.*)$/.exec(line);
        if (m) {
          clearTimeout(timer);
          resolve((JSON.parse(m[1]!) as { port: number }).port);
        } else if (line.trim()) {
          tail.push(line);
          if (tail.length > 40) tail.shift();
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${opts.label}: exited with code ${code} before it was ready\n${tail.join('\n')}`));
    });
  });

  const pid = child.pid!;
  let peak = rssMiB(pid) ?? 0;
  let peakDb = childTreePssMiB(pid);
  const sampler = setInterval(() => {
    const now = rssMiB(pid);
    if (now !== null && now > peak) peak = now;
    peakDb = Math.max(peakDb, childTreePssMiB(pid));
  }, 250);
  sampler.unref();

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid,
    rss: () => rssMiB(pid),
    cpuSeconds: () => cpuSeconds(pid),
    peakRss: () => peak,
    dbPss: () => childTreePssMiB(pid),
    peakDbPss: () => peakDb,
    resetPeak: () => {
      peak = rssMiB(pid) ?? 0;
      peakDb = childTreePssMiB(pid);
    },
    logTail: () => tail.join('\n'),
    stop: async () => {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      live.delete(child);
    },
  };
}
