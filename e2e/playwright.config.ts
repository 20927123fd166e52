import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** The SMTP server the account-recovery spec starts (auth/account.spec.ts): the next port up. */
const E2E_SMTP_PORT = PORT + 1;
// A fresh data dir per run: the server under test starts empty (no demo seed) with its embedded
// PostgreSQL in <dataDir>/pg. Made once (worker processes load this file again and inherit it);
// serve.mjs removes it after the server has stopped.
process.env.GLIMPSE_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-e2e-'));
const dataDir = process.env.GLIMPSE_E2E_DATA_DIR;

/** run.mjs runs the accessibility sweep and the flows side by side, one server each. */
const SUITE = process.env.E2E_SUITE;
const A11Y_SPECS = 'a11y/**/*.spec.ts';

export default defineConfig({
  testDir: '.',
  testMatch: SUITE === 'a11y' ? A11Y_SPECS : '**/*.spec.ts',
  testIgnore: SUITE === 'flows' ? A11Y_SPECS : undefined,
  // Each run cleans its own output folder at start, so the two must not share one.
  outputDir: SUITE ? `test-results/${SUITE}` : 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    // page.route() never sees what a service worker answers, and a worker left over from one test
    // would answer the next: specs opt in with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node serve.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM to the server's process group: it closes, stops its PostgreSQL and exits (the
    // default would be SIGKILL, leaving a crashed cluster behind).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '1000',
      // Registrations are limited per address: createMember (fixtures.ts) stands for many people
      // by naming its own address in X-Forwarded-For, believed from loopback only.
      TRUST_PROXY: 'loopback',
      PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}`,
      // The moderation spec's first admin (twelve-factor: made admin when they register).
      ADMIN_EMAILS: 'e2e_admin@gmail.com',
      // The browser tests run the embedded default, whatever the unit suite points at.
      DATABASE_URL: '',
      REDIS_URL: '',
      GEOCODER_URL: `http://127.0.0.1:${PORT}/__geocoder-stand-in`,
      // Reset mails go to the SMTP server auth/account.spec.ts runs while it needs them.
      SMTP_URL: `smtp://glimpse:smtp-secret@127.0.0.1:${E2E_SMTP_PORT}`,
      MAIL_FROM: 'Glimpse <no-reply@glimpse.test>',
    },
  },
});
