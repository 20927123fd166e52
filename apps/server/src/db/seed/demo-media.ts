import type { AppContext } from '../../context.js';
import { processImage, type ProcessedImage } from '../../modules/media/media.pipeline.js';
import { renderAvatar, renderScenePhoto, type AvatarLook, type PhotoScene } from './demo-images.js';

/**
 * The demo's image pool, made once per seed: a few photos per scene and one portrait per member,
 * each drawn and then run through the real upload pipeline (the same WebP variants, ThumbHash and
 * content-addressed keys as a member's upload). Posts then reference these stored files; many
 * posts share one file, as `media_uploads.url` allows.
 */

export interface DemoMedia {
  /** Per photo (`photoKey(scene, variant)`), the processed image. */
  photos: Map<string, ProcessedImage>;
  /** Per member (same order as the looks given), the processed avatar, or null for "initial". */
  avatars: Array<ProcessedImage | null>;
}

/** One photo of the pool: a scene and which of its variants. */
export interface PhotoSpec {
  scene: PhotoScene;
  variant: number;
}

export const photoKey = (sceneId: string, variant: number) => `${sceneId}#${variant}`;

/** Every variant of every scene: the pool a full-size seed uses. */
export function fullPool(scenes: PhotoScene[], photosPerScene: number): PhotoSpec[] {
  return scenes.flatMap((scene) =>
    Array.from({ length: photosPerScene }, (_, variant) => ({ scene, variant })),
  );
}

export interface DemoMediaOptions {
  /** The photos to make: only those the plan's posts use. */
  photos: PhotoSpec[];
  /** Longest side scale of the drawn photos relative to the scene's 1080 px sizes. */
  photoScale: number;
  looks: Array<AvatarLook | undefined>;
  seed: number;
}

/**
 * sharp runs every job on libuv's pool; a few in flight keep both cores busy without holding
 * dozens of decoded images in memory at once.
 */
const CONCURRENCY = 4;

async function runLimited<T>(jobs: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

export async function makeDemoMedia(
  ctx: Pick<AppContext, 'storage'>,
  opts: DemoMediaOptions,
): Promise<DemoMedia> {
  const photoJobs = opts.photos.map(({ scene, variant }) => async () => ({
    key: photoKey(scene.id, variant),
    image: await processImage(
      ctx.storage,
      await renderScenePhoto(scene, opts.seed, { scale: opts.photoScale, variant }),
      { kind: 'post' },
    ),
  }));
  const avatarJobs = opts.looks.map(
    (look, i) => async () =>
      look ? processImage(ctx.storage, await renderAvatar(look, opts.seed + i), { kind: 'avatar' }) : null,
  );
  // Avatars first: they are small, and a stalled pool shows in the profile list first.
  const [avatars, photos] = await Promise.all([
    runLimited(avatarJobs, 1),
    runLimited(photoJobs, CONCURRENCY - 1),
  ]);
  return { photos: new Map(photos.map((p) => [p.key, p.image])), avatars };
}
