import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';

const require = createRequire(import.meta.url);

/** The Fastify server (apps/server) listens here and also serves the built app from ./dist. */
const API_TARGET = 'http://localhost:4000';

/** Kept in step with styles/tokens.css (--color-brand, --color-background light and dark). */
const BRAND = '#e0243f';
const BACKGROUND_LIGHT = '#fafafa';

/**
 * Installable app + service worker (Workbox, generated at build). The worker is registered from
 * the app's own module (`app/UpdatePrompt.tsx`), never by an injected inline script: a strict
 * CSP allows none. What it does:
 * - precaches the shell (index.html, hashed JS/CSS, icons), so the app opens without network;
 *   navigations fall back to the cached index.html (never for /api, /media, /socket.io);
 * - API GETs: network first, the last answer cached per URL for offline reloads (feed pages,
 *   profiles, posts). Workbox routes only match GET, so writes always go to the network;
 * - /media/ images: cache first (content-addressed, so a cached copy is never stale), bounded.
 * A new build waits until the member chooses "Reload to update" (registerType: 'prompt').
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg', 'theme-init.js', 'icons/apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'Glimpse',
    short_name: 'Glimpse',
    description: 'Share photos and moments with the people you follow.',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: BRAND,
    background_color: BACKGROUND_LIGHT,
    categories: ['social', 'photo'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/media\//, /^\/socket\.io/],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Serialized into sw.js: the function may use only its arguments.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin &&
          url.pathname.startsWith('/api/') &&
          url.pathname !== '/api/users/me/export' &&
          !url.pathname.startsWith('/api/health'),
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: 'glimpse-api',
          networkTimeoutSeconds: 10,
          expiration: { maxEntries: 200, maxAgeSeconds: 14 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/'),
        handler: 'CacheFirst',
        method: 'GET',
        options: {
          cacheName: 'glimpse-media',
          expiration: { maxEntries: 500, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

/**
 * React Router 7 publishes only its development build under its package exports (warnings,
 * invariants, dev-only checks: ~3x the size); a production build points at the production files.
 */
function reactRouterProduction(mode: string): { find: RegExp; replacement: string }[] {
  if (mode !== 'production') return [];
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');
  return [{ find: /^react-router$/, replacement: path.join(dist, 'index.mjs') }];
}

/**
 * React Router's production build declares its components by calling `forwardRef` (unannotated)
 * and then sets their `displayName`: both side effects to a bundler, which so keeps <Form> and
 * unstable_HistoryRouter, never used here, with what they call (useSubmit, the form submission
 * helpers: ~3 kB minified) in every first load. Marked pure, and without the names (React reads
 * them in development builds only), the unused ones are left out like any unused function.
 */
function reactRouterPureComponents(): Plugin {
  return {
    name: 'glimpse:react-router-pure-components',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/ },
      handler(code) {
        // Same lines, same line count: the source map stays right to the line.
        const next = code
          .replace(/= (React\d*)\.forwardRef\(/g, '= /* @__PURE__ */ $1.forwardRef(')
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
        return next === code ? null : { code: next, map: null };
      },
    },
  };
}

