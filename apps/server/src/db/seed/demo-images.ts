import type { Category } from '@glimpse/shared';
import { renderAvatarSvg, type AvatarLook } from './images/avatar.js';
import { SCENES, type PhotoScene } from './images/scenes.js';
import { Scene, seededRandom } from './images/svg.js';
import { loadSharp } from '../../modules/media/media.pipeline.js';

/**
 * Demo photos and avatars drawn locally (no network): each category has its own scenes (plates
 * on a table for Food, ridges and sea for Travel, clothes on a rail for Fashion, ...), every one
 * randomised in layout, palette and surface by a seed, then given film grain and a lens
 * vignette so it reads as a photo in a feed grid. The SVG is rendered by sharp (librsvg).
 */

export type { AvatarLook, PhotoScene };
export { SCENES };

/**
 * Film grain strength: ± this many levels of 255, grey (the same on all three channels). Kept
 * faint on purpose: at ±9 the stored WebP files grow fourfold and take 40 % longer to encode.
 */
const GRAIN_LEVELS = 3;
const GRAIN_TABLE_SIZE = 1 << 16;
/** How much the corners darken (0..1), like a real lens. */
const VIGNETTE = 0.3;
const VIGNETTE_STEPS = 1024;
let grainTable: Int8Array | undefined;
let vignetteTable: Float32Array | undefined;

/**
 * The "camera" pass over raw RGB pixels, in place: a lens vignette and film grain. In a JS loop
 * it costs a few milliseconds; as SVG radial gradients or a sharp noise composite it costs
 * 10-35 ms per photo (a radial gradient over the whole frame is librsvg's slowest fill).
 */
function develop(pixels: Buffer, width: number, height: number, channels: number, seed: number): void {
  if (!grainTable) {
    const r = seededRandom(7);
    grainTable = Int8Array.from({ length: GRAIN_TABLE_SIZE }, () =>
      Math.round((r() + r() + r() - 1.5) * GRAIN_LEVELS),
    );
    // Brightness by squared distance from the centre (0 = centre, 1 = corner).
    vignetteTable = Float32Array.from({ length: VIGNETTE_STEPS + 1 }, (_, i) => {
      const d = Math.sqrt(i / VIGNETTE_STEPS);
      const t = Math.min(1, Math.max(0, (d - 0.45) / 0.55));
      return 1 - VIGNETTE * t * t;
    });
  }
  const grain = grainTable;
  const vignette = vignetteTable!;
  const dx2 = Float32Array.from({ length: width }, (_, x) => ((x - width / 2) / (width / 2)) ** 2 / 2);
  let k = (seed * 2654435761) >>> 0;
  let i = 0;
  for (let y = 0; y < height; y++) {
    const dy2 = ((y - height / 2) / (height / 2)) ** 2 / 2;
    for (let x = 0; x < width; x++, i += channels) {
      const light = vignette[Math.min(VIGNETTE_STEPS, Math.round((dx2[x]! + dy2) * VIGNETTE_STEPS))]!;
      k = (k + 40503) >>> 0;
      const g = grain[(k ^ (k >>> 7)) & (GRAIN_TABLE_SIZE - 1)]!;
      for (let c = 0; c < 3; c++) {
        const v = pixels[i + c]! * light + g;
        pixels[i + c] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
}

/** The scenes of one category. */
export function scenesOf(category: Category): PhotoScene[] {
  return SCENES.filter((s) => s.category === category);
}

/**
 * Renders `scene` with layout seed `seed` to a JPEG, as a phone would hand it to the upload form.
 * `scale` shrinks the scene's 1080 px base size (the drawing is resolution-independent).
 */
export async function renderScenePhoto(
  scene: PhotoScene,
  seed: number,
  opts: { scale?: number; variant?: number } = {},
): Promise<Buffer> {
  let h = 0;
  for (const ch of scene.id) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  const variant = opts.variant ?? 0;
  const r = seededRandom((seed * 7919) ^ h ^ (variant * 104729));
  // Variants of one scene also differ in shape: the feed is a masonry grid.
  const [width, height] = scene.sizes[(h + variant) % scene.sizes.length]!;
  const scale = opts.scale ?? 1;
  const canvas = new Scene(Math.round(width * scale), Math.round(height * scale), r, variant);
  scene.draw(canvas);
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(canvas.toString()))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  develop(data, info.width, info.height, info.channels, seed);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** A demo photo for any integer seed (benchmarks use this): the scene cycles with the seed. */
export function renderDemoPhoto(seed: number): Promise<Buffer> {
  const scene = SCENES[Math.abs(seed) % SCENES.length]!;
  return renderScenePhoto(scene, seed, { variant: Math.floor(Math.abs(seed) / SCENES.length) });
}

/**
 * Portraits are drawn on a 400 px canvas and rendered at 200 px: the app shows avatars at 24-120
 * px, and the pipeline then makes the 96 and 200 px crops only (a third of the work of 400 px).
 */
export const AVATAR_PX = 200;

/** A portrait-style avatar (head and shoulders on a soft backdrop) as a JPEG. */
export async function renderAvatar(look: AvatarLook, seed: number): Promise<Buffer> {
  const canvas = new Scene(400, 400, seededRandom(seed));
  renderAvatarSvg(canvas, look);
  const sharp = await loadSharp();
  return sharp(Buffer.from(canvas.toString(AVATAR_PX)))
    .jpeg({ quality: 90 })
    .toBuffer();
}
