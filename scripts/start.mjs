#!/usr/bin/env node
// `npm start`: build what is missing or older than its sources (usually nothing: `npm install`
// already built both), then run the compiled server. The server migrates, seeds an empty embedded
// database and listens on PORT (default 4000).
//
// On Linux with glibc the server runs in a child process started with MALLOC_ARENA_MAX=2: glibc
// reads it only when a process starts, and without it sharp's image buffers fragment glibc's
// per-thread arenas (4 parallel uploads of 5 x 7000² PNGs: 504 MiB peak instead of ~355 MiB,
// bench/README.md "Upload memory"). This process then only passes signals on and ends the way the
// server ended; if it is killed outright, the server gets SIGTERM (setpriv --pdeathsig) and shuts
// down cleanly. Anywhere else, or when MALLOC_ARENA_MAX is already set, the server runs in this
// very process, as before.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, SERVER_ENTRY } from './build.mjs';

/** What `npm start` gives glibc when the environment does not say (two arenas). */
const DEFAULT_MALLOC_ARENA_MAX = '2';
/** The oldest Node the server runs on (docs: README "Quick start"). */
const MIN_NODE_MAJOR = 22;

assertNodeVersion();
await build();
process.env.NODE_ENV ??= 'production';

if (process.env.MALLOC_ARENA_MAX === undefined && usesGlibc()) {
  runServerInChild();
} else {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(SERVER_ENTRY).href);
}

/**
 * The server needs Node 22 or later (federation's library). `npm install` brings it on Linux x64,
 * Linux arm64 and macOS x64 (the `node-<platform>` packages in the root package.json), and npm puts
 * it first on PATH for every script, whatever Node runs npm itself. Elsewhere, or when this script is
 * run with another node by hand, say so plainly instead of failing later on a missing API.
 */
function assertNodeVersion() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= MIN_NODE_MAJOR) return;
  console.error(
    `Glimpse needs Node ${MIN_NODE_MAJOR} or later; this is ${process.version} (${process.execPath}).\n` +
      'Run it through npm (`npm start`), which uses the Node that `npm install` put in node_modules/.bin, ' +
      `or install Node ${MIN_NODE_MAJOR} on this platform.`,
  );
  process.exit(1);
}

function usesGlibc() {
  if (process.platform !== 'linux') return false;
  const header = /** @type {{ glibcVersionRuntime?: string }} */ (process.report?.getReport().header ?? {});
  return Boolean(header.glibcVersionRuntime);
}

function findOnPath(name) {
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

function runServerInChild() {
  const node = [process.execPath, '--enable-source-maps', SERVER_ENTRY];
  // The child leaves with us even when we are SIGKILLed: the kernel sends it SIGTERM, its usual
  // clean shutdown (which also stops the embedded PostgreSQL).
  const setpriv = findOnPath('setpriv');
  const [command, ...args] = setpriv ? [setpriv, '--pdeathsig=TERM', '--', ...node] : node;
  const server = spawn(command, args, {
    stdio: 'inherit',
    env: { ...process.env, MALLOC_ARENA_MAX: DEFAULT_MALLOC_ARENA_MAX },
  });
  // A terminal's Ctrl-C reaches both of us (one process group); a service manager's SIGTERM may
  // reach only this process. Either way the server shuts down once (it ignores repeats).
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('error', (err) => {
    console.error(`could not start the server: ${err.message}`);
    process.exit(1);
  });
  server.on('exit', (code, signal) => {
    if (signal) {
      // End the way the server ended, so whoever started us sees the same thing.
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code ?? 1);
  });
}
