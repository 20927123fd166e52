import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { intArg, type Args } from '../lib/args.js';
import { BENCH_JWT_SECRET } from '../lib/env.js';
import { startServer } from '../lib/server-process.js';

/**
 * Upload memory: `--parallel` members' requests at once, each with `--files` PNGs of `--size`²
 * pixels (default 4 x 5 x 7000², the case from the hardening issue), against a fresh server on an
 * embedded database. Reports the server's RSS before, its peak (VmHWM, the kernel's own
 * high-water mark, and the 250 ms sampler), after, each request's status and time, and the image
 * queue's effect. Measures only.
 */

function vmHwmMiB(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** A PNG of size² pixels that compresses under the 10 MB upload limit but must be fully inflated. */
async function bigPng(size: number, seed: number): Promise<Buffer> {
  const background = { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 31) % 256 };
  const stripe = await sharp({
    create: { width: size, height: 64, channels: 3, background: { r: 255, g: 255, b: 255 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 3, background } })
    .composite([{ input: stripe, top: (seed * 701) % (size - 64), left: 0 }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

function multipartBody(files: Buffer[]): { body: Buffer; type: string } {
  const boundary = `----glimpsebench${Date.now().toString(36)}`;
  const chunks: Buffer[] = [];
  files.forEach((data, i) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="big${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

export async function runUploads(args: Args): Promise<void> {
  const parallel = intArg(args, 'parallel', 4, 1);
  const filesPer = intArg(args, 'files', 5, 1);
  const size = intArg(args, 'size', 7000, 64);
  // `npm start` runs the server with MALLOC_ARENA_MAX=2 on glibc (scripts/start.mjs); so does the
  // bench, unless the environment names another value or --glibc-default asks for glibc's own.
  const arenaMax = args.has('glibc-default') ? undefined : (process.env.MALLOC_ARENA_MAX ?? '2');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-bench-uploads-'));
  fs.chmodSync(dataDir, 0o755);
  console.log(
    `\n== uploads: ${parallel} parallel requests x ${filesPer} PNGs of ${size}x${size}, MALLOC_ARENA_MAX=${arenaMax ?? "(glibc's default)"}`,
  );

  const images: Buffer[] = [];
  for (let i = 0; i < parallel * filesPer; i++) images.push(await bigPng(size, i + 1));
  const mb = images.reduce((n, b) => n + b.length, 0) / 2 ** 20;
  console.log(
    `   made ${images.length} PNGs, ${mb.toFixed(1)} MiB in all (each decodes to ${((size * size * 3) / 2 ** 20).toFixed(0)} MiB of pixels)`,
  );

  const server = await startServer({
    label: 'server (uploads)',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: BENCH_JWT_SECRET,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_DIST: '/nonexistent-glimpse-bench-web',
      ...(process.env.BENCH_SERVER_PORT ? { BENCH_SERVER_PORT: process.env.BENCH_SERVER_PORT } : {}),
      ...(arenaMax ? { MALLOC_ARENA_MAX: arenaMax } : {}),
    },
  });
  try {
    const tokens: string[] = [];
    for (let i = 0; i < parallel; i++) {
      const res = await fetch(`${server.url}/api/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `up${i}@gmail.com`, username: `uploader${i}`, password: 'secret123' }),
      });
      if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
      tokens.push(((await res.json()) as { token: string }).token);
    }
    // Let start-up garbage settle, then measure from here.
    await new Promise((r) => setTimeout(r, 2_000));
    const before = server.rss() ?? 0;
    const hwmBefore = vmHwmMiB(server.pid) ?? 0;
    server.resetPeak();
    const started = performance.now();
    const results = await Promise.all(
      tokens.map(async (token, i) => {
        const { body, type } = multipartBody(images.slice(i * filesPer, (i + 1) * filesPer));
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/posts/upload-media`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': type },
          body,
          signal: AbortSignal.timeout(600_000),
        });
        const text = await res.text();
        return {
          status: res.status,
          ms: performance.now() - t0,
          note: res.status === 200 ? '' : text.slice(0, 120),
        };
      }),
    );
    const wallS = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 1_000));
    const hwm = vmHwmMiB(server.pid) ?? 0;
    console.log(
      `   RSS before ${before.toFixed(0)} MiB (process high-water mark so far ${hwmBefore.toFixed(0)} MiB)`,
    );
    console.log(
      `   RSS peak   ${Math.max(hwm, server.peakRss()).toFixed(0)} MiB (VmHWM ${hwm.toFixed(0)}, sampled ${server.peakRss().toFixed(0)})`,
    );
    console.log(`   RSS after  ${(server.rss() ?? 0).toFixed(0)} MiB`);
    console.log(
      `   ${results.length} requests in ${wallS.toFixed(1)} s: ${results.map((r) => `${r.status} ${(r.ms / 1000).toFixed(1)} s${r.note ? ` (${r.note})` : ''}`).join(', ')}`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
