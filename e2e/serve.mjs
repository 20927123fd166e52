#!/usr/bin/env node
// The browser tests' server: `npm start`'s script on the temporary DATA_DIR the config made.
// Once the server has exited (Playwright sends SIGTERM to the process group; the server stops its
// embedded PostgreSQL first), the temporary directory goes, unless PostgreSQL is somehow still up.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.DATA_DIR;
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { stdio: 'inherit' });
// A signal for this process alone is passed on (the server ignores a repeat of one it got too).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  const postmaster = dataDir && path.join(dataDir, 'pg', 'data', 'postmaster.pid');
  if (postmaster && fs.existsSync(postmaster)) {
    console.error(`e2e: the embedded PostgreSQL did not stop cleanly; keeping ${dataDir}`);
  } else if (dataDir && path.basename(dataDir).startsWith('glimpse-e2e-')) {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(code ?? (signal ? 1 : 0));
});
