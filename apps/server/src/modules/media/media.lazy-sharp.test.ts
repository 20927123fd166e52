import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Imports the app's whole module graph (and the demo seeder's) in a fresh process and reports
 * whether libvips is loaded, before and after the first image: a node that never handles an
 * image must not hold sharp's ~19 MiB.
 */
const PROBE = `
const vipsLoaded = () => process.report.getReport().sharedObjects.some((file) => /sharp|vips/.test(file));
await import('./src/app.ts');
await import('./src/db/seed/demo.ts');
const atStart = vipsLoaded();
const { loadSharp } = await import('./src/modules/media/media.pipeline.ts');
const sharp = await loadSharp();
const again = await loadSharp();
console.log(JSON.stringify({ atStart, afterFirstImage: vipsLoaded(), once: sharp === again, cache: sharp.cache().files.max }));
`;

describe('sharp is loaded with the first image', () => {
  it('is not loaded by the app or the demo seeder at start, and is configured once when it is', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], {
      cwd: serverDir,
      timeout: 60_000,
    });
    const result = JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
    // cache(false) leaves libvips no files to keep open.
    expect(result).toEqual({ atStart: false, afterFirstImage: true, once: true, cache: 0 });
  }, 90_000);
});
