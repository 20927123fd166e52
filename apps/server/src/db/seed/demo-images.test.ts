import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '@glimpse/shared';
import { AVATAR_PX, renderAvatar, renderScenePhoto, scenesOf, SCENES } from './demo-images.js';
import { DEMO_CAST } from './demo-people.js';
import { flattenOpacity } from './images/svg.js';

/** Mean colour and a coarse 8x8 thumbnail, to tell pictures apart without storing any. */
async function fingerprint(jpeg: Buffer): Promise<number[]> {
  const { data } = await sharp(jpeg)
    .resize(8, 8, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data];
}

const distance = (a: number[], b: number[]) =>
  Math.sqrt(a.reduce((sum, v, i) => sum + (v - b[i]!) ** 2, 0) / a.length);

describe('demo photos', () => {
  it('has three scenes for every category', () => {
    for (const category of CATEGORIES) expect(scenesOf(category)).toHaveLength(3);
    expect(new Set(SCENES.map((s) => s.id)).size).toBe(SCENES.length);
  });

  it('draws every scene as a JPEG at the asked width, the same for the same seed', async () => {
    for (const scene of SCENES) {
      const jpeg = await renderScenePhoto(scene, 11, { scale: 320 / 1080 });
      const meta = await sharp(jpeg).metadata();
      expect([meta.format, meta.width], scene.id).toEqual(['jpeg', 320]);
      expect(scene.alt.length).toBeGreaterThan(20);
    }
    const again = await renderScenePhoto(SCENES[0]!, 11, { scale: 320 / 1080 });
    expect(again.equals(await renderScenePhoto(SCENES[0]!, 11, { scale: 320 / 1080 }))).toBe(true);
  });

  it('gives two photos of one scene a visibly different look', async () => {
    for (const scene of SCENES) {
      const [a, b] = await Promise.all(
        [0, 1].map(async (variant) =>
          fingerprint(await renderScenePhoto(scene, 11, { scale: 320 / 1080, variant })),
        ),
      );
      // Average per-channel difference over an 8x8 thumbnail, out of 255: a different
      // surface, sky or wall, not just grain.
      expect(distance(a!, b!), scene.id).toBeGreaterThan(12);
    }
  });
});

describe('demo portraits', () => {
  it('renders each look as a square portrait, all different', async () => {
    const looks = DEMO_CAST.filter((p) => p.look).slice(0, 8);
    const prints: number[][] = [];
    for (const person of looks) {
      const jpeg = await renderAvatar(person.look!, 3);
      const meta = await sharp(jpeg).metadata();
      expect([meta.width, meta.height]).toEqual([AVATAR_PX, AVATAR_PX]);
      prints.push(await fingerprint(jpeg));
    }
    for (let i = 0; i < prints.length; i++)
      for (let j = i + 1; j < prints.length; j++) expect(distance(prints[i]!, prints[j]!)).toBeGreaterThan(4);
  });
});

describe('flattenOpacity', () => {
  it('moves element opacity onto the paint, keeping strokes and fills apart', () => {
    expect(flattenOpacity('<rect width="4" fill="#000" opacity="0.5"/>')).toBe(
      '<rect width="4" fill="#000" fill-opacity="0.5"/>',
    );
    expect(flattenOpacity('<path d="M0 0" fill="none" stroke="#fff" opacity="0.3"/>')).toBe(
      '<path d="M0 0" fill="none" stroke="#fff" stroke-opacity="0.3"/>',
    );
    expect(flattenOpacity('<g transform="x" opacity="0.2"><circle r="1"/></g>')).toBe(
      '<g transform="x" fill-opacity="0.2" stroke-opacity="0.2"><circle r="1"/></g>',
    );
    // stop-opacity inside gradients is not an element opacity.
    expect(flattenOpacity('<stop offset="0" stop-opacity="0.4"/>')).toBe(
      '<stop offset="0" stop-opacity="0.4"/>',
    );
  });
});
