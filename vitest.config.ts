import { defineConfig } from 'vitest/config';

// The server needs Node 22 (federation's library). `npm test` and `npx vitest` run Vitest on the
// Node that `npm install` put in node_modules/.bin; a `vitest` started by another Node stops here.
if (Number(process.versions.node.split('.')[0]) < 22) {
  throw new Error(
    `Vitest is running on Node ${process.version} (${process.execPath}): run it through npm (npm test, npx vitest), which uses the Node 22 in node_modules/.bin`,
  );
}

// One Vitest run covers every workspace; Playwright specs (e2e/) are never collected here.
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/server',
      'apps/web',
      // The repository's own tooling: the lint layer rule proves it rejects wrong-way imports;
      // the web build's own plugins run in Node.
      {
        test: {
          name: 'tooling',
          include: ['eslint.layers.test.js', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
    // Set once for every project (Vitest refuses different values per project in one run):
    // two workers fit the 2-core machine.
    maxWorkers: 2,
  },
});
