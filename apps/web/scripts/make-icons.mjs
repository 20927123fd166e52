/**
 * Draws the install icons of the web manifest from the same mark as favicon.svg, with sharp:
 * `npm run icons -w @glimpse/web` (the PNGs are committed; rerun after changing the mark).
 *   icon-192.png, icon-512.png   rounded square, for "any" purpose
 *   maskable-512.png             full-bleed brand colour, the mark inside the 80 % safe circle
 *   apple-touch-icon.png         180 px, full-bleed (iOS rounds it itself)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const BRAND = '#e0243f';
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

/** The mark (ring + dot) on a 64-unit canvas, scaled by `scale` around the centre. */
function mark(scale) {
  const t = (v) => 32 + (v - 32) * scale;
  return `<circle cx="${t(32)}" cy="${t(33)}" r="${13 * scale}" fill="none" stroke="#fff" stroke-width="${6 * scale}"/>
    <circle cx="${t(46)}" cy="${t(18)}" r="${4 * scale}" fill="#fff"/>`;
}

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="${BRAND}"/>${mark(1)}</svg>`;
// Maskable: launchers crop to any shape inside the centre circle of 80 % diameter.
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/>${mark(scale)}</svg>`;

const icons = [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['maskable-512.png', fullBleed(0.72), 512],
  ['apple-touch-icon.png', fullBleed(0.85), 180],
];

for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(`${name} ${size}x${size}`);
}
