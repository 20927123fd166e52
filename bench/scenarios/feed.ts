import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { intArg, type Args } from '../lib/args.js';
import { databaseExists, describeTarget, prepareOwnedDir, targetsFrom, type Target } from '../lib/dataset.js';
import { pinnedPorts, serverEnv, tokenFor } from '../lib/env.js';
import { getJson, load, type LoadResult } from '../lib/http-load.js';
import { inspectDataset, notSeededMessage } from '../lib/inspect.js';
import { fmt, table } from '../lib/report.js';
import { cpuSeconds, descendantsOf, startServer, type ServerHandle } from '../lib/server-process.js';

interface FeedPage {
  posts: Array<{ id: string }>;
  pagination: { nextCursor: string | null; hasNextPage: boolean };
}

const LIMIT = 10;

/**
 * Walks the newest feed by cursor from page 1 to the page before `page`, returning the cursor of
 * `page` (what a client scrolling that far would hold). Bounded in requests and in time.
 */
async function cursorOfPage(baseUrl: string, page: number, timeLimitMs: number): Promise<string> {
  const deadline = Date.now() + timeLimitMs;
  let cursor: string | null = null;
  for (let p = 1; p < page; p++) {
    if (Date.now() > deadline)
      throw new Error(`walking to page ${page} took over ${timeLimitMs / 1000} s (at page ${p})`);
    const url: string = `${baseUrl}/api/posts?limit=${LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const { status, body }: { status: number; body: FeedPage } = await getJson<FeedPage>(url);
    if (status !== 200) throw new Error(`GET ${url} answered ${status}`);
    cursor = body.pagination.nextCursor;
    if (!cursor) throw new Error(`the feed ends at page ${p}: seed more posts to bench page ${page}`);
  }
  if (!cursor) throw new Error('no cursor');
  return cursor;
}

interface Scenario {
  key: ScenarioKey;
  name: string;
  path: string;
  signedIn: boolean;
}

const SCENARIO_KEYS = [
  'newest-out',
  'newest-in',
  'deep-cursor',
  'deep-page',
  'trending-out',
  'trending-in',
] as const;
type ScenarioKey = (typeof SCENARIO_KEYS)[number];

/** `--scenarios newest-out,trending-in` (default: all of them). */
function scenarioKeysFrom(args: Args): Set<ScenarioKey> {
  const raw = args.get('scenarios');
  if (!raw) return new Set(SCENARIO_KEYS);
  const keys = raw.split(',').map((k) => k.trim());
  const unknown = keys.filter((k) => !(SCENARIO_KEYS as readonly string[]).includes(k));
  if (unknown.length > 0) {
    console.error(`--scenarios: unknown ${unknown.join(', ')} (known: ${SCENARIO_KEYS.join(', ')})`);
    process.exit(2);
  }
  return new Set(keys as ScenarioKey[]);
}

/** The 1-minute load average as `os.loadavg()` reads it, for the report beside each row. */
const load1 = () => os.loadavg()[0]!.toFixed(1);

/** Where a row's CPU went: the server process, its PostgreSQL (embedded) and its busiest backend. */
interface CpuUse {
  /** % of one core over the row (warm-up included). */
  server: number;
  /** All of the embedded cluster's processes together, and the busiest one; null with an external one. */
  db: number | null;
  busiestBackend: number | null;
  /** Processes of the cluster that used more than 10 % of a core (mean over rounds). */
  busyBackends: number | null;
}

/** A scenario's rounds, the ratio of each to the ceiling's round after it, load and CPU. */
interface Measured {
  scenario: string;
  rounds: LoadResult[];
  ratios: number[];
  loadStart: string;
  loadEnd: string;
  cpu: CpuUse;
}

/**
 * CPU seconds of the server and of every process below it (the embedded cluster's postmaster and
 * backends) now; `since` turns two readings into % of a core each.
 */
function cpuReading(server: ServerHandle): { at: number; server: number; below: Map<number, number> } {
  const below = new Map<number, number>();
  for (const pid of descendantsOf(server.pid)) {
    const used = cpuSeconds(pid);
    if (used !== null) below.set(pid, used);
  }
  return { at: performance.now(), server: server.cpuSeconds() ?? 0, below };
}

function cpuSince(
  start: ReturnType<typeof cpuReading>,
  end: ReturnType<typeof cpuReading>,
  embedded: boolean,
): CpuUse {
  const seconds = (end.at - start.at) / 1000;
  const pct = (used: number) => (100 * used) / seconds;
  const perProcess = [...end.below].map(([pid, used]) => pct(used - (start.below.get(pid) ?? 0)));
  return {
    server: pct(end.server - start.server),
    db: embedded ? perProcess.reduce((a, b) => a + b, 0) : null,
    busiestBackend: embedded ? Math.max(0, ...perProcess) : null,
    busyBackends: embedded ? perProcess.filter((p) => p > 10).length : null,
  };
}

/**
 * The data sets the feed is measured on. `demo`: the instance a fresh `npm start` serves (the
 * embedded default with its first-start demo data: 30 members who follow each other, 300 posts
 * with up to five photos), made in its own data dir by the real server's own seeding. `seeded`: the bench:seed dataset(s) named by --mode/--data-dir/--db-name
 * (10,000 members / 100,000 posts as the README seeds it).
 */
const SETS = ['demo', 'seeded'] as const;
type SetName = (typeof SETS)[number];
const DEFAULT_DEMO_DIR = '/tmp/glimpse-bench-demo';

function setsFrom(args: Args): SetName[] {
  const names = (args.get('sets') ?? SETS.join(',')).split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !(SETS as readonly string[]).includes(n));
  if (unknown.length > 0) {
    console.error(`--sets: unknown ${unknown.join(', ')} (known: ${SETS.join(', ')})`);
    process.exit(2);
  }
  return names as SetName[];
}

/**
 * The demo instance's data dir, seeded by the server itself (SEED_DEMO) afresh on every run: an
 * instance as this tree's `npm start` makes it (its planner statistics or their absence
 * included: issue 34). `--keep-demo` reuses the one made before.
 */
async function demoTarget(args: Args): Promise<Target> {
  const target: Target = {
    mode: 'embedded',
    dataDir: path.resolve(args.get('demo-dir') ?? DEFAULT_DEMO_DIR),
  };
  if (args.has('keep-demo') && (await databaseExists(target))) return target;
  console.log(`
== making the demo instance in ${target.dataDir} (the first start's demo data, as npm start seeds it)`);
  prepareOwnedDir(target.dataDir, true);
  const started = performance.now();
  const server = await startServer({ label: 'demo seeding', env: serverEnv(target, { SEED_DEMO: 'true' }) });
  await server.stop();
  console.log(`   seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return target;
}

export async function runFeed(args: Args): Promise<void> {
  // Short slices, alternated with the ceiling: on a shared machine the load moves within seconds.
  const duration = intArg(args, 'duration', 5, 1);
  const rounds = intArg(args, 'rounds', 3, 1);
  // Issue 34's setting: 25 members on 50 connections (two each), as a real instance sees them.
  const connections = intArg(args, 'connections', 50, 1);
  const warmup = intArg(args, 'warmup', 2, 0);
  // Signed-in requests take these many typical members' tokens in turn (1: one member only).
  const viewerCount = intArg(args, 'viewers', 25, 1);
  const deepPage = intArg(args, 'page', 1000, 2);
  const sets = setsFrom(args);
  const targets: Target[] = [
    ...(sets.includes('demo') ? [await demoTarget(args)] : []),
    ...(sets.includes('seeded') ? targetsFrom(args, 'embedded') : []),
  ];
  const selected = scenarioKeysFrom(args);

  console.log(
    `feed: ${rounds} rounds of ${duration} s per scenario, each after a ${warmup} s warm-up and followed by the ceiling's; ${connections} connections, limit ${LIMIT}; signed in as ${viewerCount} members in turn`,
  );
  const sections: string[] = [];

  for (const target of targets) {
    const info = await inspectDataset(target, { viewers: viewerCount });
    if (!info) {
      console.log(`\n${notSeededMessage(target)}; skipped`);
      sections.push(`### ${label(target)}\n\nnot run: no dataset\n`);
      continue;
    }
    console.log(
      `\n== ${describeTarget(target)}: ${info.users} users, ${info.posts} posts (${info.publicPosts} public); signed in as ${info.viewers.length} members following ${info.viewerFollowing}`,
    );
    if (info.viewers.length < viewerCount)
      console.log(`   only ${info.viewers.length} members follow anyone: signed in as those`);
    // The deep pages need that many posts (the demo instance has 300).
    const deepPossible = info.publicPosts > deepPage * LIMIT;
    // --feed-cache-ms 0 measures the feed without its short caches (the server's default is 1000).
    const feedCacheMs = args.get('feed-cache-ms');
    const server = await startServer({
      label: `server (${target.mode})`,
      env: serverEnv(target, feedCacheMs === undefined ? {} : { FEED_CACHE_MS: feedCacheMs }),
    });
    const rows: Measured[] = [];
    const ceilingRounds: LoadResult[] = [];
    let ceilingBody: string | null = null;
    let ceiling: Ceiling | null = null;
    try {
      const viewerAuth = await Promise.all(
        info.viewers.map(async (member) => ({ authorization: `Bearer ${await tokenFor(member)}` })),
      );
      const auth = viewerAuth[0] ?? null;
      // A token the server refuses would make the feed answer 200 *signed out* (optional auth):
      // prove every token signs in before measuring anything as "signed in".
      for (const [i, member] of info.viewers.entries()) {
        const me = await getJson<{ id?: string }>(`${server.url}/api/auth/me`, viewerAuth[i]);
        if (me.status !== 200 || me.body.id !== member.id)
          throw new Error(
            `the signed-in viewer's token was refused (GET /api/auth/me answered ${me.status})`,
          );
      }
      let deepCursor = '';
      if (selected.has('deep-cursor') && deepPossible) {
        const walkStart = performance.now();
        deepCursor = await cursorOfPage(server.url, deepPage, 300_000);
        const walkMs = performance.now() - walkStart;
        console.log(
          `   walked the cursor chain to page ${deepPage} in ${(walkMs / 1000).toFixed(1)} s (${fmt(walkMs / (deepPage - 1))} ms a page, one at a time)`,
        );
      }

      const scenarios: Scenario[] = [
        {
          key: 'newest-out',
          name: 'newest p1, signed out',
          path: `/api/posts?limit=${LIMIT}`,
          signedIn: false,
        },
        { key: 'newest-in', name: 'newest p1, signed in', path: `/api/posts?limit=${LIMIT}`, signedIn: true },
        {
          key: 'deep-cursor',
          name: `newest p${deepPage} by cursor, signed out`,
          path: `/api/posts?limit=${LIMIT}&cursor=${encodeURIComponent(deepCursor)}`,
          signedIn: false,
        },
        {
          key: 'deep-page',
          name: `newest p${deepPage} by page= (offset), signed out`,
          path: `/api/posts?limit=${LIMIT}&page=${deepPage}`,
          signedIn: false,
        },
        {
          key: 'trending-out',
          name: 'trending p1, signed out',
          path: `/api/posts?sort=trending&limit=${LIMIT}`,
          signedIn: false,
        },
        {
          key: 'trending-in',
          name: 'trending p1, signed in',
          path: `/api/posts?sort=trending&limit=${LIMIT}`,
          signedIn: true,
        },
      ];
      // The ceiling serves the signed-out newest page 1 as this server answers it.
      const page1 = await getJson<FeedPage>(`${server.url}/api/posts?limit=${LIMIT}`);
      if (page1.status === 200) ceilingBody = JSON.stringify(page1.body);
      // Its own process, started now and idle while the server is measured (and the server idle
      // while it is): each round of a scenario is followed by a round of the ceiling, so every
      // ratio compares two slices a few seconds apart.
      if (ceilingBody) ceiling = await startCeiling(ceilingBody);
      for (const sc of scenarios) {
        if (!selected.has(sc.key)) continue;
        if ((sc.key === 'deep-cursor' || sc.key === 'deep-page') && !deepPossible) {
          console.log(`   ${sc.name}: not run (${info.publicPosts} public posts)`);
          continue;
        }
        if (sc.signedIn && !auth) continue;
        const headers = sc.signedIn && auth ? auth : {};
        const check = await getJson<FeedPage>(`${server.url}${sc.path}`, headers);
        if (check.status !== 200 || !Array.isArray(check.body.posts)) {
          console.log(`   ${sc.name}: answered ${check.status}; not measured`);
          continue;
        }
        const loadStart = load1();
        const own: LoadResult[] = [];
        const ratios: number[] = [];
        const cpus: CpuUse[] = [];
        for (let round = 0; round < rounds; round++) {
          const before = cpuReading(server);
          const r = await load({
            scenario: sc.name,
            url: `${server.url}${sc.path}`,
            connections,
            duration,
            warmup,
            headers: {},
            rotateHeaders: sc.signedIn ? viewerAuth : undefined,
          });
          const cpuRound = cpuSince(before, cpuReading(server), target.mode === 'embedded');
          own.push(r);
          cpus.push(cpuRound);
          const c = ceiling
            ? await load({ scenario: CEILING, url: ceiling.url, connections, duration, warmup })
            : null;
          if (c) {
            ceilingRounds.push(c);
            ratios.push(r.reqPerSec / c.reqPerSec);
          }
          console.log(
            `   ${sc.name.padEnd(32)} round ${round + 1}: ${fmt(r.reqPerSec, 0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms` +
              (c
                ? `; ceiling ${fmt(c.reqPerSec, 0)} req/s (p99 ${c.p99} ms): ${fmt(r.reqPerSec / c.reqPerSec, 3)}`
                : '') +
              ` (${check.bytes} B, load ${load1()}; CPU ${cpuText(cpuRound)})`,
          );
        }
        rows.push({
          scenario: sc.name,
          rounds: own,
          ratios,
          loadStart,
          loadEnd: load1(),
          cpu: meanCpu(cpus),
        });
      }
      const memory =
        `server RSS now ${fmt(server.rss(), 0)} MiB, peak ${fmt(server.peakRss(), 0)} MiB` +
        (target.mode === 'embedded'
          ? `; its PostgreSQL (PSS of all its processes) now ${fmt(server.dbPss(), 0)} MiB, peak ${fmt(server.peakDbPss(), 0)} MiB`
          : '');
      console.log(`   ${memory}`);
    } finally {
      await ceiling?.stop();
      await server.stop();
    }
    const ceilingRow = ceilingRounds.length > 0 ? summary(CEILING, ceilingRounds) : null;
    sections.push(
      `### ${label(target)}: ${info.posts.toLocaleString('en-US')} posts, ${info.users.toLocaleString('en-US')} users, signed in as ${info.viewers.length} members\n\n` +
        table(
          [
            'scenario',
            'req/s (median)',
            '÷ ceiling (median, range)',
            'p50 ms',
            'p99 ms (median, max)',
            'errors',
            'non-2xx',
            'load 1 min',
            'CPU % server / db (busiest, >10 %)',
          ],
          [
            ...rows.map((row) => {
              const r = summary(row.scenario, row.rounds);
              const ratios = [...row.ratios].sort((a, b) => a - b);
              return [
                row.scenario,
                fmt(r.reqPerSec, 0),
                ratios.length > 0
                  ? `${fmt(median(ratios), 3)} (${fmt(ratios[0], 3)}–${fmt(ratios.at(-1), 3)})`
                  : '-',
                r.p50,
                `${r.p99} (${Math.max(...row.rounds.map((x) => x.p99))})`,
                r.errors,
                r.non2xx,
                `${row.loadStart} -> ${row.loadEnd}`,
                cpuText(row.cpu),
              ];
            }),
            ...(ceilingRow
              ? [
                  [
                    `${CEILING}, ${ceilingRounds.length} rounds`,
                    fmt(ceilingRow.reqPerSec, 0),
                    '1',
                    ceilingRow.p50,
                    `${ceilingRow.p99} (${Math.max(...ceilingRounds.map((x) => x.p99))})`,
                    ceilingRow.errors,
                    ceilingRow.non2xx,
                    '-',
                    '-',
                  ],
                ]
              : []),
          ],
        ) +
        `\n\n(page-1 body ${ceilingBody ? Buffer.byteLength(ceilingBody) : '-'} B)\n`,
    );
  }

  console.log(
    `\n## Feed report (${connections} connections, ${rounds} rounds of ${duration} s per row, each followed by the ceiling's)\n`,
  );
  console.log(sections.join('\n'));
}

const CEILING = 'ceiling: same page-1 JSON from memory (bare node:http)';

interface Ceiling {
  url: string;
  stop(): Promise<void>;
}

/** The bare node:http ceiling serving `body` from memory, in a child process of its own. */
async function startCeiling(body: string): Promise<Ceiling> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-bench-ceiling-'));
  const file = path.join(dir, 'page1.json');
  fs.writeFileSync(file, body);
  const ceiling = await startServer({
    label: 'ceiling',
    env: { PATH: process.env.PATH, ...pinnedPorts() },
    entry: 'ceiling-server.ts',
    args: [file],
  });
  return {
    url: ceiling.url,
    stop: async () => {
      await ceiling.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function median(sorted: number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Rounds of one scenario as one row: medians of rate and latencies, errors summed. */
function summary(scenario: string, rounds: LoadResult[]): LoadResult {
  const med = (pick: (r: LoadResult) => number) => median(rounds.map(pick).sort((a, b) => a - b));
  return {
    scenario,
    reqPerSec: med((r) => r.reqPerSec),
    p50: med((r) => r.p50),
    p99: med((r) => r.p99),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    requests: rounds.reduce((n, r) => n + r.requests, 0),
  };
}

function meanCpu(cpus: CpuUse[]): CpuUse {
  const mean = (pick: (c: CpuUse) => number | null) => {
    const values = cpus.map(pick);
    return values.some((v) => v === null) ? null : values.reduce((a, b) => a! + b!, 0)! / values.length;
  };
  return {
    server: mean((c) => c.server) ?? 0,
    db: mean((c) => c.db),
    busiestBackend: mean((c) => c.busiestBackend),
    busyBackends: mean((c) => c.busyBackends),
  };
}

/** `server 31 / db 81 (81, 1)`: % of one core each; the db part for an embedded cluster only. */
function cpuText(cpu: CpuUse): string {
  const db =
    cpu.db === null
      ? ''
      : ` / db ${fmt(cpu.db, 0)} (${fmt(cpu.busiestBackend, 0)}, ${fmt(cpu.busyBackends, 1)})`;
  return `server ${fmt(cpu.server, 0)}${db}`;
}

function label(target: Target): string {
  return target.mode === 'embedded'
    ? `embedded PostgreSQL (${target.dataDir})`
    : `PostgreSQL (${target.dbName})`;
}
