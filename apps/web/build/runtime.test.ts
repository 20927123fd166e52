import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';

const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-runtime-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

/** The modules of every chunk the production build writes, by chunk file name. */
async function buildChunks(): Promise<Rollup.OutputChunk[]> {
  // Vitest sets NODE_ENV=test, which would pick React's development files: build as `npm run build`.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    root: WEB_ROOT,
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return outputs.flatMap((o) => o.output.filter((c): c is Rollup.OutputChunk => c.type === 'chunk'));
}

/**
 * What /home sends a visitor before anything else, brotli-compressed (issue 29: at most 120 kB
 * with React DOM; the rest loads on demand). Measured 119.95 kB (bench/README.md, "Issue 29").
 */
const HOME_FIRST_LOAD_BROTLI_BUDGET = 120_000;

let chunks: Rollup.OutputChunk[];
beforeAll(async () => {
  chunks = await buildChunks();
}, 180_000);

it('builds the app on React DOM only: the entry holds react-dom/client, no chunk holds Preact', () => {
  const entry = chunks.find(
    (c) => c.isEntry && Object.keys(c.modules).some((id) => id.endsWith('src/main.tsx')),
  );
  expect(entry, 'the entry chunk').toBeDefined();

  // What the page loads before anything else: the entry and its static imports.
  const firstLoad = new Set([entry!.fileName, ...entry!.imports]);
  const firstModules = chunks.filter((c) => firstLoad.has(c.fileName)).flatMap((c) => Object.keys(c.modules));
  const inPackage = (id: string, pkg: string) => id.includes(`/node_modules/${pkg}/`);
  expect(
    firstModules.some((id) => inPackage(id, 'react-dom') && id.includes('react-dom-client.production')),
  ).toBe(true);
  expect(firstModules.some((id) => inPackage(id, 'react') && id.includes('react.production'))).toBe(true);

  const everyModule = chunks.flatMap((c) => Object.keys(c.modules));
  expect(everyModule.filter((id) => inPackage(id, 'preact'))).toEqual([]);
  // The files written are those chunks.
  expect(fs.existsSync(path.join(outDir, entry!.fileName))).toBe(true);
});

it("keeps /home's first load for a visitor (entry, its static imports, the Home chunk) within budget", () => {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find(
    (c) => c.isEntry && Object.keys(c.modules).some((id) => id.endsWith('src/main.tsx')),
  );
  const home = chunks.find((c) =>
    Object.keys(c.modules).some((id) => id.endsWith('src/features/feed/HomePage.tsx')),
  );
  expect(entry && home).toBeTruthy();
  // The files a visitor's /home loads at once: the entry, the Home route's chunk, and every chunk
  // either imports statically (transitively), as the page's modulepreload links list them.
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const next of byFile.get(fileName)?.imports ?? []) visit(next);
  };
  visit(entry!.fileName);
  visit(home!.fileName);
  // As sent: the build's own precompressed copies (build/precompress.ts, brotli quality 11); a
  // file too small to be worth compressing has none and goes as it is.
  const sentSize = (f: string) => {
    const br = path.join(outDir, `${f}.br`);
    return fs.statSync(fs.existsSync(br) ? br : path.join(outDir, f)).size;
  };
  const sizes = [...files].map((f) => [f, sentSize(f)] as const);
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  expect(total, sizes.map(([f, size]) => `${f} ${size}`).join(', ')).toBeLessThanOrEqual(
    HOME_FIRST_LOAD_BROTLI_BUDGET,
  );
  // Loaded on demand, never at first: the dialog stack, the socket client.
  const firstModules = [...files].flatMap((f) => Object.keys(byFile.get(f)!.modules));
  expect(firstModules.filter((id) => /@radix-ui|socket\.io-client|engine\.io-client/.test(id))).toEqual([]);
});
