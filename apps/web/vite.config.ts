import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The Fastify server (apps/server) listens here and also serves the built app from ./dist. */
const API_TARGET = 'http://localhost:4000';

export default defineConfig({
  plugins: [react()],
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
});
