import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { afterAll, expect, it } from 'vitest';

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

it('builds the app on React DOM only: the entry holds react-dom/client, no chunk holds Preact', async () => {
  const chunks = await buildChunks();
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
}, 120_000);
