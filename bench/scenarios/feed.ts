import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { intArg, type Args } from '../lib/args.js';
import { describeTarget, targetsFrom, type Target } from '../lib/dataset.js';
import { pinnedPorts, serverEnv, tokenFor } from '../lib/env.js';
import { getJson, load, type LoadResult } from '../lib/http-load.js';
import { inspectDataset, notSeededMessage } from '../lib/inspect.js';
import { fmt, table } from '../lib/report.js';
import { startServer } from '../lib/server-process.js';

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
  name: string;
  path: string;
  signedIn: boolean;
}

export async function runFeed(args: Args): Promise<void> {
  const duration = intArg(args, 'duration', 10, 1);
  const connections = intArg(args, 'connections', 10, 1);
  const warmup = intArg(args, 'warmup', 2, 0);
  const deepPage = intArg(args, 'page', 1000, 2);
  const targets = targetsFrom(args, 'embedded');

  console.log(
    `feed: ${duration} s per scenario after a ${warmup} s warm-up, ${connections} connections, limit ${LIMIT}`,
  );
  const sections: string[] = [];
  let ceilingBody: string | null = null;

  for (const target of targets) {
    const info = await inspectDataset(target);
    if (!info) {
      console.log(`\n${notSeededMessage(target)}; skipped`);
      sections.push(`### ${label(target)}\n\nnot run: no dataset\n`);
      continue;
    }
    console.log(
      `\n== ${describeTarget(target)}: ${info.users} users, ${info.posts} posts (${info.publicPosts} public)`,
    );
    const server = await startServer({ label: `server (${target.mode})`, env: serverEnv(target) });
    const rows: LoadResult[] = [];
    try {
      const auth = info.viewer ? { authorization: `Bearer ${await tokenFor(info.viewer)}` } : null;
      const walkStart = performance.now();
      const deepCursor = await cursorOfPage(server.url, deepPage, 300_000);
      const walkMs = performance.now() - walkStart;
      console.log(
        `   walked the cursor chain to page ${deepPage} in ${(walkMs / 1000).toFixed(1)} s (${fmt(walkMs / (deepPage - 1))} ms a page, one at a time)`,
      );

      const scenarios: Scenario[] = [
        { name: 'newest p1, signed out', path: `/api/posts?limit=${LIMIT}`, signedIn: false },
        { name: 'newest p1, signed in', path: `/api/posts?limit=${LIMIT}`, signedIn: true },
        {
          name: `newest p${deepPage} by cursor, signed out`,
          path: `/api/posts?limit=${LIMIT}&cursor=${encodeURIComponent(deepCursor)}`,
          signedIn: false,
        },
        {
          name: `newest p${deepPage} by page= (offset), signed out`,
          path: `/api/posts?limit=${LIMIT}&page=${deepPage}`,
          signedIn: false,
        },
        { name: 'trending p1, signed out', path: `/api/posts?sort=trending&limit=${LIMIT}`, signedIn: false },
        { name: 'trending p1, signed in', path: `/api/posts?sort=trending&limit=${LIMIT}`, signedIn: true },
      ];
      for (const sc of scenarios) {
        if (sc.signedIn && !auth) continue;
        const headers = sc.signedIn && auth ? auth : {};
        const check = await getJson<FeedPage>(`${server.url}${sc.path}`, headers);
        if (check.status !== 200 || !Array.isArray(check.body.posts)) {
          console.log(`   ${sc.name}: answered ${check.status}; not measured`);
          continue;
        }
        if (sc.path === `/api/posts?limit=${LIMIT}` && !sc.signedIn)
          ceilingBody ??= JSON.stringify(check.body);
        const r = await load({
          scenario: sc.name,
          url: `${server.url}${sc.path}`,
          connections,
          duration,
          warmup,
          headers,
        });
        rows.push(r);
        console.log(
          `   ${sc.name.padEnd(40)} ${fmt(r.reqPerSec, 0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  (${check.bytes} B)`,
        );
      }
      const memory =
        `server RSS now ${fmt(server.rss(), 0)} MiB, peak ${fmt(server.peakRss(), 0)} MiB` +
        (target.mode === 'embedded'
          ? `; its PostgreSQL (PSS of all its processes) now ${fmt(server.dbPss(), 0)} MiB, peak ${fmt(server.peakDbPss(), 0)} MiB`
          : '');
      console.log(`   ${memory}`);
      sections.push(
        `### ${label(target)}: ${info.posts.toLocaleString('en-US')} posts, ${info.users.toLocaleString('en-US')} users (${memory})\n\n` +
          table(
            ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx'],
            rows.map((r) => [r.scenario, fmt(r.reqPerSec, 0), r.p50, r.p99, r.errors, r.non2xx]),
          ) +
          '\n',
      );
    } finally {
      await server.stop();
    }
  }

  if (ceilingBody) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-bench-ceiling-')), 'page1.json');
    fs.writeFileSync(file, ceilingBody);
    const ceiling = await startServer({
      label: 'ceiling',
      env: { PATH: process.env.PATH, ...pinnedPorts() },
      entry: 'ceiling-server.ts',
      args: [file],
    });
    try {
      const r = await load({
        scenario: 'ceiling: same page-1 JSON from memory (bare node:http)',
        url: ceiling.url,
        connections,
        duration,
        warmup,
      });
      console.log(`\n   ${r.scenario}: ${fmt(r.reqPerSec, 0)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms`);
      sections.push(
        `### ceiling (${Buffer.byteLength(ceilingBody)} B body)\n\n` +
          table(
            ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx'],
            [[r.scenario, fmt(r.reqPerSec, 0), r.p50, r.p99, r.errors, r.non2xx]],
          ) +
          '\n',
      );
    } finally {
      await ceiling.stop();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  }

  console.log(`\n## Feed report (${connections} connections, ${duration} s each)\n`);
  console.log(sections.join('\n'));
}

function label(target: Target): string {
  return target.mode === 'embedded' ? 'embedded PostgreSQL' : `PostgreSQL (${target.dbName})`;
}
