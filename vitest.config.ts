import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; Playwright specs (e2e/) are never collected here.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Set once for every project (Vitest refuses different values per project in one run):
    // two workers fit the 2-core machine.
    maxWorkers: 2,
  },
});
