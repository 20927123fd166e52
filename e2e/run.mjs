#!/usr/bin/env node
// `npm run test:e2e`: the browser tests as two Playwright runs side by side, each with a server
// and an embedded PostgreSQL of its own (E2E_PORT and E2E_PORT + 50):
// - "a11y": the accessibility sweep, every page in both themes at two sizes. It is almost half of
//   the whole time and spends it waiting on axe in the browser, and it only reads pages;
// - "flows": every other spec, one at a time, since flows read feeds that other flows write.
// With arguments (a spec, --grep, ...) it is one plain `playwright test` with them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = (name) => path.join(here, '..', 'node_modules', '.bin', name);
const args = process.argv.slice(2);
const basePort = Number(process.env.E2E_PORT ?? 4173);

function run(suite, port, extra) {
  const env = { ...process.env, E2E_PORT: String(port) };
  if (suite) env.E2E_SUITE = suite;
  // Each run makes its own data directory (playwright.config.ts), never one inherited from here.
  delete env.GLIMPSE_E2E_DATA_DIR;
  const child = spawn(bin('playwright'), ['test', ...extra], {
    cwd: here,
    env,
    stdio: suite ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (suite) {
    for (const stream of [child.stdout, child.stderr]) {
      const out = stream === child.stdout ? process.stdout : process.stderr;
      readline.createInterface({ input: stream }).on('line', (line) => out.write(`[${suite}] ${line}\n`));
    }
  }
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const runs =
  args.length > 0
    ? [run(null, basePort, args)]
    : [run('a11y', basePort + 50, []), run('flows', basePort, [])];
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
const codes = await Promise.all(runs);
process.exit(codes.find((code) => code !== 0) ?? 0);
