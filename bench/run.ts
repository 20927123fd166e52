/**
 * `npm run bench -- <feed|search|chat|paint|start|uploads> [options]`: starts the real server against a bench
 * dataset (see seed.ts), drives it, prints a report (`start`: times `npm start` itself). Measures
 * only; asserts nothing about time.
 */
import os from 'node:os';
import { parseArgs } from './lib/args.js';
import { machineDescription } from './lib/env.js';
import { runChat } from './scenarios/chat.js';
import { runFeed } from './scenarios/feed.js';
import { runPages } from './scenarios/pages.js';
import { runPaint } from './scenarios/paint.js';
import { runSearch } from './scenarios/search.js';
import { runStart } from './scenarios/start.js';
import { runUploads } from './scenarios/uploads.js';

const args = parseArgs();
const [command] = args._;
const commands: Record<string, (a: typeof args) => Promise<void>> = {
  feed: runFeed,
  search: runSearch,
  chat: runChat,
  paint: runPaint,
  pages: runPages,
  start: runStart,
  uploads: runUploads,
};
const run = command ? commands[command] : undefined;
if (!run) {
  console.log(`Usage: npm run bench -- <feed|search|chat|paint|pages|start|uploads> [options]   (see bench/README.md)

  feed   [--sets demo,seeded] [--mode embedded|postgres|both] [--connections 50] [--viewers 25] [--rounds 3] [--duration 5] [--warmup 2] [--page 1000]
  search [--mode embedded|postgres|both] [--data-dir A,B] [--db-name A,B] [--duration 10] [--connections 10]
  chat   [--members 1000] [--rate 500] [--duration 20] [--processes 1|2] [--mode embedded|postgres]
  paint  [--runs 5] [--files] [--mode embedded|postgres]   (/home in Chromium, CPU 4x slower: JS sent, LCP, CLS)
  pages  [--duration 10] [--connections 10] [--warmup 2]   (server-rendered /home and a post vs the node:http ceiling)
  start  [--runs 3] [--root DIR]   (npm start on an empty DATA_DIR, without demo data, and a restart)
  uploads [--parallel 4] [--files 5] [--size 7000]   (server RSS while big PNGs are processed)

  common: [--data-dir /tmp/glimpse-bench] [--database-url postgres://postgres@127.0.0.1:5432] [--db-name glimpse_bench]`);
  process.exit(command ? 2 : 0);
}
const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
console.log(`Glimpse bench ${command}, ${new Date().toISOString()}, ${machineDescription()}`);
console.log(`load average at start: ${loadavg()} (other work on the machine skews every number)`);
try {
  await run(args);
  console.log(`\nload average at end: ${loadavg()}`);
  process.exit(0);
} catch (err) {
  console.error(err);
  process.exit(1);
}
