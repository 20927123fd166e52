import sharp from 'sharp';

/**
 * Demo "photos" drawn locally from SVG (no network): a sky gradient, a sun, layered hills and a
 * few shapes, in a palette picked by `seed`. Good enough to exercise the real media pipeline.
 */

const PALETTES = [
  ['#ff9a8b', '#ff6a88', '#ff99ac', '#2d3561', '#c05c7e'],
  ['#a1c4fd', '#c2e9fb', '#fdfbfb', '#3f5e96', '#6b8cce'],
  ['#fbc2eb', '#a6c1ee', '#fef9d7', '#5b4b8a', '#8e7cc3'],
  ['#f6d365', '#fda085', '#fff1c1', '#7a3e2b', '#c8553d'],
  ['#84fab0', '#8fd3f4', '#e0f7fa', '#1d5c63', '#417d7a'],
  ['#fccb90', '#d57eeb', '#fde2e4', '#3c2a4d', '#7d5a94'],
  ['#43e97b', '#38f9d7', '#eafff5', '#14452f', '#2e8b57'],
  ['#fa709a', '#fee140', '#fff6e0', '#5e2750', '#b8336a'],
] as const;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hillPath(width: number, height: number, baseY: number, amp: number, rand: () => number): string {
  const points: string[] = [`M0 ${height}`, `L0 ${baseY}`];
  const steps = 6;
  for (let i = 1; i <= steps; i++) {
    const x = (width / steps) * i;
    const y = baseY - amp * (0.3 + rand() * 0.7);
    const cx = x - width / steps / 2;
    points.push(`Q${cx.toFixed(0)} ${(y - amp * 0.4).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)}`);
  }
  points.push(`L${width} ${height}`, 'Z');
  return points.join(' ');
}

export async function renderDemoPhoto(
  seed: number,
  opts: { width?: number; height?: number } = {},
): Promise<Buffer> {
  const rand = mulberry32(seed * 7919 + 17);
  const width = opts.width ?? 1080;
  const height = opts.height ?? (rand() < 0.5 ? 1350 : 1080);
  const p = PALETTES[seed % PALETTES.length]!;
  const sunX = (0.2 + rand() * 0.6) * width;
  const sunY = (0.18 + rand() * 0.25) * height;
  const sunR = (0.06 + rand() * 0.08) * width;
  const shapes = Array.from({ length: 5 }, () => {
    const x = rand() * width;
    const y = rand() * height * 0.5;
    const r = 8 + rand() * 30;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="#ffffff" opacity="${(0.15 + rand() * 0.3).toFixed(2)}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p[0]}"/><stop offset="0.6" stop-color="${p[1]}"/><stop offset="1" stop-color="${p[2]}"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  ${shapes}
  <circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${sunR.toFixed(0)}" fill="${p[2]}" opacity="0.9"/>
  <path d="${hillPath(width, height, height * 0.62, height * 0.12, rand)}" fill="${p[4]}" opacity="0.85"/>
  <path d="${hillPath(width, height, height * 0.78, height * 0.1, rand)}" fill="${p[3]}"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
