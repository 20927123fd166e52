import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterEach, expect, it } from 'vitest';
import { precompress } from './precompress';

let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

async function runOn(files: Record<string, string | Buffer>): Promise<string[]> {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-precompress-'));
  for (const [name, data] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, 'dist', name)), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist', name), data);
  }
  const plugin = precompress();
  (plugin.configResolved as (c: ResolvedConfig) => void)({
    root,
    build: { outDir: 'dist' },
  } as ResolvedConfig);
  await (plugin.closeBundle as () => Promise<void>)();
  return fs.readdirSync(path.join(root, 'dist'), { recursive: true }).map(String).sort();
}

it('writes brotli and gzip copies of the text assets that are worth it, and nothing else', async () => {
  const js = `export const t = ${JSON.stringify('photo '.repeat(1000))};`;
  const listed = await runOn({
    'assets/app.js': js,
    'assets/app.js.map': js,
    'assets/tiny.css': 'a{color:red}',
    'assets/photo.webp': Buffer.alloc(4096, 7),
    'index.html': `<!doctype html>${'<p>hi</p>'.repeat(200)}`,
  });
  expect(listed).toEqual([
    'assets',
    'assets/app.js',
    'assets/app.js.br',
    'assets/app.js.gz',
    'assets/app.js.map',
    'assets/photo.webp',
    'assets/tiny.css',
    'index.html',
    'index.html.br',
    'index.html.gz',
  ]);
  const br = fs.readFileSync(path.join(root, 'dist/assets/app.js.br'));
  expect(zlib.brotliDecompressSync(br).toString()).toBe(js);
  expect(br.length).toBeLessThan(js.length / 10);
  expect(zlib.gunzipSync(fs.readFileSync(path.join(root, 'dist/assets/app.js.gz'))).toString()).toBe(js);
});
