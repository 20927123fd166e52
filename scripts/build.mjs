#!/usr/bin/env node
// Builds what `npm start` runs: the web app (Vite -> apps/web/dist) and the server (esbuild ->
// apps/server/dist/main.js, one ESM file with packages/shared inlined, dependencies left in
// node_modules, migrations copied beside it). Each is built only when missing or older than its
// sources, unless --force.
//
//   node scripts/build.mjs            build what is stale (used by `npm start`)
//   node scripts/build.mjs --force    rebuild both (`npm run build`)
//   node scripts/build.mjs --install  as the root `prepare` step of `npm install`: a failure
//                                     only warns (`npm start` builds again and shows the error)
//   --only web|server                 one of the two
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

export const SERVER_ENTRY = at('apps/server/dist/main.js');
const WEB_INDEX = at('apps/web/dist/index.html');

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

const isStale = (output, sources) =>
  !fs.existsSync(output) || fs.statSync(output).mtimeMs < Math.max(...sources.map(newestMtime));

const TARGETS = {
  web: {
    output: WEB_INDEX,
    sources: [
      at('apps/web/src'),
      at('apps/web/index.html'),
      at('apps/web/public'),
      at('apps/web/vite.config.ts'),
      at('apps/web/build'),
      at('apps/web/package.json'),
      at('packages/shared/src'),
    ],
    build: buildWeb,
  },
  server: {
    output: SERVER_ENTRY,
    sources: [
      at('apps/server/src'),
      at('apps/server/package.json'),
      at('packages/shared/src'),
      fileURLToPath(import.meta.url),
    ],
    build: buildServer,
  },
};

function buildWeb() {
  const result = spawnSync('npm', ['run', 'build', '-w', '@glimpse/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the web build failed');
}

/**
 * esbuild rather than tsc: @glimpse/shared exports its TypeScript sources (so Vite, Vitest and
 * tsx need no build step of their own); bundling inlines them into the server's one file in a few
 * hundred milliseconds, where tsc would have to emit and re-point two packages.
 */
async function buildServer() {
  const outdir = path.dirname(SERVER_ENTRY);
  fs.rmSync(outdir, { recursive: true, force: true });
  await bundleForNode({
    entry: at('apps/server/src/main.ts'),
    outfile: SERVER_ENTRY,
    inline: (specifier) => specifier === '@glimpse/shared' || specifier.startsWith('@glimpse/shared/'),
  });
  // db/client.ts finds its migrations beside the module that runs it.
  fs.cpSync(at('apps/server/src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
}

/**
 * Bundles a Node entry point into one ESM file with source maps: our TypeScript and the packages
 * `inline` accepts are compiled in, every other package stays an import from node_modules. For
 * the server here and for the bench's server entry (bench/lib/server-process.ts).
 * @param {{ entry: string, outfile: string, inline: (specifier: string) => boolean }} opts
 */
export async function bundleForNode({ entry, outfile, inline }) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'dependencies-stay-in-node-modules',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            inline(args.path) ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  // esbuild's service process would otherwise live on beside the server `npm start` runs.
  await esbuild.stop();
}

/** Builds stale targets; returns the names built. */
export async function build({ force = false, only } = {}) {
  const built = [];
  for (const [name, target] of Object.entries(TARGETS)) {
    if (only && name !== only) continue;
    if (!force && !isStale(target.output, target.sources)) continue;
    const started = Date.now();
    process.stdout.write(`Building the ${name}...\n`);
    await target.build();
    process.stdout.write(`Built the ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    built.push(name);
  }
  return built;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const args = new Set(argv);
  const only = args.has('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
  if (only !== undefined && !(only in TARGETS)) throw new Error('--only takes web or server');
  try {
    await build({ force: args.has('--force'), only });
  } catch (err) {
    if (!args.has('--install')) throw err;
    console.warn(`(npm install) the build did not complete: ${err.message}. \`npm start\` will try again.`);
  }
}
