import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { intArg, type Args } from '../lib/args.js';
import { describeTarget, targetsFrom } from '../lib/dataset.js';
import { pinnedPorts, serverEnv } from '../lib/env.js';
import { load, type LoadResult } from '../lib/http-load.js';
import { inspectDataset, notSeededMessage } from '../lib/inspect.js';
import { fmt, table } from '../lib/report.js';
import { startServer } from '../lib/server-process.js';

const WEB_DIST_DEFAULT = new URL('../../apps/web/dist', import.meta.url).pathname;
const load1 = () => os.loadavg()[0]!.toFixed(1);

type Row = LoadResult & { loadStart: string; loadEnd: string; bytes: number };

/** A page's HTML as a visitor's first request gets it (no compression asked for, as autocannon). */
async function getHtml(url: string): Promise<{ status: number; body: string }> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  return { status: res.status, body: await res.text() };
}

/**
 * `npm run bench -- pages`: the server-rendered pages (modules/pages: React on the server, the
 * head, the handed-over queries) under load, signed out: /home and one post page, with the page
 * cache on (FEED_CACHE_MS, the default 1000 ms) and off (every request renders), against the bare
 * node:http ceiling sending the same /home HTML from memory, each under the same machine load.
 */
export async function runPages(args: Args): Promise<void> {
  const duration = intArg(args, 'duration', 10, 1);
  const connections = intArg(args, 'connections', 10, 1);
  const warmup = intArg(args, 'warmup', 2, 0);
  const webDist = process.env.WEB_DIST ?? WEB_DIST_DEFAULT;
  const [target] = targetsFrom(args, 'embedded');
  const info = await inspectDataset(target!, { viewers: 0 });
  if (!info) {
    console.log(`${notSeededMessage(target!)}; nothing measured`);
    return;
  }
  console.log(
    `pages: ${describeTarget(target!)}, ${info.users} users, ${info.posts} posts; web ${webDist}; ${duration} s each after ${warmup} s, ${connections} connections`,
  );
  const rows: Row[] = [];
  let homeHtml = '';
  for (const cacheMs of ['1000', '0']) {
    const server = await startServer({
      label: `server (FEED_CACHE_MS=${cacheMs})`,
      env: serverEnv(target!, { WEB_DIST: webDist, FEED_CACHE_MS: cacheMs }),
    });
    try {
      const feed = (await (await fetch(`${server.url}/api/posts?limit=1`)).json()) as {
        posts: Array<{ id: string }>;
      };
      const postId = feed.posts[0]?.id;
      const pages: Array<[string, string]> = [['/home', '/home']];
      if (postId) pages.push(['/posts/{id}', `/posts/${postId}`]);
      for (const [name, pathAndQuery] of pages) {
        const check = await getHtml(`${server.url}${pathAndQuery}`);
        if (check.status !== 200 || !check.body.includes('id="glimpse-state"')) {
          console.log(`   ${name}: answered ${check.status} without a rendered page; not measured`);
          continue;
        }
        if (name === '/home') homeHtml = check.body;
        const loadStart = load1();
        const r = await load({
          scenario: `${name}, signed out, page cache ${cacheMs === '0' ? 'off' : `${cacheMs} ms`}`,
          url: `${server.url}${pathAndQuery}`,
          connections,
          duration,
          warmup,
        });
        const row = { ...r, loadStart, loadEnd: load1(), bytes: Buffer.byteLength(check.body) };
        rows.push(row);
        console.log(
          `   ${r.scenario.padEnd(48)} ${fmt(r.reqPerSec, 0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  (${row.bytes} B, load ${loadStart} -> ${row.loadEnd})`,
        );
      }
    } finally {
      await server.stop();
    }
  }
  let ceiling: Row | null = null;
  if (homeHtml) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-bench-ceiling-')), 'home.html');
    fs.writeFileSync(file, homeHtml);
    const server = await startServer({
      label: 'ceiling',
      env: { PATH: process.env.PATH, ...pinnedPorts() },
      entry: 'ceiling-server.ts',
      args: [file, 'text/html; charset=utf-8'],
    });
    try {
      const loadStart = load1();
      const r = await load({
        scenario: 'ceiling: the same /home HTML from memory (bare node:http)',
        url: server.url,
        connections,
        duration,
        warmup,
      });
      ceiling = { ...r, loadStart, loadEnd: load1(), bytes: Buffer.byteLength(homeHtml) };
      console.log(`   ${r.scenario}: ${fmt(r.reqPerSec, 0)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms`);
    } finally {
      await server.stop();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  }
  console.log(`\n## Server-rendered pages (${connections} connections, ${duration} s each)\n`);
  console.log(
    table(
      ['scenario', 'req/s', '÷ ceiling', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'bytes', 'load 1 min'],
      [...rows, ...(ceiling ? [ceiling] : [])].map((r) => [
        r.scenario,
        fmt(r.reqPerSec, 0),
        ceiling ? fmt(r.reqPerSec / ceiling.reqPerSec, 3) : '-',
        r.p50,
        r.p99,
        r.errors,
        r.non2xx,
        r.bytes,
        `${r.loadStart} -> ${r.loadEnd}`,
      ]),
    ),
  );
}
