import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress';

const require = createRequire(import.meta.url);

/** The Fastify server (apps/server) listens here and also serves the built app from ./dist. */
const API_TARGET = 'http://localhost:4000';

/**
 * React Router 7 publishes only its development build under its package exports (warnings,
 * invariants, dev-only checks: ~3x the size); a production build points at the production files.
 */
function reactRouterProduction(mode: string): { find: RegExp; replacement: string }[] {
  if (mode !== 'production') return [];
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');
  return [{ find: /^react-router$/, replacement: path.join(dist, 'index.mjs') }];
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), precompress()],
  resolve: { alias: reactRouterProduction(mode) },
  // SPEC §9: public asset base "/".
  base: '/',
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/media': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/media': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 15_000,
    unstubGlobals: true,
    restoreMocks: true,
  },
}));