/** What a chunking function may ask of the module graph (Rolldown's ChunkingContext). */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module `from` reaches by static imports, itself included. */
function staticClosure(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const HOME = fileURLToPath(new URL('./src/features/feed/HomePage.tsx', import.meta.url));

/**
 * /home is where most visits start. Left to itself the bundler splits what Home imports into a
 * dozen chunks shared with other screens, each with its own CSS file: ~20 requests after the
 * Home chunk, each handled in its own task before Home can render, which on a slow phone cost
 * more than their bytes (bench/README.md, "First paint"). Everything Home reaches by static
 * imports and the entry does not carry goes in ONE chunk (and one CSS file); other screens that
 * share those modules load that chunk. Dialogs and the post modal stay on demand (dynamic).
 */
function homeChunk() {
  let members: Set<string> | null = null;
  return {
    // The members are closed under static imports already, minus what the entry carries: those
    // must stay where they are (the default would pull them into this chunk too).
    includeDependenciesRecursively: false,
    // The bundler's timing report names a group by this when `name` is a function.
    debugName: 'home',
    name: (id: string, graph: ModuleGraph): string | null => {
      if (!members) {
        const entry = staticClosure(graph, ENTRY);
        members = new Set([...staticClosure(graph, HOME)].filter((m) => !entry.has(m)));
      }
      return members.has(id) ? 'home' : null;
    },
  };
}

/**
 * Modules that only declare what they export. The text catalogue (src/lib/text.ts), the icon set
 * (src/components/icons.tsx) and the post queries (src/api/queries/posts.ts) re-export files for
 * parts of the app: declared pure, a screen's chunk takes only the parts it uses, where otherwise
 * importing the module would bring every part into the first load (bench/README.md, "Issue 29").
 */
const PURE_MODULES = [
  { test: /\/src\/api\/queries\/posts-more\.ts$/, sideEffects: false },
  { test: /\/src\/lib\/text(\.ts$|\/)/, sideEffects: false },
  { test: /\/src\/components\/icons(\.tsx$|\/)/, sideEffects: false },
];

/**
 * React, React DOM, React Router, TanStack Query and the few app modules every screen's data goes
 * through, in one chunk: left to itself the bundler cut them into four small chunks by which
 * screens share them, each one more request on a visitor's first load of /home
 * (e2e/phone/phone-layout.spec.ts counts them). One file also compresses better than three: the
 * libraries in the entry and Router's chunk apart cost 1 kB more brotli (the import and export
 * lists between them, and no shared window) (bench/README.md, "Issue 29").
 */
const CORE_MODULES = new RegExp(
  [
    '/node_modules/@tanstack/',
    '/node_modules/(react|react-dom|react-router|scheduler)/',
    '/src/api/http\\.ts$',
    '/src/api/queries/(posts|cache-patch)\\.ts$',
    '/src/lib/(text/common|token-storage)\\.ts$',
    '/packages/shared/src/(constants|format-card|messages/realtime)\\.ts$',
  ].join('|'),
);

function coreChunk() {
  return {
    includeDependenciesRecursively: false,
    debugName: 'core',
    name: (id: string): string | null => (CORE_MODULES.test(id) ? 'core' : null),
  };
}

export default defineConfig(({ mode, isSsrBuild }) => ({
  // The server's renderer (src/entry-server.tsx -> dist-ssr/) is imported by the server, never
  // sent: no precompressed copies, no public files (the PWA plugin stays for its virtual modules).
  plugins: isSsrBuild ? [react(), pwa] : [react(), pwa, reactRouterPureComponents(), precompress()],
  publicDir: isSsrBuild ? false : 'public',
  resolve: {
    alias: reactRouterProduction(mode),
  },
  // SPEC §9: public asset base "/".
  base: '/',
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/media': { target: API_TARGET, changeOrigin: true },
      // The browser's Host goes through unchanged: the server lets a socket in only when its
      // Origin is the origin the request reached (or PUBLIC_ORIGIN / CORS_ORIGINS).
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/media': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        sourcemap: true,
        target: 'node22',
        // One file: the server imports it afresh after a rebuild (by a query string), which would
        // otherwise give its chunks and itself two module instances (two routers, two contexts).
        rolldownOptions: { output: { codeSplitting: false } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        // Which chunk and CSS files each page needs: the server links a rendered page's own.
        manifest: true,
        // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: { codeSplitting: { groups: [homeChunk(), coreChunk()] } },
          treeshake: { moduleSideEffects: PURE_MODULES },
        },
      },
  // @glimpse/shared exports TypeScript sources: compiled into the renderer, not imported by Node.
  ssr: { noExternal: ['@glimpse/shared'] },
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
