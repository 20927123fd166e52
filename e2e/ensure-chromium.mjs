#!/usr/bin/env node
// The browser tests drive Debian's Chromium (browser downloads do not work here). If it is
// missing, install it when we can (root with apt-get); otherwise stop with the exact command.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const INSTALL = 'apt-get update && apt-get install -y chromium';

if (!fs.existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let hasApt = false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    hasApt = true;
  } catch {
    hasApt = false;
  }
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install it, then run the tests again:\n\n  sudo ${INSTALL}\n`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing at ${CHROMIUM}; installing Debian's chromium (about a minute)...`);
  execSync(INSTALL, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`Installing chromium did not produce ${CHROMIUM}. Run: sudo ${INSTALL}`);
    process.exit(1);
  }
}
