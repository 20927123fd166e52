import type { Request } from 'autocannon';
import { intArg, type Args } from '../lib/args.js';
import { describeTarget, targetsFrom, type Target } from '../lib/dataset.js';
import { serverEnv, tokenFor } from '../lib/env.js';
import { getJson, load, type LoadResult } from '../lib/http-load.js';
import { inspectDataset, notSeededMessage } from '../lib/inspect.js';
import { fmt, table } from '../lib/report.js';
import { startServer } from '../lib/server-process.js';

/** Terms each connection cycles through, so no single cached plan or page flatters the numbers. */
const QUERIES: Record<string, string[]> = {
  posts: [
    'sunset',
    'coffee',
    'marathon',
    'vintage market',
    'keyboard',
    'sourdough bread',
    'quiet city',
    'skincare',
  ],
  users: ['ava', 'chen', 'sofia', 'mar', 'elena_t', 'nguyen', 'kai_w', 'rossi'],
  tags: ['travel', 'food', 'run', 'street', 'coffee', 'vintage', 'irvine', 'photo'],
  all: ['sunset', 'ava', 'travel', 'irvine'],
};

interface SearchBody {
  results?: { posts?: unknown[]; users?: unknown[]; tags?: unknown[]; places?: unknown[] };
}

export async function runSearch(args: Args): Promise<void> {
  const duration = intArg(args, 'duration', 10, 1);
  const connections = intArg(args, 'connections', 10, 1);
  const warmup = intArg(args, 'warmup', 2, 0);
  const types = (args.get('types') ?? 'posts,users,tags').split(',').filter((t) => QUERIES[t]);
  const targets = targetsFrom(args, 'embedded');

  console.log(
    `search: types ${types.join(', ')}; ${duration} s each after a ${warmup} s warm-up, ${connections} connections`,
  );
  const rows: Array<{ dataset: string; posts: number; r: LoadResult; hits: string }> = [];
  const notes: string[] = [];

  for (const target of targets) {
    const info = await inspectDataset(target);
    if (!info) {
      console.log(`\n${notSeededMessage(target)}; skipped`);
      notes.push(`${label(target)}: not run (no dataset)`);
      continue;
    }
    console.log(`\n== ${describeTarget(target)}: ${info.users} users, ${info.posts} posts`);
    const server = await startServer({ label: `server (${target.mode})`, env: serverEnv(target) });
    try {
      const probe = await getJson<SearchBody & { code?: string }>(
        `${server.url}/api/search?q=sunset&type=posts`,
      );
      if (probe.status === 404) {
        console.log('   GET /api/search is not there (404): the search module is not wired in yet; skipped');
        notes.push(`${label(target)}: not run (GET /api/search answered 404)`);
        continue;
      }
      const variants: Array<{ type: string; signedIn: boolean }> = types.map((type) => ({
        type,
        signedIn: false,
      }));
      if (types.includes('posts') && info.viewer) variants.push({ type: 'posts', signedIn: true });
      for (const v of variants) {
        const headers: Record<string, string> =
          v.signedIn && info.viewer ? { authorization: `Bearer ${await tokenFor(info.viewer)}` } : {};
        const requests: Request[] = QUERIES[v.type]!.map((q) => ({
          method: 'GET',
          path: `/api/search?q=${encodeURIComponent(q)}&type=${v.type}`,
          headers,
        }));
        // One checked request per term: a scenario that errors is reported, not measured.
        const counts: number[] = [];
        let failed: string | null = null;
        for (const req of requests) {
          const res = await getJson<SearchBody>(`${server.url}${req.path}`, headers);
          if (res.status !== 200) {
            failed = `${req.path} answered ${res.status}`;
            break;
          }
          const list =
            v.type === 'all'
              ? Object.values(res.body.results ?? {}).flat()
              : (res.body.results as Record<string, unknown[]> | undefined)?.[v.type];
          counts.push(Array.isArray(list) ? list.length : 0);
        }
        const name = `${v.type}${v.signedIn ? ' (signed in)' : ''}`;
        if (failed) {
          console.log(`   ${name}: ${failed}; not measured`);
          notes.push(`${label(target)} ${name}: not measured (${failed})`);
          continue;
        }
        const r = await load({ scenario: name, url: server.url, connections, duration, warmup, requests });
        const hits = `${Math.min(...counts)}-${Math.max(...counts)}`;
        rows.push({ dataset: label(target), posts: info.posts, r, hits });
        console.log(
          `   ${name.padEnd(20)} ${fmt(r.reqPerSec, 0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  (results a page: ${hits})`,
        );
      }
      console.log(`   server peak RSS ${fmt(server.peakRss(), 0)} MiB`);
    } finally {
      await server.stop();
    }
  }

  console.log(
    `\n## Search report (${connections} connections, ${duration} s each; terms cycled per connection)\n`,
  );
  console.log(
    table(
      ['dataset', 'posts', 'type', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'results/page'],
      rows.map(({ dataset, posts, r, hits }) => [
        dataset,
        posts.toLocaleString('en-US'),
        r.scenario,
        fmt(r.reqPerSec, 0),
        r.p50,
        r.p99,
        r.errors,
        r.non2xx,
        hits,
      ]),
    ),
  );
  if (notes.length > 0) console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
}

function label(target: Target): string {
  return target.mode === 'embedded' ? `embedded ${target.dataDir}` : `PostgreSQL ${target.dbName}`;
}
